/**
 * Metering: requests and tokens per account, UTC day, feature and payer, and the daily cap on the
 * instance's model (AI_DAILY_TOKEN_CAP, AI_DAILY_REQUEST_CAP). The built-in engine costs nothing and
 * an account's own key is its own bill: neither is capped. Later AI features (plans, content) meter
 * through the same two functions with their own `feature`.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Billing } from './provider.ts';

/** What the tokens were spent on (the settings screen and the daily cap count them all). */
export type AiFeature = 'chat' | 'plan' | 'insights' | 'content';

export async function usageToday(db: DbOrTx, accountId: number, billing?: Billing) {
  const { rows } = await db.execute<{ requests: number; tokens: number }>(sql`
    select coalesce(sum(requests), 0)::int as requests, coalesce(sum(prompt_tokens + completion_tokens), 0)::bigint as tokens
      from ai_usage_daily where account_id = ${accountId} and day = (now() at time zone 'UTC')::date
       ${billing ? sql`and billing = ${billing}` : sql``}`);
  return { requests: Number(rows[0]?.requests ?? 0), tokens: Number(rows[0]?.tokens ?? 0) };
}

/** AI_DAILY_LIMIT when the account has used today's allowance of the instance's model. */
export async function checkDailyCap(ctx: AppContext, accountId: number, billing: Billing) {
  if (billing !== 'instance') return;
  const { dailyTokenCap, dailyRequestCap } = ctx.config.ai;
  if (!dailyTokenCap && !dailyRequestCap) return;
  const used = await usageToday(ctx.db, accountId, 'instance');
  if (dailyTokenCap && used.tokens >= dailyTokenCap) {
    throw new AppError('AI_DAILY_LIMIT', { params: { used: used.tokens, cap: dailyTokenCap } });
  }
  if (dailyRequestCap && used.requests >= dailyRequestCap) {
    throw new AppError('AI_DAILY_LIMIT', { params: { used: used.tokens, cap: dailyTokenCap ?? 0 } });
  }
}

export async function recordUsage(
  db: DbOrTx,
  accountId: number,
  u: { feature: AiFeature; billing: Billing; prompt_tokens: number; completion_tokens: number },
) {
  await db.execute(sql`
    insert into ai_usage_daily (account_id, day, feature, billing, requests, prompt_tokens, completion_tokens)
    values (${accountId}, (now() at time zone 'UTC')::date, ${u.feature}, ${u.billing}, 1, ${u.prompt_tokens}, ${u.completion_tokens})
    on conflict (account_id, day, feature, billing) do update set
      requests = ai_usage_daily.requests + 1,
      prompt_tokens = ai_usage_daily.prompt_tokens + excluded.prompt_tokens,
      completion_tokens = ai_usage_daily.completion_tokens + excluded.completion_tokens`);
}
