/**
 * Small pools of PostgreSQL sessions for the SMS hot path (claims, send outcomes, receipts),
 * opened with the settings the stage transactions set one by one elsewhere (stageTx): no
 * sequential, bitmap or parallel scans (the month's partition and the queue outgrow their
 * statistics) and, unless asked otherwise, asynchronous commit (a lost outcome leaves the message
 * claimed, and recovery sends it again flagged possible_duplicate). Each write there is one
 * statement, so it needs no BEGIN/COMMIT round trips either.
 */
import pg from 'pg';
import type { AppContext } from '../../../context.ts';
import { guardPool } from '../../../db/client.ts';

/**
 * `synchronousCommit`: for writes whose commit is acknowledged to someone outside (receipts are
 * answered to the SMSC only once stored) — those must survive a PostgreSQL crash.
 */
export function createPipelinePool(ctx: AppContext, max = 4, { synchronousCommit = false } = {}): pg.Pool {
  const { connectionString } = (ctx.db.$client as pg.Pool & { options: { connectionString?: string } }).options;
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    // every statement here walks an index by key or in key order (the claim's LIMIT): a bitmap scan
    // over the whole queue then a sort, which stale statistics picked at a million rows, never pays
    options: `-c synchronous_commit=${synchronousCommit ? 'on' : 'off'} -c enable_seqscan=off -c enable_bitmapscan=off -c max_parallel_workers_per_gather=0`,
  });
  return guardPool(pool, (err) => ctx.log.warn({ err }, 'SMS pipeline pool: connection lost'));
}
