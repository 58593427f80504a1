/**
 * The SMPP server's SQL: what a submit asked for (its receipt), receipts waiting for a receiver
 * bind, their lease while a deliver_sm is out, and the sweep that keeps both tables bounded.
 * The capture runs wherever message states change (a transaction or the pipeline's pool).
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client.ts';

export type Runner = DbOrTx | pg.Pool;
const dialect = new PgDialect();

async function run<T>(db: Runner, q: SQL): Promise<T[]> {
  if ('execute' in db) return (await db.execute(q)).rows as T[];
  const c = dialect.sqlToQuery(q);
  return (await db.query({ text: c.sql, values: c.params })).rows as T[];
}

/** the channel a receipt's key id is told on, when receipts of it are waiting (0043_smpp_server.sql) */
export const RECEIPTS_CHANNEL = 'smpp_receipts';
/** at most this many receipts wait per key; older ones go first (the sweep) */
export const MAX_WAITING_PER_KEY = 100_000;
/** a waiting receipt is kept this long at most (an SMSC's usual validity period) */
export const RECEIPT_KEEP_HOURS = 72;
/** a submit whose message never reached a final state is forgotten after this long */
export const SUBMIT_KEEP_HOURS = 7 * 24;

export interface SubmitRow {
  message_id: number;
  key_id: number;
  /** registered_delivery & 3: 1 every final state, 2 failures only, 3 successes only */
  receipt: number;
  source_addr: string;
  dest_addr: string;
  text_start: string;
}

export async function keepSubmits(db: DbOrTx, accountId: number, rows: SubmitRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into smpp_submits (account_id, message_id, key_id, receipt, source_addr, dest_addr, text_start)
    select ${accountId}, v.message_id, v.key_id, v.receipt, v.source_addr, v.dest_addr, v.text_start
      from json_to_recordset(${JSON.stringify(rows)}::json)
           as v(message_id bigint, key_id int, receipt smallint, source_addr text, dest_addr text, text_start text)
    on conflict do nothing`);
}

export interface FinalChange {
  id: number;
  account_id: number;
  stat: string;
  err: string;
  delivered: boolean;
}

/**
 * Final states of submitted messages → receipts for the keys that asked for them (the submit's row
 * goes either way), and one notice naming those keys, sent when the caller commits.
 */
export async function captureReceipts(db: Runner, changes: FinalChange[]): Promise<void> {
  await run(
    db,
    sql`
    with v as (
      select * from json_to_recordset(${JSON.stringify(changes)}::json)
               as v(id bigint, account_id int, stat text, err text, delivered bool)),
    s as (
      delete from smpp_submits s using v
       where s.account_id = v.account_id and s.message_id = v.id
      returning s.*, v.stat, v.err, v.delivered),
    ins as (
      insert into smpp_receipts (account_id, key_id, message_id, stat, err, delivered, source_addr, dest_addr, text_start, submitted_at)
      select account_id, key_id, message_id, stat, err, delivered, source_addr, dest_addr, text_start, submitted_at
        from s where case when delivered then receipt in (1, 3) else receipt in (1, 2) end
      returning key_id)
    select pg_notify(${RECEIPTS_CHANNEL}, string_agg(distinct key_id::text, ',')) from ins having count(*) > 0`,
  );
}

export type ReceiptRow = {
  id: string;
  message_id: string;
  stat: string;
  err: string;
  delivered: boolean;
  source_addr: string;
  dest_addr: string;
  text_start: string;
  submitted_at: Date;
  done_at: Date;
};

/** Claims up to `limit` due receipts of a key for `leaseSeconds` (oldest first; another process skips them). */
export async function claimReceipts(db: DbOrTx, accountId: number, keyId: number, limit: number, leaseSeconds: number) {
  const { rows } = await db.execute<ReceiptRow>(sql`
    update smpp_receipts r set next_at = now() + make_interval(secs => ${leaseSeconds}), attempts = r.attempts + 1
      from (select id from smpp_receipts
             where account_id = ${accountId} and key_id = ${keyId} and next_at <= now()
             order by id limit ${limit} for update skip locked) due
     where r.account_id = ${accountId} and r.id = due.id
    returning r.id, r.message_id, r.stat, r.err, r.delivered, r.source_addr, r.dest_addr, r.text_start, r.submitted_at, r.done_at`);
  return rows;
}

/** Acknowledged by the client: gone. */
export async function dropReceipts(db: DbOrTx, accountId: number, ids: string[]): Promise<void> {
  if (ids.length)
    await db.execute(sql`delete from smpp_receipts where account_id = ${accountId} and id = any(${sql.param(ids)}::bigint[])`);
}

/** Their session closed before the answer: due again now (for the next receiver bind). */
export async function releaseReceipts(db: DbOrTx, accountId: number, ids: string[]): Promise<void> {
  if (ids.length) {
    await db.execute(
      sql`update smpp_receipts set next_at = now() where account_id = ${accountId} and id = any(${sql.param(ids)}::bigint[])`,
    );
  }
}

/** Old receipts and submits go, and no key keeps more than MAX_WAITING_PER_KEY receipts. */
export async function sweep(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from smpp_receipts where done_at < now() - make_interval(hours => ${RECEIPT_KEEP_HOURS})`);
  await db.execute(sql`delete from smpp_submits where submitted_at < now() - make_interval(hours => ${SUBMIT_KEEP_HOURS})`);
  await db.execute(sql`
    delete from smpp_receipts r
     using (select account_id, key_id, max(id) - ${MAX_WAITING_PER_KEY} as floor
              from smpp_receipts group by account_id, key_id having count(*) > ${MAX_WAITING_PER_KEY}) c
     where r.account_id = c.account_id and r.key_id = c.key_id and r.id <= c.floor`);
}
