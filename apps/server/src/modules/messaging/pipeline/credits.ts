/**
 * Message credits per account and channel. A send consumes what it will use (SMS: parts per
 * message; email/WhatsApp: one per message); what never reached the network (BLOCKED, NOT_ALLOWED,
 * FAILED before submit, CANCELLED) is refunded.
 *
 * Every take is ONE statement: `update … set balance = balance - n where balance >= n` with its
 * ledger row, so two processes can never spend the same credit and a balance never goes below
 * zero, without a separate select … for update. A direct send (portal, public API) takes its
 * credits as a *hold* in its own short autocommit statement before its transaction, so the
 * account's one balance row is locked for microseconds instead of for the whole send (many
 * concurrent API calls of one account used to queue behind each other's transactions). The send's
 * transaction settles the hold (ledger row `hold` → `send`); a send that fails gives it back at
 * once, and a hold whose process died before settling is given back by the sweep
 * (`releaseStaleHolds`, from the ledger). While a hold is unsettled its send cannot be cancelled
 * (CREDIT_BEING_CONSUMED).
 */
import { type Channel, LOW_CREDIT_DEFAULT, TRIAL_CREDITS } from '@risala/shared/schemas/messages';
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

/** What a take left: the balance after it, and whether it crossed the low-credit threshold first. */
export interface Taken {
  balance: number;
  /** the ledger row of the take (a hold until its send settles it) */
  ledgerId: number | null;
  /** this take brought the balance below the account's threshold and the account was not yet told */
  crossedLow: { threshold: number } | null;
}

type TakeRow = {
  balance: string;
  ledger_id: number | null;
  low_notified: boolean;
  threshold: string;
  plan: string;
  created_at: string;
};

const blocked = (plan: string, createdAt: string) => trialState(plan, trialDaysRemaining(new Date(createdAt))) === 'blocked';

/** The refusal of a take that found no row or too small a balance (read without a lock: the refusal's numbers). */
async function refusal(db: DbOrTx, c: CreditChange): Promise<AppError> {
  const { rows } = await db.execute<{ balance: string; plan: string; created_at: string }>(sql`
    select c.balance, a.plan, a.created_at from credits c join accounts a on a.id = c.account_id
     where c.account_id = ${c.accountId} and c.channel = ${c.channel}`);
  const row = rows[0];
  if (!row || blocked(row.plan, row.created_at)) return new AppError('NO_VALID_PLAN');
  return new AppError('INSUFFICIENT_CREDITS', { params: { balance: Number(row.balance), needed: c.amount } });
}

/** The one statement of a take: the balance row, its ledger row (`reason`), the account's plan. */
async function take(db: DbOrTx, c: CreditChange, reason: 'send' | 'hold'): Promise<TakeRow | null> {
  const { rows } = await db.execute<TakeRow>(sql`
    with u as (
      update credits set balance = balance - ${c.amount}, consumed = consumed + ${c.amount}, updated_at = now(),
             low_notified = low_notified and balance - ${c.amount} < coalesce(low_threshold, ${LOW_CREDIT_DEFAULT[c.channel as Channel] ?? 0})
       where account_id = ${c.accountId} and channel = ${c.channel} and balance >= ${c.amount}
      returning balance, low_notified, coalesce(low_threshold, ${LOW_CREDIT_DEFAULT[c.channel as Channel] ?? 0}) as threshold
    ), l as (
      insert into credit_ledger (account_id, channel, delta, reason, bulk_id, user_id)
      select ${c.accountId}, ${c.channel}, ${-c.amount}, ${reason}, ${c.bulkId ?? null}, ${c.userId ?? null} from u
       where ${c.amount} > 0
      returning id
    )
    select u.balance, (select id from l) as ledger_id, u.low_notified, u.threshold, a.plan, a.created_at::text as created_at
      from u, accounts a where a.id = ${c.accountId}`);
  return rows[0] ?? null;
}

function taken(row: TakeRow, amount: number): Taken {
  const balance = Number(row.balance);
  const threshold = Number(row.threshold);
  const crossed = amount > 0 && !row.low_notified && balance < threshold && balance + amount >= threshold;
  return { balance, ledgerId: row.ledger_id, crossedLow: crossed ? { threshold } : null };
}

/**
 * Takes `amount` credits inside the caller's transaction (campaign batches, inbound replies):
 * NO_VALID_PLAN when the account has no credits for the channel or its trial is past the block
 * point, INSUFFICIENT_CREDITS when the balance is smaller. Returns the balance left. The row stays
 * locked until the caller commits: for the stages' batched takes, not for per-request sends (holdCredits).
 */
export async function reserveCredits(tx: DbOrTx, c: CreditChange): Promise<number> {
  return (await reserveCreditsTaken(tx, c)).balance;
}

export async function reserveCreditsTaken(tx: DbOrTx, c: CreditChange): Promise<Taken> {
  const row = await take(tx, c, 'send');
  if (!row) throw await refusal(tx, c);
  // inside the transaction: the refusal rolls the take back with everything else
  if (blocked(row.plan, row.created_at)) throw new AppError('NO_VALID_PLAN');
  return taken(row, c.amount);
}

/**
 * Takes `amount` credits as a hold, in its own autocommit statement on the pool (not inside a
 * transaction). Its commit need not wait for the WAL flush: the send that settles it commits
 * durably later, which flushes this commit first; a hold lost with a crash is a send that never
 * happened. The caller settles it in the send's transaction or releases it.
 */
export async function holdCredits(db: DbOrTx, c: CreditChange): Promise<Taken> {
  if (c.amount <= 0) throw new Error('holdCredits needs a positive amount');
  const { rows } = await db.execute<TakeRow>(sql`
    with cfg as (select set_config('synchronous_commit', 'off', true)),
    u as (
      update credits set balance = balance - ${c.amount}, consumed = consumed + ${c.amount}, updated_at = now(),
             low_notified = low_notified and balance - ${c.amount} < coalesce(low_threshold, ${LOW_CREDIT_DEFAULT[c.channel as Channel] ?? 0})
       where account_id = ${c.accountId} and channel = ${c.channel} and balance >= ${c.amount}
         and exists (select 1 from cfg)
      returning balance, low_notified, coalesce(low_threshold, ${LOW_CREDIT_DEFAULT[c.channel as Channel] ?? 0}) as threshold
    ), l as (
      insert into credit_ledger (account_id, channel, delta, reason, bulk_id, user_id)
      select ${c.accountId}, ${c.channel}, ${-c.amount}, 'hold', ${c.bulkId ?? null}, ${c.userId ?? null} from u
      returning id
    )
    select u.balance, (select id from l) as ledger_id, u.low_notified, u.threshold, a.plan, a.created_at::text as created_at
      from u, accounts a where a.id = ${c.accountId}`);
  const row = rows[0];
  if (!row) throw await refusal(db, c);
  const t = taken(row, c.amount);
  if (blocked(row.plan, row.created_at)) {
    await releaseHold(db, c.accountId, t.ledgerId as number);
    throw new AppError('NO_VALID_PLAN');
  }
  return t;
}

/**
 * The send's transaction makes its hold a consumption. False when the hold is gone (the sweep gave
 * it back: the send must not go ahead without its credits).
 */
export async function settleHold(tx: DbOrTx, accountId: number, ledgerId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update credit_ledger set reason = 'send' where id = ${ledgerId} and account_id = ${accountId} and reason = 'hold' returning id`);
  return rows.length > 0;
}

/**
 * Gives a hold back (its send failed, or its process died): the hold row becomes `hold_void` and a
 * refund row puts the credits back, in one statement; a hold already settled or released is left alone.
 */
export async function releaseHold(db: DbOrTx, accountId: number, ledgerId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    with h as (
      update credit_ledger set reason = 'hold_void'
       where id = ${ledgerId} and account_id = ${accountId} and reason = 'hold'
      returning account_id, channel, -delta as amount, bulk_id, user_id
    ), c as (
      update credits set balance = credits.balance + h.amount, consumed = greatest(0, credits.consumed - h.amount), updated_at = now()
        from h where credits.account_id = h.account_id and credits.channel = h.channel
      returning 1
    )
    insert into credit_ledger (account_id, channel, delta, reason, bulk_id, user_id)
    select account_id, channel, amount, 'refund', bulk_id, user_id from h
    returning id`);
  return rows.length > 0;
}

/** Holds older than `minutes` whose process never settled nor released them go back (the sweep). */
export async function releaseStaleHolds(db: DbOrTx, minutes = 10): Promise<number> {
  const { rows } = await db.execute<{ id: number; account_id: number }>(sql`
    select id, account_id from credit_ledger
     where reason = 'hold' and created_at < now() - make_interval(mins => ${minutes}) limit 1000`);
  let released = 0;
  for (const r of rows) if (await releaseHold(db, Number(r.account_id), Number(r.id))) released += 1;
  return released;
}

/** Whether a send's credits are still an unsettled hold (its transaction is running). */
export async function holdPending(db: DbOrTx, accountId: number, bulkId: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from credit_ledger where account_id = ${accountId} and bulk_id = ${bulkId} and reason = 'hold' limit 1`,
  );
  return rows.length > 0;
}

/**
 * Claims the one low-credit notice of a crossing (two takes crossing together: one wins). The
 * flag is cleared by the first take that leaves the balance at or above the threshold again (after
 * a top-up or a plan's credits, whichever way they were added) and by addCredits.
 */
export async function claimLowNotice(db: DbOrTx, accountId: number, channel: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update credits set low_notified = true where account_id = ${accountId} and channel = ${channel} and not low_notified returning 1`);
  return rows.length > 0;
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

/**
 * Adds bought or granted credits (a top-up pack, a plan's included credits): the low-credit notice
 * is armed again once the balance is back at or above the threshold.
 */
export async function addCredits(tx: DbOrTx, c: CreditChange & { reason: 'top_up' | 'plan_grant' }): Promise<number> {
  const { rows } = await tx.execute<{ balance: string }>(sql`
    insert into credits as c (account_id, channel, balance) values (${c.accountId}, ${c.channel}, ${c.amount})
    on conflict (account_id, channel) do update set balance = c.balance + excluded.balance, updated_at = now(),
      low_notified = c.low_notified and c.balance + excluded.balance < coalesce(c.low_threshold, ${LOW_CREDIT_DEFAULT[c.channel as Channel] ?? 0})
    returning balance`);
  await tx.execute(sql`
    insert into credit_ledger (account_id, channel, delta, reason, bulk_id, user_id)
    values (${c.accountId}, ${c.channel}, ${c.amount}, ${c.reason}, ${c.bulkId ?? null}, ${c.userId ?? null})`);
  return Number(rows[0]?.balance ?? 0);
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
