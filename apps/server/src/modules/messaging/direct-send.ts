/**
 * The one seam every channel's direct send goes through (the New message screens, the API, test
 * sends): a channel prepares its messages — recipients from `resolveRecipients`, texts from the
 * one renderer (`customerValues` + renderVariables) — and this file estimates (nothing written) or
 * sends (messages, credits and jobs in one transaction). The channels differ only in their sender,
 * their content and what one message costs.
 */
import { randomUUID } from 'node:crypto';
import type { Channel, SendResult } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthContext } from '../auth/index.ts';
import { assertSendingAllowed } from '../billing/index.ts';
import { commitSend } from './pipeline/commit-send.ts';
import type { NewMessage } from './pipeline/contracts.ts';

export interface PreparedSend {
  result: SendResult;
  rows: NewMessage[];
}

/** A channel's part of a send: what it would create for `bulkId` (null: an estimate). */
export type Prepare<I> = (db: DbOrTx, auth: AuthContext, input: I, bulkId: string | null) => Promise<PreparedSend>;

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
  return (await prepare(ctx.db, auth, input, null)).result;
}

/** Credits reserved, messages created and queued (or scheduled) in one transaction. */
export async function sendDirect<I>(
  ctx: AppContext,
  auth: AuthContext,
  channel: Channel,
  prepare: Prepare<I>,
  input: I,
): Promise<DirectSendResult> {
  const bulkId = randomUUID();
  return ctx.db.transaction(async (tx) => {
    // an account suspended for an overdue payment sends nothing until it pays (BILLING_SUSPENDED)
    await assertSendingAllowed(tx, auth.accountId);
    const { result, rows } = await prepare(tx, auth, input, bulkId);
    if (rows.length === 0) return { ...result, bulk_id: null, message_ids: [] };
    const ids = await commitSend(ctx, tx, auth, { channel, bulkId, result, rows });
    return { ...result, message_ids: ids.length <= 100 ? ids : [] };
  });
}
