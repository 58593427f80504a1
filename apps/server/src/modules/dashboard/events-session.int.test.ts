/**
 * GET /api/dashboard/events as a stream lives no longer than its session: after POST
 * /api/auth/logout of its token it writes no further event (checked before each one, and on a
 * timer when nothing happens) and says so (`event: end`, reason `session`); and every stream ends
 * after its lifetime (reason `reconnect`), so the browser reconnects and is authenticated again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Cast, createTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';

interface Stream {
  status: number;
  text(): string;
  events(name: string): string[];
  closed: Promise<number>;
  close(): void;
}

function openStream(app: TestApp, token: string, lastEventId?: number): Promise<Stream> {
  const port = (app.app.server.address() as AddressInfo).port;
  return new Promise((resolve, reject) => {
    const req = http.get({
      host: '127.0.0.1',
      port,
      path: '/api/dashboard/events',
      headers: { ...bearer(token), accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      const closed = new Promise<number>((done) => res.on('close', () => done(Date.now())));
      resolve({
        status: res.statusCode ?? 0,
        text: () => body,
        events: (name) => body.split('\n\n').filter((e) => e.includes(`event: ${name}\n`)),
        closed,
        close: () => req.destroy(),
      });
    });
  });
}

const until = async (probe: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!probe() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return probe();
};

/** A dashboard event for the account, as a fold writes it, and the NOTIFY that wakes the streams. */
async function event(t: TestApp, accountId: number): Promise<number> {
  const [row] = await t.sql<{ id: string }>(`insert into analytics_events (account_id, changes) values ($1, '[]') returning id`, [
    accountId,
  ]);
  await t.sql('select pg_notify($1, $2)', ['risala_analytics', String(accountId)]);
  return Number(row?.id);
}

async function owner(t: TestApp): Promise<Cast['owner']> {
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  return { userId: a.userId, accountId: s.user.account_id as number, token: s.token };
}

const logout = (t: TestApp, token: string) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });

describe('a stream checks its session before every event', () => {
  let t: TestApp;
  beforeAll(async () => {
    // the timer is as long as allowed: only the check before an event can stop this stream
    t = await createTestApp({ SSE_SESSION_RECHECK_SECONDS: '30', SSE_MAX_LIFETIME_SECONDS: '120' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends events while the session lives, none after its logout, and ends saying why', async () => {
    const me = await owner(t);
    const stream = await openStream(t, me.token);
    expect(stream.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200)); // listening
    const first = await event(t, me.accountId);
    expect(await until(() => stream.text().includes(`id: ${first}\n`))).toBe(true);

    expect((await logout(t, me.token)).statusCode).toBe(200);
    const second = await event(t, me.accountId);
    await stream.closed;
    expect(stream.text()).not.toContain(`id: ${second}\n`);
    expect(stream.events('change')).toHaveLength(1);
    expect(stream.events('end')[0]).toContain('"reason":"session"');
    // and the token opens no new stream
    expect((await openStream(t, me.token)).status).toBe(401);
  });
});

describe('a stream re-checks its session on a timer and has a lifetime', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SSE_SESSION_RECHECK_SECONDS: '0.3', SSE_MAX_LIFETIME_SECONDS: '1.5' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends within the recheck interval after a logout, with nothing happening', async () => {
    const me = await owner(t);
    const stream = await openStream(t, me.token);
    expect(stream.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    const loggedOut = Date.now();
    await logout(t, me.token);
    const closedAt = await stream.closed;
    expect(closedAt - loggedOut).toBeLessThan(1000); // the recheck (0.3 s), well before the lifetime (1.5 s)
    expect(stream.events('end')[0]).toContain('"reason":"session"');
  });

  it('ends after its lifetime, asking the client to reconnect; the reconnection resumes after the last event', async () => {
    const me = await owner(t);
    const opened = Date.now();
    const stream = await openStream(t, me.token);
    await new Promise((r) => setTimeout(r, 200));
    const first = await event(t, me.accountId);
    expect(await until(() => stream.text().includes(`id: ${first}\n`))).toBe(true);
    const closedAt = await stream.closed;
    expect(closedAt - opened).toBeGreaterThanOrEqual(1400);
    expect(closedAt - opened).toBeLessThan(4000);
    expect(stream.events('end')[0]).toContain('"reason":"reconnect"');

    // what the browser does next: the same request with Last-Event-ID, still signed in
    const second = await event(t, me.accountId);
    const again = await openStream(t, me.token, first);
    expect(again.status).toBe(200);
    expect(await until(() => again.text().includes(`id: ${second}\n`))).toBe(true);
    expect(again.text()).not.toContain(`id: ${first}\n`);
    again.close();
  });
});
