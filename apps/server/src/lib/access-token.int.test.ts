/**
 * METRICS_TOKEN and API_DOCS_TOKEN close /metrics and the OpenAPI document (its JSON, YAML and UI)
 * to anyone without the token: a bearer token (Prometheus) or HTTP Basic (a browser's prompt).
 * Without them, development leaves both open (system.int.test.ts); production answers this
 * machine only, unless METRICS_PUBLIC / API_DOCS_PUBLIC open them explicitly.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test/helper.ts';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const DOCS_TOKEN = 'docs-token-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN, API_DOCS_TOKEN: DOCS_TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, authorization?: string) => t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('operator endpoints behind a token', () => {
  it('/metrics answers 401 without the token (or with the other one), 200 with it', async () => {
    for (const auth of [undefined, 'Bearer wrong-token', `Bearer ${DOCS_TOKEN}`, `Bearer ${METRICS_TOKEN}x`, 'Basic !!!']) {
      const res = await get('/metrics', auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(json(res)).toMatchObject({ code: 'UNAUTHORIZED', isError: true });
      expect(res.body).not.toContain('risala_');
    }
    const ok = await get('/metrics', `Bearer ${METRICS_TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE risala_http_request_duration_seconds histogram');
    expect((await get('/metrics', basic('prometheus', METRICS_TOKEN))).statusCode).toBe(200);
  });

  it('the OpenAPI JSON, YAML and UI answer 401 with a Basic challenge, and open with the token', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="Risala API documentation"/);
      expect((await get(url, basic('me', METRICS_TOKEN))).statusCode, url).toBe(401);
    }
    const doc = await get('/api/docs/json', basic('anyone', DOCS_TOKEN));
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(json(doc).paths)).toContain('/api/auth/login');
    expect((await get('/api/docs/json', `Bearer ${DOCS_TOKEN}`)).statusCode).toBe(200);
    const ui = await get('/api/docs', basic('anyone', DOCS_TOKEN));
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('the API itself is not affected', async () => {
    expect((await get('/health')).statusCode).toBe(200);
  });
});

/** A production configuration the server accepts (its own secrets and relay; nothing is mailed here). */
const production = (env: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  SMTP_URL: 'smtp://127.0.0.1:9',
  PUBLIC_URL: 'https://risala.example.com',
  ...env,
});

const OPERATOR_URLS = ['/metrics', '/api/docs', '/api/docs/json', '/api/docs/yaml'];
/** A request as it arrives from elsewhere: another peer, or this machine through a proxy. */
const from = (app: TestApp, url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, remoteAddress, headers });

describe('in production, without their tokens', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp(production());
  });
  afterAll(async () => {
    await p?.close();
  });

  it('answer 403 to any other machine, and to this one through a proxy', async () => {
    for (const url of OPERATOR_URLS) {
      const res = await from(p, url, '203.0.113.7');
      expect(res.statusCode, url).toBe(403);
      expect(json(res)).toMatchObject({ code: 'FORBIDDEN', isError: true });
      expect(res.body).not.toContain('risala_http');
      expect((await from(p, url, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode, url).toBe(403);
      expect((await from(p, url, '127.0.0.1', { host: 'risala.example.com' })).statusCode, url).toBe(403);
    }
  });

  it('answer this machine (a Prometheus or a browser on the host itself)', async () => {
    const metrics = await from(p, '/metrics', '127.0.0.1', { host: '127.0.0.1:3000' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('risala_http_request_duration_seconds');
    expect((await from(p, '/api/docs/json', '::1', { host: 'localhost:3000' })).statusCode).toBe(200);
    expect((await from(p, '/health', '203.0.113.7')).statusCode).toBe(200); // the API itself is not affected
  });
});

describe('in production, opened explicitly', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp(production({ METRICS_PUBLIC: 'true', API_DOCS_PUBLIC: 'true' }));
  });
  afterAll(async () => {
    await p?.close();
  });

  it('METRICS_PUBLIC and API_DOCS_PUBLIC answer anyone', async () => {
    for (const url of OPERATOR_URLS) expect((await from(p, url, '203.0.113.7')).statusCode, url).toBe(200);
  });
});

describe('in production, with their tokens', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp(production({ METRICS_TOKEN, API_DOCS_TOKEN: DOCS_TOKEN, METRICS_PUBLIC: 'true' }));
  });
  afterAll(async () => {
    await p?.close();
  });

  it('the token is needed from anywhere, this machine too (a token wins over METRICS_PUBLIC)', async () => {
    expect((await from(p, '/metrics', '127.0.0.1', { host: '127.0.0.1:3000' })).statusCode).toBe(401);
    expect((await from(p, '/metrics', '203.0.113.7', { authorization: `Bearer ${METRICS_TOKEN}` })).statusCode).toBe(200);
    expect((await from(p, '/api/docs/json', '203.0.113.7', { authorization: `Bearer ${DOCS_TOKEN}` })).statusCode).toBe(200);
  });
});
