/**
 * A small pool of PostgreSQL sessions for the SMS hot path (claims and send outcomes), opened
 * with the settings the stage transactions set one by one elsewhere (stageTx): no sequential scans
 * (the month's partition outgrows its statistics) and asynchronous commit (a lost outcome leaves
 * the message claimed, and recovery sends it again flagged possible_duplicate). Each write there
 * is one statement, so it needs no BEGIN/COMMIT round trips either.
 */
import pg from 'pg';
import type { AppContext } from '../../../context.ts';

export function createPipelinePool(ctx: AppContext, max = 4): pg.Pool {
  const { connectionString } = (ctx.db.$client as pg.Pool & { options: { connectionString?: string } }).options;
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    options: '-c synchronous_commit=off -c enable_seqscan=off',
  });
  pool.on('error', (err) => ctx.log.warn({ err }, 'SMS pipeline pool: idle connection lost'));
  return pool;
}
