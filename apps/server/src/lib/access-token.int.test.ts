/**
 * METRICS_TOKEN and API_DOCS_TOKEN close /metrics and the OpenAPI document (its JSON, YAML and UI)
 * to anyone without the token: a bearer token (Prometheus) or HTTP Basic (a browser's prompt).
 * Without them both stay open (system.int.test.ts).
 */
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
