/**
 * Many single SMS at once, each with its own number, text and sender (the SMPP server for clients:
 * a window of submit_sm arrives within milliseconds). The same rules as `sendSms` — an ACTIVE
 * sender of the account, numbers in international form, the text rendered by the one renderer and
 * counted per part, credits reserved per part — and the same end (`commitSend`: messages into the
 * router queue, the router, filters and connections after it). One transaction, one send (bulk)
 * per call; an item that cannot go (bad number, unknown sender) is answered on its own and the
 * others still go. `after` runs in the same transaction with the new ids (so whatever the caller
 * keeps about them commits with them).
 */
import { randomUUID } from 'node:crypto';
import { normalizeMobile } from '@risala/shared/schemas/customers';
import type { SendResult } from '@risala/shared/schemas/messages';
import { renderVariables } from '@risala/shared/schemas/templates';
import { countSms } from '@risala/shared/sms';
import { partsCost } from '@risala/shared/destination';
import { minorToDecimal } from '@risala/shared/money';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { findDefaultSmsSender } from '../senders/index.ts';
import { assertSendingAllowed, planOf } from '../billing/index.ts';
import { commitSend } from './pipeline/commit-send.ts';
import { holdCredits, releaseHold } from './pipeline/credits.ts';
import { noticeLowCreditsAfter } from './pipeline/low-credit.ts';
import type { NewMessage } from './pipeline/contracts.ts';

export interface SmsItem {
  to: string;
  text: string;
  /** the sender id as text (an SMPP source_addr); empty: the account's default sender */
  sender: string;
}

export type SmsItemResult = { ok: true; id: number; parts: number } | { ok: false; code: 'INVALID_NUMBER' | 'SENDER_NOT_ALLOWED' };

type SenderRow = {
  id: number;
  sender_id: string;
  status: string;
};

/** The account's senders by their text, ACTIVE ones only (one query for the distinct names). */
async function sendersByName(db: DbOrTx, accountId: number, names: string[]): Promise<Map<string, SenderRow>> {
  const found = new Map<string, SenderRow>();
  const named = names.filter(Boolean);
  if (named.length) {
    const { rows } = await db.execute<SenderRow>(
      sql`select id, sender_id, status from sms_senders
           where account_id = ${accountId} and sender_id = any(${sql.param(named)}::text[]) and status = 'ACTIVE'`,
    );
    for (const r of rows) found.set(r.sender_id, r);
  }
  if (names.includes('')) {
    const row = await findDefaultSmsSender(db, accountId);
    if (row?.status === 'ACTIVE') found.set('', { id: row.id, sender_id: row.sender_id, status: row.status });
  }
  return found;
}

export async function sendSmsItems(
  ctx: AppContext,
  auth: AuthContext,
  items: SmsItem[],
  after?: (tx: DbOrTx, sent: { index: number; id: number }[]) => Promise<void>,
): Promise<SmsItemResult[]> {
  const bulkId = randomUUID();
  // an account suspended for an overdue payment sends nothing until it pays (BILLING_SUSPENDED)
  await assertSendingAllowed(ctx.db, auth.accountId);
  const senders = await sendersByName(ctx.db, auth.accountId, [...new Set(items.map((i) => i.sender))]);
  const plan = await planOf(ctx.db, auth.plan);
  const rates = { on_net: plan.on_net_rate, off_net: plan.off_net_rate, international: plan.international_rate, currency: plan.currency };
  const results: (SmsItemResult | null)[] = [];
  const rows: NewMessage[] = [];
  const indexes: number[] = [];
  let credits = 0;
  let costMinor = 0;
  for (const [index, item] of items.entries()) {
    const sender = senders.get(item.sender);
    const number = normalizeMobile(item.to);
    if (!sender) {
      results.push({ ok: false, code: 'SENDER_NOT_ALLOWED' });
      continue;
    }
    if (!number) {
      results.push({ ok: false, code: 'INVALID_NUMBER' });
      continue;
    }
    const body = renderVariables(item.text, {}, undefined, { isolate: true });
    const count = countSms(body);
    // each part at the rate of the number's destination class, as every SMS send
    const cost = partsCost(number, count.parts, rates, ctx.config.smsHomeOperator);
    credits += count.parts;
    costMinor += cost;
    indexes.push(index);
    rows.push({
      account_id: auth.accountId,
      user_id: auth.userId,
      channel: 'sms',
      status: 'PENDING',
      bulk_id: bulkId,
      customer_id: null,
      recipient: number,
      sender: sender.sender_id,
      sms_sender_id: sender.id,
      template_id: null,
      body,
      encoding: count.encoding,
      parts: count.parts,
      credits: count.parts,
      cost: minorToDecimal(cost),
      scheduled_at: null,
    });
    results.push(null);
  }
  if (rows.length === 0) return results as SmsItemResult[];
  // the credits are held in one statement before the send's transaction, as for every direct send
  const hold = await holdCredits(ctx.db, { accountId: auth.accountId, channel: 'sms', amount: credits, bulkId, userId: auth.userId });
  const result: SendResult = {
    bulk_id: bulkId,
    accepted: rows.length,
    skipped: { invalid: 0, no_consent: 0, blacklisted: 0, duplicate: 0 },
    not_allowed: 0,
    parts: Math.max(...rows.map((r) => r.parts ?? 1)),
    encoding: null,
    credits,
    balance: hold.balance,
    cost: minorToDecimal(costMinor),
    cost_minor: costMinor,
    currency: plan.currency,
    scheduled_at: null,
  };
  let answered: SmsItemResult[];
  try {
    answered = await ctx.db.transaction(async (tx) => {
      const ids = await commitSend(ctx, tx, auth, { channel: 'sms', bulkId, result, rows, holdId: hold.ledgerId ?? null });
      if (ids.length !== rows.length) throw new AppError('INTERNAL_ERROR');
      const sent = ids.map((id, i) => ({ index: indexes[i] as number, id: Number(id) }));
      for (const [i, s] of sent.entries()) results[s.index] = { ok: true, id: s.id, parts: rows[i]?.parts ?? 1 };
      await after?.(tx, sent);
      return results as SmsItemResult[];
    });
  } catch (err) {
    if (hold.ledgerId) {
      await releaseHold(ctx.db, auth.accountId, hold.ledgerId).catch((e) =>
        ctx.log.error({ err: e, bulkId }, 'a failed send could not give its credits back now: the sweep will'),
      );
    }
    throw err;
  }
  if (hold.crossedLow) await noticeLowCreditsAfter(ctx, auth.accountId, 'sms', hold.balance, hold.crossedLow.threshold);
  return answered;
}
