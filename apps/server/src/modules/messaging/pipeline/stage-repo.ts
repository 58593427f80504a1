/**
 * Bulk writes shared by the stages: every write is one statement over unnest'ed arrays, whatever
 * the number of messages.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { refundMessages } from './credits.ts';
import { recordEvents } from './events.ts';

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
 * The month's partition fills faster than autovacuum re-analyses it, so the planner may think it
 * is tiny and scan it whole for every chunk (quadratic over a big send), or huge and start parallel
 * workers for a thousand key lookups (≈ 50 ms of worker start-up for 1 ms of work, seen at a million
 * messages). The stages only address messages by key: in their transactions neither a sequential
 * scan nor a parallel plan is ever right.
 */
export async function byIndex(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
}

/**
 * byIndex, and an asynchronous commit for the stage moves that a replay makes good: a stage
 * transaction lost to a PostgreSQL crash takes every later commit with it (WAL order), so its job
 * runs again, and an SMS result lost that way leaves the message in flight, which recovery sends
 * again flagged possible_duplicate; a campaign's expansion chunk lost that way is expanded again by
 * its job (its messages, credits and count went with it). Saves the WAL flush wait per batch on the hot path. Not for the
 * API's enqueue, receipts (answered to the SMSC after commit) or email/WhatsApp outcomes.
 */
export async function stageTx(tx: DbOrTx): Promise<void> {
  await tx.execute(
    sql`select set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('synchronous_commit', 'off', true)`,
  );
}

/**
 * Ends messages before they reach the network (FAILED, BLOCKED, NOT_ALLOWED): final stage `done`,
 * their credits refunded, an event each.
 */
export async function refuse(tx: DbOrTx, refusals: Refusal[]): Promise<void> {
  if (refusals.length === 0) return;
  await tx.execute(sql`
    update messages m set status = v.status, stage = 'done', error_code = v.code, error_message = v.msg, blocked_by = v.blocked,
           credits = 0, failed_at = case when v.status = 'FAILED' then now() else m.failed_at end, updated_at = now()
      from unnest(${sql.param(refusals.map((r) => r.row.id))}::bigint[], ${sql.param(refusals.map((r) => r.status))}::text[],
                  ${sql.param(refusals.map((r) => r.error_code))}::text[], ${sql.param(refusals.map((r) => r.error_message))}::text[],
                  ${sql.param(refusals.map((r) => r.blocked_by ?? null))}::text[]) as v(id, status, code, msg, blocked)
     where m.id = v.id`);
  await refundMessages(
    tx,
    refusals.map((r) => r.row),
  );
  await recordEvents(
    tx,
    refusals.map((r) => ({ message_id: r.row.id, account_id: r.row.account_id, event: r.status, detail: r.error_message })),
  );
}
