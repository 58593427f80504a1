/**
 * Processes on one database know each other (instances/registry.ts). Each
 * registration below is a separate PostgreSQL session, as a separate process would be.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { until } from '../test/reliability/harness.ts';
import { type InstanceRegistry, registerInstance, StorageConflictError } from './registry.ts';

let t: TestApp;
const dirs: string[] = [];
const open: InstanceRegistry[] = [];
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(open.map((r) => r.close().catch(() => {})));
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function newDir() {
  const d = mkdtempSync(path.join(tmpdir(), 'risala-instance-'));
  dirs.push(d);
  return d;
}

/** A process's registration: its own data directory unless given, local disk unless S3 is named. */
async function start(opts: { role?: string; dataDir?: string; s3Bucket?: string } = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    ROLE: opts.role ?? 'all',
    DATA_DIR: opts.dataDir ?? newDir(),
    DATABASE_URL: t.ctx.config.databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...(opts.s3Bucket ? { S3_BUCKET: opts.s3Bucket, S3_ENDPOINT: 'http://127.0.0.1:9' } : {}),
  });
  const r = await registerInstance(config, t.ctx.config.databaseUrl as string, log, t.ctx.db.$client);
  open.push(r);
  return r;
}

async function stopAll() {
  await Promise.all(open.splice(0).map((r) => r.close()));
}

describe('local file storage and several processes', () => {
  it('refuses a second process on local disk that cannot see the first one’s files', async () => {
    await start();
    const refused = await start().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(StorageConflictError);
    expect((refused as Error).message).toMatch(/Local file storage cannot be shared with process \d+ \(ROLE=all\)/);
    expect((refused as Error).message).toContain('S3_BUCKET');
    expect(await t.sql('select id from instances')).toHaveLength(1);
    await stopAll();
  });

  it('allows several processes that share one data directory (one machine, or one shared volume)', async () => {
    const shared = newDir();
    await start({ role: 'api', dataDir: shared });
    await start({ role: 'worker', dataDir: shared });
    await start({ role: 'worker', dataDir: shared });
    expect(await t.sql('select role from instances order by id')).toEqual([{ role: 'api' }, { role: 'worker' }, { role: 'worker' }]);
    await stopAll();
    expect(await t.sql('select id from instances')).toEqual([]);
  });

  it('allows any number on the same S3 bucket, and refuses a mix of S3 and local disk or of buckets', async () => {
    await start({ s3Bucket: 'risala' });
    await start({ role: 'worker', s3Bucket: 'risala' });
    await expect(start()).rejects.toThrow(
      /File storage differs between processes: .* uses s3:http:\/\/127.0.0.1:9\/risala, this one local disk/,
    );
    await expect(start({ s3Bucket: 'other' })).rejects.toThrow(StorageConflictError);
    await stopAll();
  });

  it('judges two processes starting at the same moment one after the other', async () => {
    const results = await Promise.allSettled([start(), start()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual([
      expect.any(StorageConflictError),
    ]);
    await stopAll();
  });
});

describe('live processes', () => {
  it('forgets a process whose session is gone (a SIGKILL leaves its row), with no waiting period', async () => {
    // what a SIGKILLed process leaves: its row, and no lock (PostgreSQL ended its session)
    await t.sql(
      `insert into instances (role, host, pid, version, storage, files_marker) values ('all', 'gone', 1, '0', 'local', 'nowhere')`,
    );
    await start();
    expect(await t.sql('select host from instances')).toEqual([{ host: expect.not.stringMatching(/^gone$/) }]);
    await stopAll();
  });

  it('counts the live processes whose job worker runs (what /ready of an API process asks)', async () => {
    const shared = newDir();
    const api = await start({ role: 'api', dataDir: shared });
    const worker = await start({ role: 'worker', dataDir: shared });
    expect(await api.liveWorkers()).toBe(0);
    await worker.setWorkerRunning(true);
    expect(await api.liveWorkers()).toBe(1);
    await worker.setWorkerRunning(false);
    expect(await api.liveWorkers()).toBe(0);
    await worker.setWorkerRunning(true);
    await worker.close();
    open.splice(open.indexOf(worker), 1);
    await until(
      async () => (await api.liveWorkers()) === 0,
      () => 'the closed worker still counts',
      5000,
    );
    await stopAll();
  });
});
