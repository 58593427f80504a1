/**
 * A/B test: A and B each went to split_percent of the audience. `after_hours` after the launch the
 * winner is the variant with the better rate of the chosen metric — delivery (DELIVERED or READ),
 * open (read_at: email pixel or WhatsApp READ) or click (clicked_at) — over the messages it
 * created, as the rollups count them (ties go to A), and a REST batch sends the winner's content
 * to everyone else.
 */
import type { Channel } from '@risala/shared/schemas/messages';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { campaigns } from '../../db/schema/index.ts';
import { buildAudience, countAudience } from './audience.ts';
import * as repo from './campaigns.repo.ts';
import { campaignBatchFigures } from '../analytics/index.ts';
import { abOf, audienceOf } from './campaigns.service.ts';
import { insertBatch, queueBatchStart } from './deploy.service.ts';
import type { BatchRow } from './execution.ts';
import { abResultOf } from './report.service.ts';

export interface VariantRate {
  variant: string;
  messages: number;
  hits: number;
  rate: number;
}

/** A and B on the test's metric, from the rollups: the figures the report shows. */
export async function variantRates(
  ctx: AppContext,
  accountId: number,
  campaignId: number,
  ab: NonNullable<ReturnType<typeof abOf>>,
): Promise<VariantRate[]> {
  const [figures, { rows }] = await Promise.all([
    campaignBatchFigures(ctx.db, accountId, campaignId),
    ctx.db.execute<{ id: number; variant: 'A' | 'B' }>(sql`
      select id, variant from batches where account_id = ${accountId} and campaign_id = ${campaignId} and variant in ('A', 'B')`),
  ]);
  const variants = new Map(rows.map((b) => [Number(b.id), b.variant]));
  return abResultOf(figures, variants, ab, null).variants;
}

/** Picks the winner (when due, or now with `force`) and queues the REST batch. Returns the winner or null. */
export async function decideWinner(ctx: AppContext, campaignId: number, force = false): Promise<'A' | 'B' | null> {
  const [c] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  const ab = c ? abOf(c) : null;
  if (!c || !ab || ab.winner || (c.status !== 'RUNNING' && c.status !== 'PAUSED')) return null;
  if (!force && (!c.launched_at || c.launched_at.getTime() + ab.after_hours * 3_600_000 > Date.now())) return null;
  const rates = await variantRates(ctx, c.account_id, campaignId, ab);
  const a = rates.find((r) => r.variant === 'A')?.rate ?? 0;
  const b = rates.find((r) => r.variant === 'B')?.rate ?? 0;
  const winner = b > a ? 'B' : 'A';
  return ctx.db.transaction(async (tx) => {
    const locked = await repo.findCampaign(tx, c.account_id, campaignId, true);
    if (!locked || abOf(locked)?.winner) return null;
    const { rows } = await tx.execute<BatchRow & Record<string, unknown>>(sql`
      select * from batches where campaign_id = ${campaignId} and variant = 'A' order by id limit 1`);
    const first = rows[0];
    const audience = await buildAudience(tx, c.account_id, audienceOf(c), c.channels as Channel[], ab.split_percent);
    const count = await countAudience(tx, audience);
    const rest = count.by_variant.filter((v) => v.variant === 'REST').reduce((n, v) => n + v.count, 0);
    const id = await insertBatch(tx, {
      account_id: c.account_id,
      campaign_id: campaignId,
      variant: 'REST',
      message_count: rest,
      message_cost: '0',
      scheduled_at: null,
      // the campaign was approved as a whole: the remainder inherits its batches' review
      approval_status: first?.approval_status ?? null,
      requires_gateway_review: first?.requires_gateway_review ?? false,
    });
    if (first?.gateway_status)
      await tx.execute(
        sql`update batches set gateway_status = ${first.gateway_status}, gateway_reviewer = ${first.gateway_reviewer as number | null} where id = ${id}`,
      );
    await repo.updateCampaign(tx, c.account_id, campaignId, {
      ab_test: { ...ab, winner, decided_at: new Date().toISOString(), rates },
    });
    await queueBatchStart(ctx, tx, id, null);
    return winner;
  });
}
