/**
 * SMS through an HTTP connection: API send → router → filter → HTTP sender → a loopback HTTP
 * server playing a Jasmin-like gateway → receipts on the signed DLR webhook. Real PostgreSQL, the
 * real graphile worker, the real dispatcher.
 */
import { storedReasonText as readable } from '@risala/shared/i18n/index.ts';
import dns from 'node:dns';
import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import type { Runner } from 'graphile-worker';
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWorker } from '../../jobs/worker.ts';
import { invalidateRoutingTable } from '../routing/routing-table.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp, timelineOf } from '../../test/helper.ts';

let t: TestApp;
let worker: Runner;
let owner: { accountId: number; token: string };
let gateway: http.Server;
let gatewayUrl: string;
let connId: number;

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
}
const seen: Seen[] = [];
let answer: (form: Record<string, string>, n: number) => [number, string] = () => [200, 'Success "x"'];

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(owner.token), payload });
const send = (numbers: string[], text: string) =>
  api('POST', '/api/messages/sms', { recipients: { numbers }, text }).then((r) => json(r).data);

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  let v = await fn();
  while (!ok(v)) {
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
    v = await fn();
  }
  return v;
}

const message = (bulkId: string): Promise<QueryResultRow> =>
  t.sql('select * from messages where bulk_id = $1', [bulkId]).then((rows) => rows[0] ?? {});
const statusIs = (status: string) => (m: QueryResultRow) => m.status === status;
const sentTo = (to: string) => seen.filter((s) => s.form.to === to);
const dlr = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  t = await createTestApp();
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, token: s.token };
  gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      seen.push({ url: req.url ?? '', headers: req.headers, form });
      const [status, text] = answer(form, seen.filter((x) => x.form.to === form.to).length);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', () => r()));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/send`;
  t.ctx.config.outbound.allowedHosts = ['127.0.0.1'];
  const created = await api('POST', '/api/gateway/connections', {
    type: 'http',
    connection_name: 'Jasmin',
    post_url: gatewayUrl,
    http_username: 'risala',
    http_password: 's3cret&=',
    sender_id: 'Risala',
    message_per_second: 200,
  });
  expect(created.statusCode).toBe(201);
  connId = json(created).data.id;
  // the HTTP form keeps the column defaults for these; the sender honours whatever the row says
  await t.sql('update connections set window_size = 4, retry_count = 2 where id = $1', [connId]);
  expect((await api('POST', `/api/gateway/connections/${connId}/start`)).statusCode).toBe(200);
  await t.sql(
    `insert into routers (account_id, router_name, router_type, "order", status, connection_ids) values ($1, 'Via HTTP', 'static', 1, 'ACTIVE', $2)`,
    [owner.accountId, [connId]],
  );
  invalidateRoutingTable(owner.accountId);
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await new Promise((r) => gateway?.close(r));
});
beforeEach(() => {
  t.ctx.config.outbound.allowedHosts = ['127.0.0.1'];
  answer = (form) => [200, `Success "gw-${form.to}"`];
});

describe('HTTP connections', () => {
  it('posts the Jasmin form, goes SENT with the gateway id, then DELIVERED from the signed DLR callback', async () => {
    const r = await send(['+966510000001'], 'Hello over HTTP');
    const m = await waitFor(() => message(r.bulk_id), statusIs('SENT'));
    const [req] = sentTo('966510000001');
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req?.form).toMatchObject({
      username: 'risala',
      password: 's3cret&=',
      from: 'Risala',
      content: 'Hello over HTTP',
      coding: '0',
      dlr: 'yes',
      'dlr-level': '3',
      'dlr-method': 'POST',
    });
    expect(req?.form['dlr-url']).toMatch(new RegExp(`/webhooks/http-dlr/${connId}/[\\w-]{32}$`));
    expect(m).toMatchObject({ connection_id: connId, smsc_message_id: 'gw-966510000001', parts_sent: 1, stage: 'done' });
    const keys = await t.sql('select key, part from sms_part_keys where message_id = $1', [m.id]);
    expect(keys).toEqual([{ key: 'gw-966510000001', part: 0 }]);

    const ack = await dlr(req?.form['dlr-url'] as string, { id: 'gw-966510000001', message_status: 'DELIVRD', level: '3', err: '000' });
    expect(ack.statusCode).toBe(200);
    expect(ack.body).toBe('ACK/Jasmin');
    const done = await waitFor(() => message(r.bulk_id), statusIs('DELIVERED'));
    expect(done.parts_delivered).toBe(1);
    const events = await timelineOf(t, bearer(owner.token), m.id);
    expect(events.map((e) => e.event)).toEqual(['QUEUED', 'SENT', 'DELIVERED']);
  });

  it('a long Arabic message is one UCS-2 request; one receipt delivers all its parts', async () => {
    answer = () => [200, JSON.stringify({ message_id: 'AR-1' })];
    const text = 'مرحبا بكم في رسالة، هذه رسالة طويلة باللغة العربية لاختبار التقسيم إلى أجزاء متعددة. '.repeat(2);
    const r = await send(['+966510000002'], text);
    expect(r.parts).toBeGreaterThan(1);
    const m = await waitFor(() => message(r.bulk_id), statusIs('SENT'));
    expect(sentTo('966510000002')).toHaveLength(1);
    expect(sentTo('966510000002')[0]?.form).toMatchObject({ content: text, coding: '8' });
    expect(m.parts_sent).toBe(r.parts);
    // a level-1 DLR (the SMSC accepted it), then the terminal one; GET works as well as POST
    const url = new URL(sentTo('966510000002')[0]?.form['dlr-url'] as string);
    const level1 = await t.app.inject({ method: 'GET', url: `${url.pathname}?id=AR-1&message_status=ESME_ROK&level=1` });
    expect(level1.statusCode).toBe(200);
    await waitFor(() => message(r.bulk_id), statusIs('ACCEPTED'));
    await dlr(url.toString(), { id: 'AR-1', message_status: 'DELIVRD', level: '2' });
    const done = await waitFor(() => message(r.bulk_id), statusIs('DELIVERED'));
    expect(done.parts_delivered).toBe(r.parts);
  });

  it('an UNDELIV receipt → FAILED with a readable reason', async () => {
    const r = await send(['+966510000003'], 'will not arrive');
    await waitFor(() => message(r.bulk_id), statusIs('SENT'));
    await dlr(sentTo('966510000003')[0]?.form['dlr-url'] as string, { id: 'gw-966510000003', message_status: 'UNDELIV', err: '012' });
    const m = await waitFor(() => message(r.bulk_id), statusIs('FAILED'));
    expect(m.error_code).toBe('UNDELIV');
    expect(readable(m.error_message, 'en')).toContain('012');
  });

  it('4xx → FAILED with the answer as the reason, credits back', async () => {
    answer = () => [412, 'Error "No route found"'];
    const before = await balance();
    const r = await send(['+966510000004'], 'refused');
    const m = await waitFor(() => message(r.bulk_id), statusIs('FAILED'));
    expect(m).toMatchObject({ error_code: 'HTTP_412', credits: 0 });
    expect(readable(m.error_message, 'en')).toBe('The SMS gateway refused the message: HTTP 412: Error "No route found"');
    expect(sentTo('966510000004')).toHaveLength(1);
    expect(await balance()).toBe(before);
  });

  it('5xx then success → retried and SENT; 5xx every time → FAILED after retry_count retries', async () => {
    answer = (form, n) => (n === 1 ? [503, 'busy'] : [200, `Success "gw-${form.to}"`]);
    const r = await send(['+966510000005'], 'second time lucky');
    const m = await waitFor(() => message(r.bulk_id), statusIs('SENT'));
    expect(sentTo('966510000005')).toHaveLength(2);
    expect(m.possible_duplicate).toBe(false);

    answer = () => [500, 'Error "Cannot send submit_sm"'];
    const f = await send(['+966510000006'], 'never');
    const fm = await waitFor(() => message(f.bulk_id), statusIs('FAILED'));
    expect(sentTo('966510000006')).toHaveLength(3); // the first try and retry_count = 2 retries
    expect(fm.error_code).toBe('HTTP_500');
  });

  it('keeps at most window_size requests open and no more than message_per_second', async () => {
    let open = 0;
    let most = 0;
    const started: number[] = [];
    const plain = gateway.listeners('request')[0] as http.RequestListener;
    gateway.removeAllListeners('request');
    gateway.on('request', (req, res) => {
      open++;
      most = Math.max(most, open);
      started.push(Date.now());
      setTimeout(() => {
        res.on('finish', () => open--);
        plain(req, res);
      }, 150);
    });
    await t.sql('update connections set message_per_second = 40 where id = $1', [connId]);
    try {
      const r = await send(
        Array.from({ length: 12 }, (_, i) => `+9665110000${10 + i}`),
        'windowed',
      );
      await waitFor(
        () => t.sql(`select count(*)::int as n from messages where bulk_id = $1 and status = 'SENT'`, [r.bulk_id]),
        (rows) => rows[0].n === 12,
      );
      expect(most).toBeLessThanOrEqual(4);
      expect(most).toBeGreaterThan(1);
      // 12 requests at 40/s: the last starts at least 11 × 25 ms after the first
      expect((started.at(-1) as number) - (started[0] as number)).toBeGreaterThanOrEqual(270);
    } finally {
      gateway.removeAllListeners('request');
      gateway.on('request', plain);
      await t.sql('update connections set message_per_second = 200 where id = $1', [connId]);
    }
  });

  it('refuses forged or missing DLR tokens (401) and incomplete receipts (400)', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: `/webhooks/http-dlr/${connId}/${'A'.repeat(32)}`,
      payload: 'id=x&message_status=DELIVRD',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(401);
    expect(json(forged).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    // another connection's token does not fit this one
    const other = new URL(seen[0]?.form['dlr-url'] as string).pathname.split('/').pop();
    const swapped = await t.app.inject({ method: 'GET', url: `/webhooks/http-dlr/${connId + 1}/${other}?id=x&message_status=DELIVRD` });
    expect(swapped.statusCode).toBe(401);
    const incomplete = await dlr(seen[0]?.form['dlr-url'] as string, { id: 'gw-1' });
    expect(incomplete.statusCode).toBe(400);
  });

  it('a private post_url stored earlier is refused at send time without the allowance', async () => {
    t.ctx.config.outbound.allowedHosts = [];
    const r = await send(['+966510000007'], 'not to a private address');
    const m = await waitFor(() => message(r.bulk_id), statusIs('FAILED'));
    expect(m.error_code).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
    expect(readable(m.error_message, 'en')).toContain('not allowed');
    expect(sentTo('966510000007')).toHaveLength(0);
  });

  it('connects to the address it checked: a name that rebinds to loopback after the check reaches nothing', async () => {
    t.ctx.config.outbound.allowedHosts = [];
    const name = 'gw.rebind.test';
    const restore = rebindAtBoundary(name);
    const api2 = (a: 'stop' | 'start') => api('POST', `/api/gateway/connections/${connId}/${a}`);
    try {
      expect((await api2('stop')).statusCode).toBe(200);
      await t.sql('update connections set post_url = $2 where id = $1', [connId, gatewayUrl.replace('127.0.0.1', name)]);
      expect((await api2('start')).statusCode).toBe(200);
      const r = await send(['+966510000040'], 'to the checked address only');
      const m = await waitFor(
        () => message(r.bulk_id),
        (x) => x.status === 'FAILED' || x.status === 'SENT',
      );
      expect(sentTo('966510000040')).toHaveLength(0);
      expect(m).toMatchObject({ status: 'FAILED', error_code: 'PRIVATE_ADDRESS_NOT_ALLOWED' });
    } finally {
      restore();
      expect((await api2('stop')).statusCode).toBe(200);
      await t.sql('update connections set post_url = $2 where id = $1', [connId, gatewayUrl]);
      expect((await api2('start')).statusCode).toBe(200);
    }
  });

  it('a stopped HTTP connection keeps messages QUEUED until it is started again', async () => {
    expect((await api('POST', `/api/gateway/connections/${connId}/stop`)).statusCode).toBe(200);
    const r = await send(['+966510000008', '+966510000009'], 'waiting');
    await waitFor(
      () => t.sql(`select count(*)::int as n from messages where bulk_id = $1 and status = 'QUEUED'`, [r.bulk_id]),
      (rows) => rows[0].n === 2,
    );
    await new Promise((res) => setTimeout(res, 1500));
    const still = await t.sql('select status from messages where bulk_id = $1', [r.bulk_id]);
    expect(still.map((x) => x.status)).toEqual(['QUEUED', 'QUEUED']);
    expect(sentTo('966510000008')).toHaveLength(0);
    expect((await api('POST', `/api/gateway/connections/${connId}/start`)).statusCode).toBe(200);
    await waitFor(
      () => t.sql(`select count(*)::int as n from messages where bulk_id = $1 and status = 'SENT'`, [r.bulk_id]),
      (rows) => rows[0].n === 2,
    );
  });

  it('stopping aborts an open request: the message waits QUEUED, flagged possible duplicate', async () => {
    const plain = gateway.listeners('request')[0] as http.RequestListener;
    const hanging: http.ServerResponse[] = [];
    gateway.removeAllListeners('request');
    gateway.on('request', (req, res) => {
      req.resume();
      hanging.push(res);
    });
    const r = await send(['+966510000030'], 'no answer yet');
    try {
      await waitFor(
        async () => hanging.length,
        (n) => n === 1,
      );
      expect((await api('POST', `/api/gateway/connections/${connId}/stop`)).statusCode).toBe(200);
      const m = await waitFor(
        () => message(r.bulk_id),
        (row) => row.status === 'QUEUED' && row.possible_duplicate,
      );
      expect(m.stage).toBe('connection');
      // back in its connection's queue, waiting (not claimed)
      expect(await t.sql('select inflight from sms_queue where message_id = $1', [m.id])).toEqual([{ inflight: false }]);
    } finally {
      for (const res of hanging) res.destroy();
      gateway.removeAllListeners('request');
      gateway.on('request', plain);
      expect((await api('POST', `/api/gateway/connections/${connId}/start`)).statusCode).toBe(200);
    }
    await waitFor(() => message(r.bulk_id), statusIs('SENT'));
  });

  it('goes through the configured proxy', async () => {
    const proxied: string[] = [];
    const proxy = http.createServer((req, res) => {
      proxied.push(`${req.method} ${req.url} ${req.headers['proxy-authorization'] ?? ''}`);
      const target = new URL(req.url as string);
      const up = http.request(
        { host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(up);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (proxy.address() as { port: number }).port;
      await t.sql('update connections set proxy_host = $2, proxy_port = $3, proxy_username = $4 where id = $1', [
        connId,
        '127.0.0.1',
        port,
        'px',
      ]);
      // the sender re-reads its row about every second (later on a busy machine): send one message
      // at a time until one takes the new route, then check it went through the proxy, once
      const until = Date.now() + 6000;
      for (let i = 0; proxied.length === 0 && Date.now() < until; i++) {
        const r = await send([`+9665100001${String(i).padStart(2, '0')}`], 'via the proxy');
        await waitFor(() => message(r.bulk_id), statusIs('SENT'));
        await new Promise((res) => setTimeout(res, 200));
      }
      expect(proxied).toHaveLength(1);
      expect(proxied[0]).toContain(`POST ${gatewayUrl} Basic ${Buffer.from('px:').toString('base64')}`);
    } finally {
      await t.sql('update connections set proxy_host = null, proxy_port = null, proxy_username = null where id = $1', [connId]);
      await new Promise((r) => proxy.close(r));
    }
  });
});

/**
 * DNS rebinding at the boundary (Node's resolver): for `name`, the promise API answers a public
 * address and the callback API — the one sockets use — answers loopback, as a name whose records
 * change between a check and the connect would. The public address is only ever an answer: the
 * guarded code resolves with the callback API and so never connects to it.
 */
function rebindAtBoundary(name: string) {
  const original = { lookup: dns.lookup, promises: dns.promises.lookup };
  const answer = (address: string, family: number, all: boolean) => (all ? [{ address, family }] : { address, family });
  dns.promises.lookup = (async (host: string, opts?: dns.LookupOptions) =>
    host === name ? answer('93.184.216.34', 4, Boolean(opts?.all)) : original.promises(host, opts ?? {})) as typeof dns.promises.lookup;
  dns.lookup = ((host: string, a: unknown, b: unknown) => {
    const cb = (typeof a === 'function' ? a : b) as (err: Error | null, ...rest: unknown[]) => void;
    const opts = (typeof a === 'object' && a ? a : {}) as dns.LookupOptions;
    if (host !== name) return original.lookup(host, opts as dns.LookupAllOptions, cb as never);
    process.nextTick(() => (opts.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4)));
  }) as typeof dns.lookup;
  syncBuiltinESMExports();
  return () => {
    dns.lookup = original.lookup;
    dns.promises.lookup = original.promises;
    syncBuiltinESMExports();
  };
}

async function balance() {
  const [row] = await t.sql(`select balance::int from credits where account_id = $1 and channel = 'sms'`, [owner.accountId]);
  return row.balance as number;
}
