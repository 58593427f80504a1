import { makeWorkerUtils } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { type Liveness, startLiveness } from './liveness.ts';

let t: TestApp;
let liveness: Liveness;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = t.ctx.config.databaseUrl as string;
  const utils = await makeWorkerUtils({ connectionString: url });
  await utils.migrate();
  await utils.release();
  liveness = await startLiveness(url, t.ctx.log);
});
afterAll(async () => {
  await liveness?.close();
  await t.close();
});

/** A job as a worker pool leaves it when it has fetched it: locked by the pool, `age` seconds ago. */
async function lockedJob(pool: string, age: number): Promise<number> {
  const [job] = await t.sql<{ id: string }>(`select id from graphile_worker.add_job('liveness_probe', '{}'::json)`);
  await t.sql(`update graphile_worker._private_jobs set locked_by = $2, locked_at = now() - make_interval(secs => $3) where id = $1`, [
    job?.id,
    pool,
    age,
  ]);
  return Number(job?.id);
}
const lockOf = async (id: number) =>
  (await t.sql<{ locked_by: string | null }>('select locked_by from graphile_worker._private_jobs where id = $1', [id]))[0]?.locked_by;

describe('jobs of a worker pool that is gone', () => {
  it('are unlocked; a live pool (its session holds the advisory lock) and a lock just taken keep theirs', async () => {
    // a live pool in another session: the way startWorker holds its own
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query(`select pg_advisory_lock(${0x5257}, hashtext('pool-alive'))`);
    try {
      const dead = await lockedJob('pool-dead', 60);
      const alive = await lockedJob('pool-alive', 60);
      const fresh = await lockedJob('pool-just-started', 0);
      expect(await liveness.recover()).toBe(1);
      expect(await lockOf(dead)).toBeNull();
      expect(await lockOf(alive)).toBe('pool-alive');
      expect(await lockOf(fresh)).toBe('pool-just-started');
      // the process that held it ends: its jobs come back at the next check
      await other.end();
      expect(await liveness.recover()).toBe(1);
      expect(await lockOf(alive)).toBeNull();
      await t.sql('delete from graphile_worker._private_jobs where id = $1', [fresh]);
    } finally {
      await other.end().catch(() => {});
    }
  });

  it('never frees the pools this process holds', async () => {
    await liveness.hold('pool-mine');
    const mine = await lockedJob('pool-mine', 60);
    expect(await liveness.recover()).toBe(0);
    expect(await lockOf(mine)).toBe('pool-mine');
  });

  it('takes its locks again when its session is lost, so its jobs stay with it', async () => {
    await liveness.hold('pool-reconnects');
    const mine = await lockedJob('pool-reconnects', 60);
    const holder = async () =>
      (
        await t.sql<{ pid: number }>(
          `select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = hashtext('pool-reconnects')::oid and granted`,
          [0x5257],
        )
      )[0]?.pid;
    const before = await holder();
    expect(before).toBeGreaterThan(0);
    // an admin (or a network cut) ends the liveness session: PostgreSQL drops its locks
    await t.sql('select pg_terminate_backend($1)', [before]);
    const until = Date.now() + 10_000;
    let after = await holder();
    while ((!after || after === before) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      after = await holder();
    }
    expect(after).toBeGreaterThan(0);
    expect(after).not.toBe(before);
    // another process's check now finds the pool alive
    const other = await startLiveness(url, t.ctx.log);
    try {
      expect(await other.recover()).toBe(0);
      expect(await lockOf(mine)).toBe('pool-reconnects');
    } finally {
      await other.close();
    }
    // and this process's own check works on the new session
    expect(await liveness.recover()).toBe(0);
  });
});
