/**
 * Webhooks out against real parts: the API over the real database, the real graphile worker, and a
 * real HTTP receiver on loopback (allowed the way the connections' tests allow their loopback
 * peers: OUTBOUND_ALLOWED_HOSTS). Signatures verified with the documented scheme, retries with
 * backoff, the give-up after the window, re-send, order per message through the sandbox SMSC,
 * private addresses refused, accounts kept apart, and a slow endpoint holding no one else up.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery } from '@risala/shared/schemas/webhooks';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWorker } from '../../jobs/worker.ts';
import { type SmscSimulator, startSmscSimulator } from '../../sandbox/smsc.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { emitMessageStatuses, emitWebhookEvent } from './index.ts';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A receiver on loopback: records every request; answers with the status the path's script says (200 when it ran out). */
class Receiver {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      this.got.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const status = this.scripts.get(path)?.shift() ?? 200;
      const delay = this.delays.get(path) ?? 0;
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status === 200 ? 'ok' : `nope ${status}`);
      }, delay);
    });
  });
  got: Received[] = [];
  scripts = new Map<string, number[]>();
  delays = new Map<string, number>();
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return this;
  }
  url(path: string) {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }
  on(path: string) {
    return this.got.filter((g) => g.path === path);
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

let t: TestApp;
let worker: Runner;
let smsc: SmscSimulator;
let rx: Receiver;
let owner: { accountId: number; token: string };
let other: { accountId: number; token: string };

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function waitFor<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  let v = await fn();
  while (!ok(v)) {
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
    v = await fn();
  }
  return v;
}

async function newOwner() {
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  return { accountId: s.user.account_id as number, token: s.token };
}

async function createEndpoint(path: string, events: string[], token = owner.token) {
  const res = await req('POST', '/api/webhooks', token, { url: rx.url(path), events, description: path });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data as { id: number; secret: string; secret_hint: string };
}

const deliveriesOf = async (id: number, token = owner.token) =>
  json(await req('GET', `/api/webhooks/${id}/deliveries?limit=100`, token)).data;

/** the documented check, written out as a receiver would */
function verifies(secret: string, r: Received) {
  const header = String(r.headers['risala-signature']);
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${r.body}`).digest('hex');
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) <= 300;
}

beforeAll(async () => {
  t = await createTestApp();
  rx = await new Receiver().start();
  t.ctx.config.outbound.allowedHosts = ['127.0.0.1']; // the loopback receiver of this test (refused otherwise)
  smsc = await startSmscSimulator({ systemId: 'smppclient', password: 'secret1', receiptDelayMs: 20 });
  Object.assign(t.ctx.config.smsc, { port: smsc.port, systemId: 'smppclient', password: 'secret1' });
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
  owner = await newOwner();
  other = await newOwner();
});
beforeEach(() => {
  Object.assign(t.ctx.config.webhooks, { baseDelayMs: 100, maxDelayMs: 400, retryWindowMs: 60_000, timeoutMs: 3_000 });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await rx?.close();
  await smsc?.close();
});

describe('/api/webhooks', () => {
  it('creates an endpoint with its secret shown once and sealed at rest, audited', async () => {
    const ep = await createEndpoint('/crud', ['message.status']);
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(ep.secret_hint).toBe(`…${ep.secret.slice(-4)}`);
    const [row] = await t.sql('select secret_sealed from webhook_endpoints where id = $1', [ep.id]);
    expect(row.secret_sealed).not.toContain(ep.secret.slice(6));
    const list = json(await req('GET', '/api/webhooks', owner.token)).data;
    expect(list.find((e: { id: number }) => e.id === ep.id)).toMatchObject({ events: ['message.status'], enabled: true });
    expect(JSON.stringify(list)).not.toContain(ep.secret);
    const [entry] = await t.sql('select * from audit_log where account_id = $1 and action = $2', [owner.accountId, 'webhook.created']);
    expect(entry).toMatchObject({ target_type: 'webhook', target_id: String(ep.id) });
    expect(JSON.stringify(entry.data)).not.toContain(ep.secret);

    const rotated = json(await req('POST', `/api/webhooks/${ep.id}/rotate-secret`, owner.token)).data;
    expect(rotated.secret).not.toBe(ep.secret);
    const off = await req('PATCH', `/api/webhooks/${ep.id}`, owner.token, { enabled: false });
    expect(json(off).data.enabled).toBe(false);
    expect(
      await t.sql('select 1 from audit_log where account_id = $1 and action = $2', [owner.accountId, 'webhook.disabled']),
    ).toHaveLength(1);
    expect((await req('DELETE', `/api/webhooks/${ep.id}`, owner.token)).statusCode).toBe(200);
    expect((await req('GET', `/api/webhooks/${ep.id}`, owner.token)).statusCode).toBe(404);
  });

  it('refuses private, loopback and metadata addresses as the connections do, and unknown events', async () => {
    t.ctx.config.outbound.allowedHosts = [];
    try {
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://10.1.2.3/hook',
        'http://169.254.169.254/latest',
        'http://[::1]/x',
        'http://localhost/x',
      ]) {
        const res = await req('POST', '/api/webhooks', owner.token, { url, events: ['message.status'] });
        expect(res.statusCode, url).toBe(400);
        expect(json(res).code, url).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
      }
    } finally {
      t.ctx.config.outbound.allowedHosts = ['127.0.0.1'];
    }
    const bad = await req('POST', '/api/webhooks', owner.token, { url: 'ftp://example.com/x', events: ['message.status'] });
    expect(bad.statusCode).toBe(400);
    const noEvent = await req('POST', '/api/webhooks', owner.token, { url: rx.url('/x'), events: ['message.nope'] });
    expect(noEvent.statusCode).toBe(400);
    expect(await t.sql('select 1 from webhook_endpoints where account_id = $1 and url like $2', [owner.accountId, '%/x'])).toHaveLength(0);
  });

  it('signs a test event with the documented scheme; the timestamp is fresh and the headers name it', async () => {
    const ep = await createEndpoint('/signed', ['campaign.finished']);
    const test = await req('POST', `/api/webhooks/${ep.id}/test`, owner.token);
    expect(test.statusCode).toBe(202);
    const [got] = await waitFor(
      () => rx.on('/signed'),
      (l) => l.length === 1,
    );
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ id: json(test).data.id, type: 'webhook.test', account_id: owner.accountId });
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    expect(got.headers['risala-event']).toBe('webhook.test');
    expect(got.headers['risala-delivery']).toBe(body.id);
    expect(verifies(ep.secret, got)).toBe(true);
    expect(verifies('whsec_wrong', got)).toBe(false);
    const t0 = Number(/t=(\d+)/.exec(String(got.headers['risala-signature']))?.[1]);
    expect(Math.abs(t0 - got.at / 1000)).toBeLessThan(5);
    const [d] = (await deliveriesOf(ep.id)).items;
    expect(d).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200, next_attempt_at: null });
    expect(d.last_attempts[0]).toMatchObject({ status_code: 200, error: null });
  });

  it('retries after 500s with growing waits, then succeeds; the attempts are kept', async () => {
    const ep = await createEndpoint('/flaky', ['customer.opted_out']);
    rx.scripts.set('/flaky', [500, 500, 503]);
    await emitWebhookEvent(t.ctx.db, owner.accountId, 'customer.opted_out', { customer_id: 1, channel: 'sms' });
    const got = await waitFor(
      () => rx.on('/flaky'),
      (l) => l.length === 4,
    );
    // backoff: base 100 ms doubling (equal jitter: at least half the step): ≥50, ≥100, ≥200 ms
    const gaps = got.slice(1).map((g, i) => g.at - (got[i] as Received).at);
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    expect(gaps[2]).toBeGreaterThanOrEqual(195);
    expect(new Set(got.map((g) => JSON.parse(g.body).id)).size).toBe(1); // the same delivery each time
    const [d] = await waitFor(
      async () => (await deliveriesOf(ep.id)).items,
      (l: WebhookDelivery[]) => l[0]?.status === 'delivered',
    );
    expect(d.attempts).toBe(4);
    expect(d.last_attempts.map((a) => a.status_code)).toEqual([200, 503, 500, 500]);
    expect(d.last_attempts[1]?.error).toBe('nope 503');
  });

  it('gives up after the retry window, and a re-send delivers it again under the same id', async () => {
    Object.assign(t.ctx.config.webhooks, { retryWindowMs: 700 });
    const ep = await createEndpoint('/down', ['campaign.finished']);
    rx.scripts.set('/down', Array(50).fill(500));
    await emitWebhookEvent(t.ctx.db, owner.accountId, 'campaign.finished', { campaign_id: 7, status: 'COMPLETED' });
    const [failed] = await waitFor(
      async () => (await deliveriesOf(ep.id)).items,
      (l: WebhookDelivery[]) => l[0]?.status === 'failed',
    );
    expect(failed.attempts).toBeGreaterThanOrEqual(2);
    expect(failed.next_attempt_at).toBeNull();
    const tries = rx.on('/down').length;
    await new Promise((r) => setTimeout(r, 500));
    expect(rx.on('/down')).toHaveLength(tries); // no more attempts once failed

    rx.scripts.set('/down', []);
    const resend = await req('POST', `/api/webhooks/${ep.id}/deliveries/${failed.id}/resend`, owner.token);
    expect(resend.statusCode).toBe(202);
    const [d] = await waitFor(
      async () => (await deliveriesOf(ep.id)).items,
      (l: WebhookDelivery[]) => l[0]?.status === 'delivered',
    );
    expect(d.id).toBe(failed.id);
    expect(JSON.parse(rx.on('/down').at(-1)?.body ?? '{}').id).toBe(failed.id);
  });

  it('emits message.status from a real send through the sandbox SMSC, in order per message even when the first fails', async () => {
    const ep = await createEndpoint('/status', ['message.status']);
    rx.scripts.set('/status', [500]); // SENT fails once: DELIVERED must wait for it
    await t.ctx.sms.connections.reconcile();
    const res = await req('POST', '/api/messages/sms', owner.token, { recipients: { numbers: ['+966500000071'] }, text: 'Hook me' });
    expect(res.statusCode, res.body).toBe(201);
    const got = await waitFor(
      () => rx.on('/status'),
      (l) => l.filter((g) => JSON.parse(g.body).data.status === 'DELIVERED').length === 1,
    );
    const seen = got.map((g) => JSON.parse(g.body).data);
    expect(seen.map((s) => s.status)).toEqual(['SENT', 'SENT', 'DELIVERED']);
    const [m] = await t.sql('select id from messages where account_id = $1 order by id desc limit 1', [owner.accountId]);
    expect(seen[2]).toMatchObject({ message_id: Number(m.id), channel: 'sms', status: 'DELIVERED', previous_status: 'SENT' });
    expect(seen[0]).toMatchObject({ previous_status: 'QUEUED' });
    for (const g of got) expect(verifies(ep.secret, g)).toBe(true);
    // the DELIVERED delivery left only after the SENT one succeeded
    expect((got[2] as Received).at).toBeGreaterThanOrEqual((got[1] as Received).at);
  });

  it('fills message.status `reference` with the public API caller’s reference (null without one)', async () => {
    const ep = await createEndpoint('/refs', ['message.status']);
    await t.ctx.sms.connections.reconcile();
    const key = json(
      await req('POST', '/api/api-keys', owner.token, {
        name: 'Refs',
        integration_type: 'rest',
        scopes: ['sms:send'],
        rate_per_second: 100,
      }),
    ).data;
    const withRef = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages/sms',
      headers: { authorization: `Bearer ${key.client_id}.${key.password}` },
      payload: { to: '+966500000072', text: 'Order shipped', reference: 'order-77' },
    });
    expect(withRef.statusCode, withRef.body).toBe(201);
    const refId = json(withRef).data.message_ids[0] as number;
    const plain = await req('POST', '/api/messages/sms', owner.token, { recipients: { numbers: ['+966500000073'] }, text: 'No ref' });
    expect(plain.statusCode, plain.body).toBe(201);
    const got = await waitFor(
      () => rx.on('/refs').map((g) => JSON.parse(g.body).data),
      (l) => l.filter((d) => d.status === 'DELIVERED').length === 2,
    );
    for (const d of got) expect(d.reference).toBe(d.message_id === refId ? 'order-77' : null);
    expect(got.filter((d) => d.message_id === refId).length).toBeGreaterThanOrEqual(2); // SENT and DELIVERED both carry it
    for (const g of rx.on('/refs')) expect(verifies(ep.secret, g)).toBe(true);
    expect((await req('DELETE', `/api/webhooks/${ep.id}`, owner.token)).statusCode).toBe(200);
  });

  it('emits message.inbound and customer.opted_out for an inbound STOP through the sandbox SMSC, to that account only', async () => {
    const a = await createEndpoint('/in-a', ['message.inbound', 'customer.opted_out']);
    const b = await createEndpoint('/in-b', ['message.inbound', 'customer.opted_out'], other.token);
    expect(smsc.sendMo('966500000091', 'Risala', ' STOP ')).toBe(true);
    const [stored] = await waitFor(
      () => t.sql('select account_id, id from inbound_messages where from_address = $1', ['+966500000091']),
      (rows) => rows.length === 1,
    );
    const [path, secret, stranger] = stored.account_id === owner.accountId ? ['/in-a', a.secret, '/in-b'] : ['/in-b', b.secret, '/in-a'];
    const got = await waitFor(
      () => rx.on(path),
      (l) => l.length === 2,
    );
    const bodies = got.map((g) => JSON.parse(g.body));
    expect(bodies.find((x) => x.type === 'message.inbound').data).toMatchObject({
      inbound_id: Number(stored.id),
      channel: 'sms',
      from: '+966500000091',
      text: ' STOP ',
      action: 'stop',
    });
    expect(bodies.find((x) => x.type === 'customer.opted_out').data).toMatchObject({
      address: '+966500000091',
      channel: 'sms',
      source: 'sms_stop',
    });
    for (const g of got) expect(verifies(secret, g)).toBe(true);
    expect(rx.on(stranger)).toHaveLength(0);
  });

  it('keeps accounts apart: another account neither receives these events nor sees the endpoints or deliveries', async () => {
    const mine = await createEndpoint('/mine', ['customer.opted_out']);
    const theirs = await createEndpoint('/theirs', ['customer.opted_out'], other.token);
    await emitWebhookEvent(t.ctx.db, owner.accountId, 'customer.opted_out', { customer_id: 2 });
    await waitFor(
      () => rx.on('/mine'),
      (l) => l.length === 1,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.on('/theirs')).toHaveLength(0);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${mine.id}`],
      ['GET', `/api/webhooks/${mine.id}/deliveries`],
      ['PATCH', `/api/webhooks/${mine.id}`],
      ['POST', `/api/webhooks/${mine.id}/test`],
      ['DELETE', `/api/webhooks/${mine.id}`],
    ] as const) {
      const res = await req(method, url, other.token, method === 'PATCH' ? { enabled: false } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = json(await req('GET', '/api/webhooks', other.token)).data;
    expect(list.map((e: { id: number }) => e.id)).toContain(theirs.id);
    expect(list.map((e: { id: number }) => e.id)).not.toContain(mine.id);
    const [row] = await t.sql('select count(*)::int as n from webhook_endpoints where account_id = $1', [other.accountId]);
    expect(list).toHaveLength(row.n);
  });

  it('10,000 status changes make their deliveries in three round trips, ordered per message', async () => {
    const bulk = await newOwner();
    const ep = await createEndpoint('/bulk', ['message.status'], bulk.token);
    let calls = 0;
    const pool = t.ctx.db.$client;
    const counting = {
      query: (...args: Parameters<typeof pool.query>) => {
        calls++;
        return pool.query(...args);
      },
    } as unknown as typeof pool;
    const changes = Array.from({ length: 10_000 }, (_, i) => ({
      id: 1_000_000 + (i % 5_000),
      account_id: bulk.accountId,
      channel: 'sms',
      status: i < 5_000 ? 'SENT' : 'DELIVERED',
      previous_status: i < 5_000 ? 'QUEUED' : 'SENT',
    }));
    expect(await emitMessageStatuses(counting, changes)).toBe(10_000);
    expect(calls).toBeLessThanOrEqual(3); // the endpoints of the account (cached afterwards), the batch's references, one insert
    const rows = await t.sql<{ key: string; statuses: string[] }>(
      `select ordering_key as key, array_agg(payload->>'status' order by id) as statuses
         from webhook_deliveries where endpoint_id = $1 group by ordering_key`,
      [ep.id],
    );
    expect(rows).toHaveLength(5_000);
    expect(rows.every((r) => r.statuses.join() === 'SENT,DELIVERED')).toBe(true);
    calls = 0;
    const third = await newOwner();
    await emitMessageStatuses(counting, [
      { id: 1, account_id: third.accountId, channel: 'sms', status: 'SENT', previous_status: 'QUEUED' },
    ]);
    await emitMessageStatuses(counting, [
      { id: 1, account_id: third.accountId, channel: 'sms', status: 'DELIVERED', previous_status: 'SENT' },
    ]);
    expect(calls).toBe(1); // an account without endpoints: one lookup, then nothing while cached
    expect((await req('DELETE', `/api/webhooks/${ep.id}`, bulk.token)).statusCode).toBe(200); // its deliveries go with it (the receiver is spared 10,000 posts)
  });

  it('a slow endpoint holds up no one else, and an event with no endpoint makes nothing', async () => {
    const slow = await createEndpoint('/slow', ['campaign.finished']);
    rx.delays.set('/slow', 2_000);
    const fast = await createEndpoint('/fast', ['campaign.finished'], other.token);
    await req('POST', `/api/webhooks/${slow.id}/test`, owner.token);
    await waitFor(
      () => rx.on('/slow'),
      (l) => l.length === 1,
    );
    const started = Date.now();
    await req('POST', `/api/webhooks/${fast.id}/test`, other.token);
    await waitFor(
      () => rx.on('/fast'),
      (l) => l.length === 1,
    );
    expect(Date.now() - started).toBeLessThan(1_500);

    const third = await newOwner();
    const before = await t.sql('select count(*)::int as n from webhook_deliveries');
    expect(await emitWebhookEvent(t.ctx.db, third.accountId, 'message.inbound', { from: '+966500000000' })).toBe(0);
    expect(await t.sql('select count(*)::int as n from webhook_deliveries')).toEqual(before);
  });
});
