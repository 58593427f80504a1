import { makeWorkerUtils } from 'graphile-worker';
import type pg from 'pg';
import type { DbOrTx } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { JOB_PRIORITY, JOBS, type JobName, type JobPayload } from './registry.ts';

const migrated = new WeakMap<pg.Pool, Promise<void>>();

/** Make sure graphile-worker's schema exists (the worker creates it too; an API-only process may come first). */
export function ensureQueue(pool: pg.Pool): Promise<void> {
  let done = migrated.get(pool);
  if (!done) {
    // a pool of its own (graphile-worker would otherwise attach its handlers to the app's pool)
    const connectionString = (pool as pg.Pool & { options: { connectionString?: string } }).options.connectionString;
    done = makeWorkerUtils({ connectionString }).then(async (utils) => {
      await utils.migrate();
      await utils.release();
    });
    done.catch(() => migrated.delete(pool));
    migrated.set(pool, done);
  }
  return done;
}

/**
 * Queue a job in the same transaction as the state change that asks for it (`db` may be a tx):
 * both commit or neither does. The payload is checked against the task's schema here too, so a
 * bad one fails the caller, not a worker later. A job whose worker died mid-run is retried up to
 * `maxAttempts` times, so handlers must be idempotent. Priority defaults to the task's.
 */
export async function enqueue<K extends JobName>(
  pool: pg.Pool,
  db: DbOrTx,
  task: K,
  payload: JobPayload<K>,
  opts: { jobKey?: string; maxAttempts?: number; runAt?: Date; priority?: number } = {},
) {
  const checked = JOBS[task].parse(payload);
  await ensureQueue(pool);
  await db.execute(
    sql`select graphile_worker.add_job(${task}, ${JSON.stringify(checked)}::json,
                                        max_attempts => ${opts.maxAttempts ?? 1}::int, job_key => ${opts.jobKey ?? null}::text,
                                        run_at => ${opts.runAt?.toISOString() ?? null}::timestamptz,
                                        priority => ${opts.priority ?? JOB_PRIORITY[task] ?? 0}::int)`,
  );
}
