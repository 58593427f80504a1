/**
 * SQL of messages over years (retention.ts): each account's redaction watermark, the batches that
 * take a message's content away, and the monthly partitions that can be archived.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface RedactionDue {
  account_id: number;
  /** redaction starts here: the watermark, or the account's oldest message */
  from: Date | null;
  /** messages created before this are past the plan's retention */
  cutoff: Date;
}

/**
 * Accounts with messages past their plan's retention that are not redacted yet (unknown plans read
 * as `free`). Retention is kept to the day: an account is due again once its watermark is a day
 * behind its cutoff, so an hourly run does not come back for the last hour's few messages.
 */
export async function redactionsDue(db: DbOrTx): Promise<RedactionDue[]> {
  const { rows } = await db.execute<{ account_id: number; from: string | null; cutoff: string }>(sql`
    with due as (
      select a.id, a.messages_redacted_before as watermark,
             now() - make_interval(months => coalesce(p.message_retention_months,
               (select message_retention_months from plans where key = 'free'), 12)) as cutoff
        from accounts a left join plans p on p.key = a.plan)
    select id as account_id, cutoff::text as cutoff,
           coalesce(watermark, (select min(created_at) from messages m where m.account_id = due.id))::text as "from"
      from due
     where watermark is null or watermark < cutoff - interval '1 day'`);
  return rows.map((r) => ({ account_id: r.account_id, from: r.from ? new Date(r.from) : null, cutoff: new Date(r.cutoff) }));
}

/** The first of the account's messages created at or after `at` and before `cutoff` (null: none), to skip empty days. */
export async function nextMessageAt(db: DbOrTx, accountId: number, at: Date, cutoff: Date): Promise<Date | null> {
  const { rows } = await db.execute<{ at: string | null }>(sql`
    select min(created_at)::text as at from messages
     where account_id = ${accountId} and created_at >= ${at.toISOString()}::timestamptz and created_at < ${cutoff.toISOString()}::timestamptz`);
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

export async function setRedactedBefore(db: DbOrTx, accountId: number, before: Date): Promise<void> {
  await db.execute(sql`update accounts set messages_redacted_before = ${before.toISOString()}::timestamptz where id = ${accountId}`);
}

/** The monthly partitions (`messages_YYYY_MM`) that end on or before `before`, oldest first. */
export async function partitionsEndingBefore(db: DbOrTx, before: Date): Promise<string[]> {
  const { rows } = await db.execute<{ name: string; month: string }>(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'messages'::regclass and c.relname ~ '^messages_[0-9]{4}_[0-9]{2}$'
       and (to_date(substr(c.relname, 10), 'YYYY_MM') + interval '1 month') <= ${before.toISOString()}::timestamptz
     order by c.relname`);
  return rows.map((r) => r.name);
}

/** Detaches and drops one archived monthly partition (its rows' rollups stay: a dropped table fires no trigger). */
export async function dropPartition(db: DbOrTx, name: string): Promise<void> {
  if (!/^messages_\d{4}_\d{2}$/.test(name)) throw new Error(`not a monthly messages partition: ${name}`);
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`alter table messages detach partition "${name}"`));
    await tx.execute(sql.raw(`drop table "${name}"`));
  });
}
