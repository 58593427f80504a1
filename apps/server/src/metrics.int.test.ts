/**
 * What /metrics tells an operator, read after real work — SMS through the real
 * worker, an SMPP session to the simulator, a webhook — never from a scan of `messages`.
 */
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from './jobs/worker.ts';
import { registerDatabaseMetrics } from './metrics-db.ts';
import { type SmscSimulator, startSmscSimulator } from './sandbox/smsc.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from './test/helper.ts';
import { until } from './test/reliability/harness.ts';

let t: TestApp;
let smsc: SmscSimulator;
let worker: Runner;
let token: string;
let connection: number;

const numbers = (n: number, base: number) => Array.from({ length: n }, (_, i) => `+96655${String(base + i).padStart(7, '0')}`);
const send = async (n: number, base: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/messages/sms',
    headers: bearer(token),
    payload: { recipients: { numbers: numbers(n, base) }, text: 'Metrics' },
  });
  expect(res.statusCode).toBe(201);
  return json(res).data.bulk_id as string;
};
const count = (bulkId: string, status: string) =>
  t
    .sql<{ n: number }>('select count(*)::int as n from messages where bulk_id = $1 and status = $2', [bulkId, status])
    .then((r) => r[0]?.n ?? 0);
const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
/** The value of one sample (`name{labels}`), or null when it is not there. */
const sample = (text: string, name: string, labels: Record<string, string>) => {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (m?.[1] !== name) continue;
    const have = (m[2] as string).split(',');
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return null;
};

beforeAll(async () => {
  t = await createTestApp();
  smsc = await startSmscSimulator({ systemId: 'metrics', password: 'metrics1', receiptDelayMs: 10 });
  Object.assign(t.ctx.config.smsc, { port: smsc.port, systemId: 'metrics', password: 'metrics1' });
  registerDatabaseMetrics(t.ctx.db.$client);
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
  const u = await signUp(t);
  const s = await signIn(t, u.email);
  token = s.token;
  const [c] = await t.sql<{ id: number }>('select id from connections where account_id = $1 and is_sandbox', [s.user.account_id]);
  connection = (c as { id: number }).id;
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smsc?.close();
});

describe('GET /metrics', () => {
  it('reports the connection queue: depth and age of what waits for a stopped connection', async () => {
    await t.app.inject({ method: 'POST', url: `/api/gateway/connections/${connection}/stop`, headers: bearer(token) });
    const bulk = await send(12, 0);
    await until(
      async () => (await count(bulk, 'QUEUED')) === 12,
      () => 'not queued',
      20_000,
    );
    const text = await scrape();
    expect(sample(text, 'risala_queue_depth', { stage: 'connection' })).toBe(12);
    expect(sample(text, 'risala_sms_queue', { connection: String(connection), state: 'waiting' })).toBe(12);
    expect(sample(text, 'risala_queue_oldest_seconds', { stage: 'connection' })).toBeGreaterThan(0);
    expect(sample(text, 'risala_queue_depth', { stage: 'route' })).toBe(0);
    expect(sample(text, 'risala_jobs', { task: 'messages_route', state: 'waiting' }) ?? 0).toBe(0); // done jobs leave the table
    expect(text).not.toMatch(/risala_smpp_session_state\{/); // nothing bound here

    await t.app.inject({ method: 'POST', url: `/api/gateway/connections/${connection}/start`, headers: bearer(token) });
    await until(
      async () => (await count(bulk, 'DELIVERED')) === 12,
      () => 'not delivered',
      20_000,
    );
  });

  it('counts messages by channel and state, and SMPP submits, throttling and receipts per connection', async () => {
    const before = await scrape();
    const was = (status: string) => sample(before, 'risala_messages_total', { channel: 'sms', status }) ?? 0;
    smsc.configure({ throttleRate: 0.3 });
    const bulk = await send(30, 100);
    await until(
      async () => (await count(bulk, 'DELIVERED')) === 30,
      () => 'not delivered',
      30_000,
    );
    smsc.configure({ throttleRate: 0 });
    const text = await scrape();
    for (const status of ['PENDING', 'QUEUED', 'SENT', 'DELIVERED']) {
      expect(sample(text, 'risala_messages_total', { channel: 'sms', status }), status).toBe(was(status) + 30);
    }
    const c = String(connection);
    expect(sample(text, 'risala_smpp_session_state', { connection: c, state: 'CONNECTED' })).toBe(1);
    expect(sample(text, 'risala_smpp_session_state', { connection: c, state: 'DISCONNECTED' })).toBe(0);
    expect(sample(text, 'risala_smpp_window_in_flight', { connection: c })).toBe(0);
    expect(sample(text, 'risala_smpp_window_size', { connection: c })).toBeGreaterThan(0);
    expect(sample(text, 'risala_smpp_throttled_total', { connection: c })).toBe(smsc.counters.throttled);
    expect(smsc.counters.throttled).toBeGreaterThan(0);
    // every answer, throttled ones included: 42 answered OK so far, plus each ESME_RTHROTTLED
    expect(sample(text, 'risala_smpp_submit_seconds_count', { connection: c })).toBe(42 + smsc.counters.throttled);
    expect(sample(text, 'risala_sms_receipt_seconds_count', { connection: c })).toBe(42);
    expect(sample(text, 'risala_jobs_total', { task: 'messages_route', outcome: 'success' })).toBeGreaterThanOrEqual(2);
    expect(t.ctx.sms.connections.ownedIds()).toEqual([connection]);
  });

  it('counts webhooks by source and outcome', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      payload: { object: 'whatsapp_business_account', entry: [] },
    });
    expect(res.statusCode).toBe(401);
    expect(sample(await scrape(), 'risala_webhooks_total', { source: 'whatsapp', outcome: 'refused' })).toBe(1);
  });
});
