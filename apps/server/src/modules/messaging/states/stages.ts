/**
 * The pipeline's stage moves, each one statement over a chunk: refusals before the network
 * (BLOCKED, NOT_ALLOWED, FAILED), the connection queue (QUEUED, with the router's decisions for
 * SMS), and the email/WhatsApp send queue (claim, SENT, back to the queue for a retry).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { refundMessages } from '../pipeline/credits.ts';
import { recordEvents } from './events.ts';
import { mayBecome, mayBecomeAny } from './guard.ts';
import { countMessageRows } from '../../../metrics.ts';
import { publishStatuses } from './publish.ts';

export interface StageRow {
  id: number;
  account_id: number;
  channel: string;
  bulk_id: string;
  credits: number;
}

export interface Refusal {
  row: StageRow;
  status: 'FAILED' | 'BLOCKED' | 'NOT_ALLOWED';
  error_code: string;
  error_message: string;
  blocked_by?: string | null;
}

/**
 * Ends messages before they reach the network (FAILED, BLOCKED, NOT_ALLOWED): final stage `done`,
 * an event each, and the credits of those that moved refunded (one cancelled meanwhile keeps its
 * state, and its credits went back with the cancel).
 */
export async function refuse(tx: DbOrTx, refusals: Refusal[]): Promise<void> {
  if (refusals.length === 0) return;
  const { rows } = await tx.execute<{ id: string }>(sql`
    update messages m set status = v.status, stage = 'done', error_code = v.code, error_message = v.msg, blocked_by = v.blocked,
           credits = 0, failed_at = case when v.status = 'FAILED' then now() else m.failed_at end, updated_at = now()
      from unnest(${sql.param(refusals.map((r) => r.row.id))}::bigint[], ${sql.param(refusals.map((r) => r.status))}::text[],
                  ${sql.param(refusals.map((r) => r.error_code))}::text[], ${sql.param(refusals.map((r) => r.error_message))}::text[],
                  ${sql.param(refusals.map((r) => r.blocked_by ?? null))}::text[]) as v(id, status, code, msg, blocked)
     where m.id = v.id and ${mayBecomeAny(['FAILED', 'BLOCKED', 'NOT_ALLOWED'], sql`m.status`, sql`v.status`)}
    returning m.id`);
  const moved = new Set(rows.map((r) => Number(r.id)));
  const done = refusals.filter((r) => moved.has(r.row.id));
  await refundMessages(
    tx,
    done.map((r) => r.row),
  );
  await recordEvents(
    tx,
    done.map((r) => ({ message_id: r.row.id, account_id: r.row.account_id, event: r.status, detail: r.error_message })),
  );
  await publishStatuses(
    tx,
    done.map((r) => ({
      id: r.row.id,
      account_id: r.row.account_id,
      channel: r.row.channel,
      status: r.status,
      previous_status: null,
      error_code: r.error_code,
    })),
  );
  for (const status of ['FAILED', 'BLOCKED', 'NOT_ALLOWED'] as const) {
    countMessageRows(
      done.filter((r) => r.status === status).map((r) => r.row),
      status,
    );
  }
}

/** Email and WhatsApp messages (and SMS that kept their connection) enter the connection queue. */
export async function markQueued(tx: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  // no QUEUED event: queued_at tells it (the timeline reads it from the row)
  await tx.execute(sql`
    update messages set status = 'QUEUED', stage = 'connection', queued_at = now(), updated_at = now()
     where id = any(${sql.param(ids)}::bigint[]) and ${mayBecome('QUEUED')}`);
}

/** The router's decision for one SMS, written with QUEUED. */
export interface RoutedSms {
  id: number;
  created_at: string;
  router_id: number | null;
  /** the route's connections in failover order; the first is the one to use */
  route: number[];
  /** null: the message keeps the cost it was priced at */
  cost: string | null;
  parts: number;
  enc: string | null;
  body: string | null;
  sender: string | null;
  sender_set: boolean;
}

/** SMS enter the connection queue with the router's decisions, in one update. */
export async function markQueuedRouted(tx: DbOrTx, decided: RoutedSms[]): Promise<void> {
  if (decided.length === 0) return;
  await tx.execute(sql`
    update messages m set status = 'QUEUED', stage = 'connection', queued_at = now(), updated_at = now(),
           router_id = v.router_id, route_connection_ids = array(select json_array_elements_text(v.route)::int), connection_id = (v.route->>0)::int,
           attempt = 0, cost = coalesce(v.cost::numeric, m.cost), parts = v.parts, encoding = v.enc, body = coalesce(v.body, m.body),
           sender = case when v.sender_set then v.sender else m.sender end
      from json_to_recordset(${JSON.stringify(decided)}::json)
             as v(id bigint, created_at timestamptz, router_id int, route json, cost text, parts int, enc text, body text, sender text, sender_set bool)
     where m.id = v.id and m.created_at = v.created_at and ${mayBecome('QUEUED', sql`m.status`)}`);
}

/**
 * Claims a chunk of QUEUED email/WhatsApp messages for sending (stage `inflight`). A retried job
 * (its worker died mid-send) takes back what it had claimed, flagged: the provider may have it.
 */
export async function claimForChannelSend<T>(db: DbOrTx, ids: number[]): Promise<T[]> {
  const { rows } = await db.execute<T & Record<string, unknown>>(sql`
    update messages set stage = 'inflight', claimed_at = now(), updated_at = now(), possible_duplicate = possible_duplicate or stage = 'inflight'
     where id = any(${sql.param(ids)}::bigint[]) and status = 'QUEUED' and channel <> 'sms'
       and (stage = 'connection' or (stage = 'inflight' and claimed_at < now() - interval '1 minute'))
     returning *`);
  return rows as unknown as T[];
}

/** Email/WhatsApp messages the provider took: SENT with its id, and an event each. */
export async function markChannelSent(tx: DbOrTx, sent: { id: number; account_id: number; provider_message_id: string }[]): Promise<void> {
  if (sent.length === 0) return;
  const { rows } = await tx.execute<{ id: string; account_id: number; channel: string }>(sql`
    update messages m set status = 'SENT', stage = 'done', provider_message_id = v.pid, parts_sent = m.parts, sent_at = now(), updated_at = now()
      from unnest(${sql.param(sent.map((s) => s.id))}::bigint[], ${sql.param(sent.map((s) => s.provider_message_id))}::text[]) as v(id, pid)
     where m.id = v.id and ${mayBecome('SENT', sql`m.status`)}
    returning m.id, m.account_id, m.channel`);
  await recordEvents(
    tx,
    rows.map((r) => ({ message_id: Number(r.id), account_id: r.account_id, event: 'SENT' })),
  );
  // claimed for sending: they were QUEUED
  await publishStatuses(
    tx,
    rows.map((r) => ({ id: Number(r.id), account_id: r.account_id, channel: r.channel, status: 'SENT', previous_status: 'QUEUED' })),
  );
}

/** Email/WhatsApp messages back in the connection queue for another try, the reason on the timeline. */
export async function backToChannelQueue(tx: DbOrTx, retries: { id: number; account_id: number; reason: string }[]): Promise<void> {
  if (retries.length === 0) return;
  const { rows } = await tx.execute<{ id: string }>(sql`
    update messages set stage = 'connection', retries = retries + 1, updated_at = now()
     where id = any(${sql.param(retries.map((r) => r.id))}::bigint[]) and status = 'QUEUED' returning id`);
  const moved = new Set(rows.map((r) => Number(r.id)));
  await recordEvents(
    tx,
    retries.filter((r) => moved.has(r.id)).map((r) => ({ message_id: r.id, account_id: r.account_id, event: 'RETRY', detail: r.reason })),
  );
}
