/**
 * Message credits per account and channel. A send reserves what it will consume (SMS: parts per
 * message; email/WhatsApp: one per message) inside the transaction that creates the messages; what
 * never reached the network (BLOCKED, NOT_ALLOWED, FAILED before submit, CANCELLED) is refunded.
 */
import { type Channel, TRIAL_CREDITS } from '@risala/shared/schemas/messages';
import { trialDaysRemaining, trialState } from '@risala/shared/trial';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';

export interface CreditChange {
  accountId: number;
  channel: Channel | string;
  amount: number;
  bulkId?: string | null;
  userId?: number | null;
}

/**
 * Takes `amount` credits (locks the balance row): NO_VALID_PLAN when the account has no credits for
 * the channel or its trial is past the block point, INSUFFICIENT_CREDITS when the balance is
 * smaller. Returns the balance left.
 */
export async function reserveCredits(tx: DbOrTx, c: CreditChange): Promise<number> {
  const { rows } = await tx.execute<{ balance: string; plan: string; created_at: string }>(sql`
    select c.balance, a.plan, a.created_at from credits c join accounts a on a.id = c.account_id
     where c.account_id = ${c.accountId} and c.channel = ${c.channel} for update of c`);
  const row = rows[0];
  if (!row || trialState(row.plan, trialDaysRemaining(new Date(row.created_at))) === 'blocked') throw new AppError('NO_VALID_PLAN');
  const balance = Number(row.balance);
  if (balance < c.amount) throw new AppError('INSUFFICIENT_CREDITS', { params: { balance, needed: c.amount } });
  if (c.amount === 0) return balance;
  await tx.execute(sql`
    update credits set balance = balance - ${c.amount}, consumed = consumed + ${c.amount}, updated_at = now()
     where account_id = ${c.accountId} and channel = ${c.channel}`);
  await tx.execute(sql`
    insert into credit_ledger (account_id, channel, delta, reason, bulk_id, user_id)
    values (${c.accountId}, ${c.channel}, ${-c.amount}, 'send', ${c.bulkId ?? null}, ${c.userId ?? null})`);
  return balance - c.amount;
}

/** Gives credits back (messages that never reached the network). */
export async function refundCredits(tx: DbOrTx, c: CreditChange): Promise<void> {
  if (c.amount <= 0) return;
  await tx.execute(sql`
    update credits set balance = balance + ${c.amount}, consumed = greatest(0, consumed - ${c.amount}), updated_at = now()
     where account_id = ${c.accountId} and channel = ${c.channel}`);
  await tx.execute(sql`
    insert into credit_ledger (account_id, channel, delta, reason, bulk_id, user_id)
    values (${c.accountId}, ${c.channel}, ${c.amount}, 'refund', ${c.bulkId ?? null}, ${c.userId ?? null})`);
}

/** Refunds the credits of messages just moved to a state that never reached the network, grouped by bulk. */
export async function refundMessages(tx: DbOrTx, rows: { account_id: number; channel: string; bulk_id: string; credits: number }[]) {
  const groups = new Map<string, CreditChange>();
  for (const r of rows) {
    if (r.credits <= 0) continue;
    const key = `${r.account_id}\u0000${r.channel}\u0000${r.bulk_id}`;
    const g = groups.get(key) ?? { accountId: r.account_id, channel: r.channel, amount: 0, bulkId: r.bulk_id };
    g.amount += r.credits;
    groups.set(key, g);
  }
  for (const g of groups.values()) await refundCredits(tx, g);
}

/** A new account's trial credits, one row per channel (idempotent). */
export async function grantTrialCredits(tx: DbOrTx, accountId: number): Promise<void> {
  const channels = Object.keys(TRIAL_CREDITS) as Channel[];
  const { rows } = await tx.execute<{ channel: string; balance: number }>(sql`
    insert into credits (account_id, channel, balance)
    select ${accountId}, ch, amount from unnest(${sql.param(channels)}::text[], ${sql.param(channels.map((c) => TRIAL_CREDITS[c]))}::bigint[]) as t(ch, amount)
    on conflict do nothing returning channel, balance`);
  for (const r of rows) {
    await tx.execute(
      sql`insert into credit_ledger (account_id, channel, delta, reason) values (${accountId}, ${r.channel}, ${r.balance}, 'trial_grant')`,
    );
  }
}
