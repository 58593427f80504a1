/**
 * The settings of the stages' transactions (their writes are in ../states, the one owner of
 * message states).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

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
