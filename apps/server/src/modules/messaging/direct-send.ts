/**
 * The one seam every channel's direct send goes through (the New message screens, the API, test
 * sends): a channel prepares its messages — recipients from `resolveRecipients`, texts from the
 * one renderer (`customerValues` + renderVariables) — and this file estimates (nothing written) or
 * sends (messages, credits and jobs in one transaction). The channels differ only in their sender,
 * their content and what one message costs.
 */
import { randomUUID } from 'node:crypto';
import type { SaudiOperator } from '@risala/shared/destination';
import type { Channel, SendResult } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthContext } from '../auth/index.ts';
import { assertSendingAllowed } from '../billing/index.ts';
import { commitSend, commitSmallSend } from './pipeline/commit-send.ts';
import { holdCredits, releaseHold } from './pipeline/credits.ts';
import { noticeLowCreditsAfter } from './pipeline/low-credit.ts';
import type { NewMessage } from './pipeline/contracts.ts';

export interface PreparedSend {
  result: SendResult;
  rows: NewMessage[];
}

/** What a send's parts cost: the plan's rates are read per send, the home network is the platform's. */
export interface Pricing {
  homeOperator: SaudiOperator;
}

/** A channel's part of a send: what it would create for `bulkId` (null: an estimate). */
export type Prepare<I> = (db: DbOrTx, auth: AuthContext, input: I, bulkId: string | null, pricing: Pricing) => Promise<PreparedSend>;

export type DirectSendResult = SendResult & { message_ids: number[] };

/** The account's credit balance for a channel. */
export async function balanceOf(db: DbOrTx, accountId: number, channel: Channel): Promise<number> {
  const { rows } = await db.execute<{ balance: string }>(
    sql`select balance from credits where account_id = ${accountId} and channel = ${channel}`,
  );
  return Number(rows[0]?.balance ?? 0);
}

/** What a send would create and cost; nothing is written. */
export async function estimateDirect<I>(ctx: AppContext, auth: AuthContext, prepare: Prepare<I>, input: I): Promise<SendResult> {
  return (await prepare(ctx.db, auth, input, null, { homeOperator: ctx.config.smsHomeOperator })).result;
}

/**
 * The send is prepared (reads only), its credits held in one short statement (credits.ts: the
 * account's balance row is not locked for the length of the send, so concurrent sends of one
 * account do not queue behind each other), then messages are created and queued (or scheduled)
 * and the hold settled in one transaction; a send that fails gives its hold back at once.
 */
export async function sendDirect<I>(
  ctx: AppContext,
  auth: AuthContext,
  channel: Channel,
  prepare: Prepare<I>,
  input: I,
): Promise<DirectSendResult> {
  const bulkId = randomUUID();
  // an account suspended for an overdue payment sends nothing until it pays (BILLING_SUSPENDED)
  await assertSendingAllowed(ctx.db, auth.accountId);
  const { result, rows } = await prepare(ctx.db, auth, input, bulkId, { homeOperator: ctx.config.smsHomeOperator });
  if (rows.length === 0) return { ...result, bulk_id: null, message_ids: [] };
  const hold =
    result.credits > 0
      ? await holdCredits(ctx.db, { accountId: auth.accountId, channel, amount: result.credits, bulkId, userId: auth.userId })
      : null;
  if (hold) result.balance = hold.balance;
  let ids: number[];
  try {
    ids =
      (hold?.ledgerId ? await commitSmallSend(ctx, auth.accountId, { result, rows, holdId: hold.ledgerId }) : null) ??
      (await ctx.db.transaction((tx) => commitSend(ctx, tx, auth, { channel, bulkId, result, rows, holdId: hold?.ledgerId ?? null })));
  } catch (err) {
    if (hold?.ledgerId) {
      await releaseHold(ctx.db, auth.accountId, hold.ledgerId).catch((e) =>
        ctx.log.error({ err: e, bulkId }, 'a failed send could not give its credits back now: the sweep will'),
      );
    }
    throw err;
  }
  if (hold?.crossedLow) await noticeLowCreditsAfter(ctx, auth.accountId, channel, hold.balance, hold.crossedLow.threshold);
  return { ...result, message_ids: ids.length <= 100 ? ids : [] };
}
