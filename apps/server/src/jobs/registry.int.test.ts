/**
 * Jobs are data. Every task is defined once with its payload schema and has a
 * handler; `enqueue` refuses a payload that does not fit (nothing queued); a job whose payload was
 * queued behind its back fails with the schema's message instead of running.
 */
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { until } from '../test/reliability/harness.ts';
import { enqueue } from './queue.ts';
import { JOBS } from './registry.ts';
import { startWorker, taskList } from './worker.ts';

let t: TestApp;
let worker: Runner | null = null;
beforeAll(async () => {
  t = await createTestApp();
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string); // creates graphile's schema
});
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

describe('the job registry', () => {
  it('gives the worker every job of the registry, each with a handler', () => {
    expect(Object.keys(taskList(t.ctx)).sort()).toEqual(Object.keys(JOBS).sort());
  });

  it('enqueue refuses a payload that does not fit its task, and queues nothing', async () => {
    // only this task's jobs: the worker queues its own start-up check meanwhile
    const count = () => t.sql(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'messages_route'`);
    const before = await count();
    // @ts-expect-error the types refuse it first; the schema refuses it at run time too
    await expect(enqueue(t.ctx.db.$client, t.ctx.db, 'messages_route', { ids: 'all' })).rejects.toThrow();
    await expect(enqueue(t.ctx.db.$client, t.ctx.db, 'messages_route', { ids: [] })).rejects.toThrow();
    expect(await count()).toEqual(before);
  });

  it('a job queued with a bad payload fails with the schema message and its handler never runs', async () => {
    await t.sql(`select graphile_worker.add_job('messages_release', '{"account_id": "nope"}'::json, max_attempts => 1)`);
    const [job] = await until(
      async () => {
        const rows = await t.sql<{ last_error: string | null }>(
          `select last_error from graphile_worker.jobs where task_identifier = 'messages_release'`,
        );
        return rows[0]?.last_error ? rows : null;
      },
      () => 'the job never failed',
      15_000,
    );
    expect(job?.last_error).toMatch(/job messages_release: invalid payload/);
    expect(job?.last_error).toMatch(/account_id/);
  });
});
