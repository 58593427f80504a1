/**
 * The SMS connection queue (`sms_queue`): one narrow row per QUEUED SMS, keyed by its connection.
 * A message enters it when the filter stage queues it, a connection's sender claims rows
 * (inflight = true, the only change made at claim time), records which of them it is about to
 * submit (submitted = true: what a crash leaves so is what may be at the SMSC), and the outcome
 * takes the row out again.
 * The wide `messages` row meanwhile only changes unindexed columns, so its updates stay HOT.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

/** NOTIFY channel: the payload is `connection id:oldest message id` of newly QUEUED SMS. */
export const SMS_QUEUE_CHANNEL = 'risala_sms_queue';

export interface QueueKey {
  connection_id: number;
  id: number;
  created_at: string;
}

/** Puts messages in their connections' queues and wakes those connections' senders after commit. */
export async function queueSms(tx: DbOrTx, rows: QueueKey[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into sms_queue (connection_id, message_id, message_created_at)
    select * from json_to_recordset(${JSON.stringify(rows)}::json) as v(connection_id int, id bigint, created_at timestamptz)
    on conflict do nothing`);
  const oldest = new Map<number, number>();
  for (const r of rows) oldest.set(r.connection_id, Math.min(oldest.get(r.connection_id) ?? r.id, r.id));
  for (const [c, id] of oldest) await tx.execute(sql`select pg_notify(${SMS_QUEUE_CHANNEL}, ${`${c}:${id}`})`);
}

/** A queue notification: `connection` or `connection:oldest message id queued`. */
export function parseQueueNotice(payload: string | undefined): { connectionId: number; fromId?: number } {
  const [c, id] = String(payload ?? '').split(':');
  return { connectionId: Number(c), ...(id ? { fromId: Number(id) } : {}) };
}

/**
 * Takes claimed (inflight) rows out of the queue; answers the ids that were there, so an outcome is
 * applied once even if it were written twice (a retried batch, a recovery that raced it).
 */
export async function takeInflight(tx: DbOrTx, rows: QueueKey[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const { rows: taken } = await tx.execute<{ message_id: string }>(sql`
    delete from sms_queue q
     using unnest(${sql.param(rows.map((r) => r.connection_id))}::int[], ${sql.param(rows.map((r) => r.id))}::bigint[]) as v(conn, id)
     where q.connection_id = v.conn and q.message_id = v.id and q.inflight
    returning q.message_id`);
  return new Set(taken.map((r) => Number(r.message_id)));
}

/** Claimed rows go back to waiting (a connection stopped before their outcome). */
export async function unclaim(tx: DbOrTx, rows: QueueKey[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const { rows: back } = await tx.execute<{ message_id: string }>(sql`
    update sms_queue q set inflight = false, submitted = false
      from unnest(${sql.param(rows.map((r) => r.connection_id))}::int[], ${sql.param(rows.map((r) => r.id))}::bigint[]) as v(conn, id)
     where q.connection_id = v.conn and q.message_id = v.id and q.inflight
    returning q.message_id`);
  return new Set(back.map((r) => Number(r.message_id)));
}

/**
 * Waiting (not claimed) SMS of a campaign or batch leave the queue — pause and cancel; answers
 * their ids. SMS in flight stay with their sender and finish.
 */
export async function dequeueWaiting(tx: DbOrTx, accountId: number, scope: { campaignId?: number; batchId?: number }): Promise<number[]> {
  const where = scope.batchId ? sql`m.batch_id = ${scope.batchId}` : sql`m.campaign_id = ${scope.campaignId as number}`;
  const { rows } = await tx.execute<{ message_id: string }>(sql`
    delete from sms_queue q using messages m
     where m.account_id = ${accountId} and ${where} and m.channel = 'sms' and m.stage = 'connection'
       and q.connection_id = m.connection_id and q.message_id = m.id and not q.inflight
    returning q.message_id`);
  return rows.map((r) => Number(r.message_id));
}
