/**
 * With several processes on one database, each SMPP connection is bound by exactly
 * one of them. Here an API process (the test app, ROLE=api) and two worker processes — each its
 * own connection manager on its own database sessions, as separate processes are — share one
 * database and one SMSC simulator, which counts the sessions bound at the same time.
 */
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { createDb } from '../../db/client.ts';
import { startSmscSimulator, type SmscSimulator } from '../../sandbox/smsc.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { sleep, until } from '../../test/reliability/harness.ts';
import { ConnectionManager } from './connection-manager.ts';

let t: TestApp;
let smsc: SmscSimulator;
let token: string;
let connectionId: number;
const workers: { ctx: AppContext; manager: ConnectionManager }[] = [];

const smscEnv = () => ({ SANDBOX_SMSC_PORT: String(smsc.port), SANDBOX_SMSC_SYSTEM_ID: 'owners', SANDBOX_SMSC_PASSWORD: 'owners-pw' });

/** A worker process on the test app's database: its own config, pool and connection manager. */
function startWorker(): { ctx: AppContext; manager: ConnectionManager } {
  const config = loadConfig({
    NODE_ENV: 'test',
    ROLE: 'worker',
    DATA_DIR: t.ctx.config.dataDir,
    DATABASE_URL: t.ctx.config.databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...smscEnv(),
  });
  const ctx: AppContext = { ...t.ctx, config, db: createDb(config.databaseUrl as string, 3), log: pino({ level: 'silent' }) };
  const manager = new ConnectionManager(ctx);
  manager.run(200);
  const w = { ctx, manager };
  workers.push(w);
  return w;
}

async function stopWorker(w: { ctx: AppContext; manager: ConnectionManager }) {
  workers.splice(workers.indexOf(w), 1);
  await w.manager.close();
  await w.ctx.db.$client.end();
}

const owners = () => workers.filter((w) => w.manager.liveIds().includes(connectionId));
const api = (method: 'POST' | 'GET', url: string) => t.app.inject({ method, url, headers: bearer(token) });

beforeAll(async () => {
  smsc = await startSmscSimulator({ systemId: 'owners', password: 'owners-pw', receiptDelayMs: 0 });
  t = await createTestApp({ ROLE: 'api', ...smscEnv() });
  const u = await signUp(t);
  const s = await signIn(t, u.email);
  token = s.token;
  const [row] = await t.sql<{ id: number }>('select id from connections where account_id = $1 and is_sandbox', [s.user.account_id]);
  connectionId = (row as { id: number }).id;
});
afterAll(async () => {
  for (const w of [...workers]) await stopWorker(w);
  await t?.close();
  await smsc?.close();
});

describe('one bind per connection, whatever the number of processes', () => {
  it('two workers: exactly one binds the connection, and it stays that way', async () => {
    expect(t.ctx.sms.connections.binds).toBe(false); // the API process never binds
    startWorker();
    startWorker();
    await until(
      () => smsc.boundSessions() === 1,
      () => `bound: ${smsc.boundSessions()}`,
      10_000,
    );
    await sleep(1000); // several reconcile rounds of both workers
    expect(smsc.boundSessions()).toBe(1);
    expect(smsc.counters.maxBound).toBe(1);
    expect(owners()).toHaveLength(1);
    const [row] = await t.sql<{ status: string }>('select status from connections where id = $1', [connectionId]);
    expect(row?.status).toBe('CONNECTED');
  });

  it('stop and start through the API process reach the worker that binds', async () => {
    const stopped = await api('POST', `/api/gateway/connections/${connectionId}/stop`);
    expect(stopped.statusCode).toBe(200);
    expect(json(stopped).data.status).toBe('STOPPED');
    expect(smsc.boundSessions()).toBe(0); // stop answers once the owner has let go
    expect(owners()).toHaveLength(0);
    await sleep(600);
    expect(smsc.boundSessions()).toBe(0); // and no other worker takes a stopped connection

    const started = await api('POST', `/api/gateway/connections/${connectionId}/start`);
    expect(started.statusCode).toBe(200);
    expect(json(started).data.status).toBe('CONNECTED');
    expect(smsc.boundSessions()).toBe(1);
    expect(owners()).toHaveLength(1);

    const restarted = await api('POST', `/api/gateway/connections/${connectionId}/restart`);
    expect(json(restarted).data.status).toBe('CONNECTED');
    expect(smsc.counters.maxBound).toBe(1);
  });

  it('when the worker that binds stops, the other one takes the connection over', async () => {
    const [owner] = owners();
    await stopWorker(owner as (typeof workers)[number]);
    await until(
      () => owners().length === 1 && smsc.boundSessions() === 1,
      () => `bound: ${smsc.boundSessions()}`,
      10_000,
    );
    expect(smsc.counters.maxBound).toBe(1);
  });

  it('with no worker running, a start through the API says so', async () => {
    for (const w of [...workers]) await stopWorker(w);
    await api('POST', `/api/gateway/connections/${connectionId}/stop`);
    await t.sql('update connections set bind_timeout_s = 1 where id = $1', [connectionId]);
    const res = await api('POST', `/api/gateway/connections/${connectionId}/start`);
    expect(res.statusCode).toBe(504);
    expect(json(res).code).toBe('CONNECTION_START_TIMEOUT');
    expect(json(res).message).toContain('No worker process took the connection');
    expect(smsc.boundSessions()).toBe(0);
  }, 20_000);
});
