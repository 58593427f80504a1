/**
 * What an SMS connection learns, written to the messages: SENT / PARTIALLY_SENT with the part keys
 * receipts match by, a move to the route's next connection, the possible-duplicate flag, and the
 * receipts themselves. The hot ones are single statements on the pipeline's own pool (named, so
 * PostgreSQL plans them once), their values two JSON documents rather than a dozen arrays.
 */
import { FINAL_STATES, statesBefore } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../../../db/client.ts';
import { reason } from '../pipeline/reason.ts';
import { recordEvents } from './events.ts';
import { countMessages, smsReceiptSeconds } from '../../../metrics.ts';
import { publishStatuses } from './publish.ts';

/** A state list for the text statements below (our own enum values: nothing to escape). */
const list = (states: readonly string[]) => states.map((s) => `'${s}'`).join(', ');
const FINAL = list(FINAL_STATES);
const BEFORE_SENT = list([...new Set([...statesBefore('SENT'), ...statesBefore('PARTIALLY_SENT')])]);

export interface SmsSentRow {
  id: number;
  created_at: string;
  /** the connection that took it */
  conn: number;
  /** parts the SMSC accepted */
  ps: number;
  /** the SMSC's id of the first part (shown in the history) */
  pid: string | null;
  dup: boolean;
}

export interface SmsPartKey {
  conn: number;
  key: string;
  id: number;
  created_at: string;
  part: number;
  account: number;
}

/**
 * SENT / PARTIALLY_SENT in one statement (the hot path: a connection's window waits for this
 * commit): the claimed queue rows go, the messages change (HOT: no indexed column), the part keys
 * receipts match by go in, and the timeline gets an event only where sent_at does not say it all
 * (parts missing, a duplicate risk). Only messages whose queue row was still claimed move.
 */
export async function markSmsSent(pool: pg.Pool, rows: SmsSentRow[], keys: SmsPartKey[]): Promise<void> {
  if (rows.length === 0) return;
  const { rows: moved } = await pool.query<{ status: string; account_id: number; n: number; ids: string[] }>({
    name: 'sms-sent',
    text: `with v as (
       select * from json_to_recordset($1::json) as v(id bigint, created_at timestamptz, conn int, ps int, pid text, dup bool)),
     taken as (
       delete from sms_queue q using v where q.connection_id = v.conn and q.message_id = v.id and q.inflight returning q.message_id),
     upd as (
       update messages m set status = case when v.ps >= m.parts then 'SENT' else 'PARTIALLY_SENT' end, stage = 'done', parts_sent = v.ps,
              smsc_message_id = v.pid, sent_at = now(), updated_at = now(), possible_duplicate = m.possible_duplicate or v.dup
         from v join taken t on t.message_id = v.id
        where m.id = v.id and m.created_at = v.created_at and m.status in (${BEFORE_SENT})
       returning m.id, m.account_id, m.status, v.conn, v.ps, v.dup),
     keys as (
       insert into sms_part_keys (connection_id, key, message_id, message_created_at, part, account_id)
       select k.conn, k.key, k.id, k.created_at, k.part, k.account
         from json_to_recordset($2::json) as k(conn int, key text, id bigint, created_at timestamptz, part smallint, account int)
        where k.id in (select id from upd)),
     ev as (
       insert into message_events (message_id, account_id, event, detail, data)
       select id, account_id, status, case when dup then 'possible duplicate' end, jsonb_build_object('connection_id', conn, 'parts', ps)
         from upd where status <> 'SENT' or dup)
     select status, account_id, count(*)::int as n, array_agg(id) as ids from upd group by status, account_id`,
    values: [JSON.stringify(rows), JSON.stringify(keys)],
  });
  for (const r of moved) countMessages('sms', r.status, r.n);
  // webhooks out: nothing more unless an account of these listens (the SMS came out of the queue: QUEUED before)
  await publishStatuses(
    pool,
    moved.flatMap((r) =>
      r.ids.map((id) => ({ id: Number(id), account_id: r.account_id, channel: 'sms', status: r.status, previous_status: 'QUEUED' })),
    ),
  );
}

export interface Failover {
  id: number;
  created_at: string;
  account_id: number;
  from: number;
  to: number;
  reason: string;
}

/** Messages move to their route's next connection (they stay QUEUED), with the reason on the timeline. */
export async function moveToNextConnection(tx: DbOrTx, moves: Failover[]): Promise<void> {
  if (moves.length === 0) return;
  await tx.execute(sql`
    update messages m set connection_id = v.conn, attempt = m.attempt + 1, updated_at = now()
      from unnest(${sql.param(moves.map((o) => o.id))}::bigint[], ${sql.param(moves.map((o) => o.created_at))}::timestamptz[],
                  ${sql.param(moves.map((o) => o.to))}::int[]) as v(id, created_at, conn)
     where m.id = v.id and m.created_at = v.created_at and m.status = 'QUEUED'`);
  await recordEvents(
    tx,
    moves.map((o) => ({
      message_id: o.id,
      account_id: o.account_id,
      event: 'FAILOVER',
      detail: o.reason,
      data: { from: o.from, to: o.to },
    })),
  );
}

/** Messages that may have reached the SMSC already, going out again: flagged, so a duplicate is explained. */
export async function flagPossibleDuplicates(tx: DbOrTx, rows: { id: number; created_at: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update messages m set possible_duplicate = true, updated_at = now()
      from unnest(${sql.param(rows.map((o) => o.id))}::bigint[], ${sql.param(rows.map((o) => o.created_at))}::timestamptz[]) as v(id, created_at)
     where m.id = v.id and m.created_at = v.created_at`);
}

/**
 * What a crashed process left in flight on a connection goes back to its queue. Only what it had
 * submitted (recorded just before it left for the SMSC or gateway) and has no outcome for is
 * flagged: the SMSC may have it. What it had only claimed and held in its buffer never left.
 */
export async function recoverInflight(tx: DbOrTx, connectionId: number): Promise<number> {
  const { rows } = await tx.execute<{ id: string; account_id: number }>(sql`
    with back as (
      update sms_queue q set inflight = false, submitted = false
        from sms_queue old
       where q.connection_id = ${connectionId} and q.inflight
         and old.connection_id = q.connection_id and old.message_id = q.message_id
      returning q.message_id, q.message_created_at, old.submitted)
    update messages m set possible_duplicate = true, updated_at = now()
      from back where back.submitted and m.id = back.message_id and m.created_at = back.message_created_at
    returning m.id, m.account_id`);
  await recordEvents(
    tx,
    rows.map((r) => ({ message_id: Number(r.id), account_id: r.account_id, event: 'DUPLICATE_RISK', detail: reason('duplicateRisk') })),
  );
  return rows.length;
}

/** What a batch of receipts does to one message. */
export interface ReceiptChange {
  id: number;
  created_at: string;
  /** ACCEPTD: SENT → ACCEPTED */
  acc: boolean;
  code: string | null;
  msg: string | null;
  detail: string;
}

/** A final receipt's part key: its parts count only if this statement deletes the key. */
export interface ConsumedKey {
  conn: number;
  key: string;
  id: number;
  d: number;
  f: number;
}

/**
 * Applies a batch of receipts in one statement: a final receipt's key is deleted and its parts
 * count only if the key was still there (a duplicate, or another process's copy of the same
 * receipt, finds it gone); per message the parts delivered/failed add up to DELIVERED,
 * PARTIALLY_DELIVERED or FAILED; ACCEPTD moves SENT to ACCEPTED; a final state never moves; parked
 * receipts applied here leave `sms_pending_receipts`; the timeline gets an event where
 * delivered_at does not say it all. The status before is read with the rows locked, not with
 * RETURNING old.* (PostgreSQL 18 only: the README promises 13+).
 */
export async function applyReceipts(pool: pg.Pool, changes: ReceiptChange[], consumed: ConsumedKey[], parkedIds: number[]): Promise<void> {
  const { rows: changed } = await pool.query<{
    id: string;
    account_id: number;
    old_status: string;
    error_code: string | null;
    status: string;
    connection_id: number | null;
    latency: number | null;
  }>({
    name: 'receipt-apply',
    text: `with parked as (delete from sms_pending_receipts where id = any($3::bigint[])),
     v as (
       select * from json_to_recordset($1::json) as v(id bigint, created_at timestamptz, acc bool, code text, msg text, detail text)),
     gone as (
       delete from sms_part_keys k using json_to_recordset($2::json) as g(conn int, key text, id bigint, d int, f int)
        where k.connection_id = g.conn and k.key = g.key
       returning g.id, g.d, g.f),
     -- only the keys deleted here count: a key another process (or an earlier batch) consumed
     -- means its receipt was counted there
     counted as (select id, sum(d)::int as d, sum(f)::int as f from gone group by id),
     w as (select v.*, coalesce(c.d, 0) as d, coalesce(c.f, 0) as f, c.id is not null as counted from v left join counted c using (id)),
     cur as (
       select m.id, m.status as old_status from messages m join w on m.id = w.id and m.created_at = w.created_at
        where w.counted or w.acc
          for update of m),
     upd as (
       update messages m set
         parts_delivered = m.parts_delivered + v.d,
         parts_failed = m.parts_failed + v.f,
         status = case
           when m.status in (${FINAL}) then m.status
           when m.parts_delivered + v.d + m.parts_failed + v.f >= greatest(m.parts_sent, 1) then
             case when m.parts_failed + v.f = 0 and m.parts_sent >= m.parts then 'DELIVERED'
                  when m.parts_delivered + v.d = 0 then 'FAILED'
                  else 'PARTIALLY_DELIVERED' end
           when v.acc and m.status = 'SENT' then 'ACCEPTED'
           else m.status end,
         delivered_at = case when v.d > 0 then coalesce(m.delivered_at, now()) else m.delivered_at end,
         failed_at = case when v.f > 0 then coalesce(m.failed_at, now()) else m.failed_at end,
         error_code = case when v.f > 0 then coalesce(v.code, m.error_code) else m.error_code end,
         error_message = case when v.f > 0 then coalesce(v.msg, m.error_message) else m.error_message end,
         updated_at = now()
        from w as v join cur on cur.id = v.id
       where m.id = v.id and m.created_at = v.created_at
       returning m.id, m.account_id, cur.old_status, m.status, v.detail, m.connection_id, m.error_code,
                 extract(epoch from now() - m.sent_at)::float8 as latency),
     -- a plain DELIVERED is told by delivered_at (the timeline reads it from the row); failures,
     -- partial deliveries and ACCEPTED keep an event with the receipt's stat and err
     ev as (
       insert into message_events (message_id, account_id, event, detail)
       select id, account_id, status, detail from upd where old_status <> status and status <> 'DELIVERED')
     select id, account_id, old_status, error_code, status, connection_id, case when status <> 'ACCEPTED' then latency end as latency
       from upd where old_status <> status`,
    values: [JSON.stringify(changes), JSON.stringify(consumed), parkedIds],
  });
  for (const r of changed) {
    countMessages('sms', r.status);
    if (r.latency !== null) smsReceiptSeconds.observe({ connection: String(r.connection_id ?? '') }, Math.max(0, r.latency));
  }
  await publishStatuses(
    pool,
    changed.map((r) => ({
      id: Number(r.id),
      account_id: r.account_id,
      channel: 'sms',
      status: r.status,
      previous_status: r.old_status,
      error_code: r.error_code,
    })),
  );
}

/** Parked receipts that matched but changed nothing (a duplicate): they leave the table all the same. */
export async function dropParkedReceipts(pool: pg.Pool, ids: number[]): Promise<void> {
  if (ids.length) await pool.query('delete from sms_pending_receipts where id = any($1::bigint[])', [ids]);
}
