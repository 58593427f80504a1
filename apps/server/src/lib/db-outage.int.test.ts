/**
 * A database outage answers 503 SERVICE_UNAVAILABLE with Retry-After, not 500: the app talks to
 * PostgreSQL through a TCP relay on loopback that the test cuts (every open connection dropped,
 * new ones refused) and restores, like a PostgreSQL restart. The classifier is also checked on the
 * real errors PostgreSQL gives for a terminated backend and a refused connection.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb, type Db } from '../db/client.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from '../test/helper.ts';
import { isDbUnavailable, mapDbError } from './errors.ts';

/** A loopback TCP relay to PostgreSQL that can be cut and restored on the same port. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async cut() {
      await new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      });
    },
    async restore() {
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    },
  };
}

let t: TestApp;
let relay: Awaited<ReturnType<typeof startRelay>>;
let app: FastifyInstance;
let db: Db;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t, (await signUp(t)).email)).token;
  const url = new URL(t.ctx.config.databaseUrl as string);
  relay = await startRelay({ host: url.hostname, port: Number(url.port) });
  url.host = `127.0.0.1:${relay.port}`;
  db = createDb(url.toString(), 3);
  app = await buildApp({ ...t.ctx, db });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.$client.end().catch(() => {});
  await t?.close();
});

describe('PostgreSQL down', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After while it is down, and works again once it is back', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/brands', headers: bearer(token) })).statusCode).toBe(200);

    await relay.cut();
    for (const res of [
      await app.inject({ method: 'GET', url: '/api/brands', headers: bearer(token) }),
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'Str0ng!Pass' } }),
    ]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(json(res)).toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable',
        isError: true,
      });
    }
    const ar = await app.inject({ method: 'GET', url: '/api/brands', headers: { ...bearer(token), 'accept-language': 'ar' } });
    expect(json(ar).message).toBe('الخدمة غير متاحة مؤقتًا');

    await relay.restore();
    const back = await app.inject({ method: 'GET', url: '/api/brands', headers: bearer(token) });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('reads the real errors of a terminated backend and a refused connection as an outage, and nothing else', async () => {
    const client = new pg.Client({ connectionString: t.ctx.config.databaseUrl as string });
    client.on('error', () => {});
    await client.connect();
    const [{ pid }] = (await client.query('select pg_backend_pid() as pid')).rows;
    const sleeping = client.query('select pg_sleep(30)').catch((e: unknown) => e);
    await t.sql('select pg_terminate_backend($1)', [pid]);
    const terminated = await sleeping;
    expect((terminated as { code: string }).code).toBe('57P01');
    expect(isDbUnavailable(terminated)).toBe(true);
    // and the next query on that client: "Client has encountered a connection error…" or similar
    const after = await client.query('select 1').catch((e: unknown) => e);
    expect(isDbUnavailable(after)).toBe(true);

    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const refused = await new pg.Client({ connectionString: `postgres://x:y@127.0.0.1:${port}/none` }).connect().catch((e: unknown) => e);
    expect(mapDbError(refused)?.code).toBe('SERVICE_UNAVAILABLE');

    const fetchFailed = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(isDbUnavailable(fetchFailed)).toBe(false); // a provider's refused connection is not the database
    const unique = await t.sql(`select 1/0`).catch((e: unknown) => e);
    expect(isDbUnavailable(unique)).toBe(false);
  });
});
