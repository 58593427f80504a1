import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../../scripts/build-web.mjs';
import { processState } from '../../instances/registry.ts';
import {
  createTestApp,
  json,
  latestOtp,
  mailsTo,
  passCooldown,
  registration,
  type TestApp,
  uniqueEmail,
  waitForMails,
} from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health and metrics', () => {
  it("GET /health answers 200 while the process runs (liveness: the database is /ready's business)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ statusCode: 200, message: 'OK', data: { status: 'ok', role: 'all', mail: 'sandbox' } });
    expect(typeof body.data.uptime_s).toBe('number');
  });

  it('GET /ready needs the database and a running job worker', async () => {
    const state = processState(t.ctx);
    const notReady = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(json(notReady).data).toEqual({ status: 'not_ready', role: 'all', database: 'up', worker: 'down' });
    state.workerRunning = () => true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(200);
      expect(json(ready)).toMatchObject({ statusCode: 200, message: 'ready', data: { status: 'ready', database: 'up', worker: 'up' } });
    } finally {
      state.workerRunning = null;
    }
  });

  it('GET /api/subscription/health answers 200 (the sandbox provider, whose peer this test never started: unavailable)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ status: 'ok', payments: 'sandbox', checkout_available: false });
  });

  it('GET /metrics serves Prometheus text with the request-duration histogram', async () => {
    await t.app.inject({ method: 'GET', url: '/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('# TYPE risala_http_request_duration_seconds histogram');
    expect(res.body).toMatch(/risala_http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} [1-9]/);
  });

  it('sends the security headers on the API and on the Swagger UI', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/health' });
    expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(api.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-security-policy']).toBe(api.headers['content-security-policy']);
    expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\ssrc=)[^>]*>/); // no inline script for the CSP to block
  });

  it('serves the OpenAPI document with the auth routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(json(res).paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/verify-otp', '/api/notifications', '/api/auth/user/{id}/feature-access']),
    );
  });
});

describe('sandbox inbox', () => {
  it('GET /api/sandbox/status says the sandbox is on without SMTP_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sandbox/status' });
    expect(json(res).data).toEqual({ enabled: true, mail: 'sandbox', scope: 'all' });
  });

  it('lists the mails of one address, newest first, with the one-time code', async () => {
    const body = registration();
    const email = body.email as string;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body })).statusCode).toBe(201);
    await latestOtp(t, email);
    await passCooldown(t, email);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/resend-otp', payload: { email } })).statusCode).toBe(200);
    const items = await waitForMails(t, email, 2);
    expect(items).toHaveLength(2);
    expect(items[0].id).toBeGreaterThan(items[1].id);
    expect(Date.parse(items[0].created_at)).toBeGreaterThanOrEqual(Date.parse(items[1].created_at));
    for (const m of items) {
      expect(m.to).toEqual([email]);
      expect(m.otp_code).toMatch(/^\d{6}$/);
      expect(m.subject).toContain(m.otp_code);
    }
    // the newest listed code is the live one
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp: items[0].otp_code } });
    expect(ok.statusCode).toBe(200);

    const upper = await t.app.inject({ method: 'GET', url: `/api/sandbox/mails?to=${encodeURIComponent(email.toUpperCase())}&limit=1` });
    expect(json(upper).data.items.map((m: { id: number }) => m.id)).toEqual([items[0].id]);
    expect(await mailsTo(t, uniqueEmail('nobody'))).toEqual([]);
  });

  it('requires the address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sandbox/mails' });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
  });
});

describe('with a real SMTP relay configured', () => {
  let relay: TestApp;
  beforeAll(async () => {
    relay = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await relay.close();
  });

  it('turns the sandbox inbox off: 404 SANDBOX_DISABLED, status enabled false', async () => {
    const mails = await relay.app.inject({ method: 'GET', url: '/api/sandbox/mails?to=someone@example.com' });
    expect(mails.statusCode).toBe(404);
    expect(json(mails)).toMatchObject({ code: 'SANDBOX_DISABLED', isError: true });
    const status = await relay.app.inject({ method: 'GET', url: '/api/sandbox/status' });
    expect(json(status).data).toEqual({ enabled: false, mail: 'smtp', scope: 'all' });
    expect(json(await relay.app.inject({ method: 'GET', url: '/health' })).data.mail).toBe('smtp');
  });

  it('keeps nothing when the code mail cannot be sent (503 SERVICE_UNAVAILABLE)', async () => {
    const body = registration();
    const res = await relay.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(503);
    expect(json(res).code).toBe('SERVICE_UNAVAILABLE');
    const users = await relay.sql('select count(*)::int as n from users where email = $1', [body.email]);
    expect(users[0].n).toBe(0);
    const codes = await relay.sql('select count(*)::int as n from otp_codes where email = $1', [body.email]);
    expect(codes[0].n).toBe(0);
  });
});

describe('unknown routes', () => {
  it('answers an unknown /api path with the 404 ROUTE_NOT_FOUND envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/does-not-exist'],
      ['DELETE', '/api/auth/login'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(json(res)).toEqual({
        statusCode: 404,
        code: 'ROUTE_NOT_FOUND',
        message: 'This address does not exist',
        errors: [],
        isError: true,
      });
    }
  });

  it('answers in Arabic when asked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'ar' } });
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('ROUTE_NOT_FOUND');
    expect(json(res).message).not.toBe('This address does not exist');
    expect(json(res).message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('the single-page app', () => {
  let web: TestApp;
  // larger than the 512 bytes below which the build does not compress
  const script = `console.log(${JSON.stringify('risala '.repeat(200))});`;
  const page = `<!doctype html><html><head><title>Risala</title></head><body>${'<div id="root"></div>'.repeat(40)}</body></html>`;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'risala-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), script);
    expect(await precompress(dist)).toBe(2); // the build's own step (index.html and the script; the icon is too small)
    web = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await web?.close();
  });

  it('answers index.html for client routes, the file for a built asset, and 404 for a missing file', async () => {
    const route = await web.app.inject({ method: 'GET', url: '/customer/import?step=2' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toMatch(/text\/html/);
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(script);
    // a script of another build (a tab opened before a deploy) must not come back as HTML
    const missing = await web.app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/text\/html/);
    // /webhooks is the screen; the providers' callbacks under /webhooks/… stay API addresses
    const screen = await web.app.inject({ method: 'GET', url: '/webhooks' });
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['content-type']).toMatch(/text\/html/);
    const callback = await web.app.inject({ method: 'GET', url: '/webhooks/nothing-here' });
    expect(callback.statusCode).toBe(404);
    expect(json(callback).code).toBe('ROUTE_NOT_FOUND');
  });

  it('sends the precompressed copy the browser accepts, brotli first, with Vary: Accept-Encoding', async () => {
    const br = await web.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await web.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await web.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);

    const route = await web.app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(route.headers['content-encoding']).toBe('br');
    expect(route.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(route.rawPayload).toString()).toBe(page);
    // the compressed copies are not addresses of their own
    expect((await web.app.inject({ method: 'GET', url: '/assets/app-1.js.br' })).statusCode).toBe(404);
  });

  it('lets browsers keep hashed assets for a year and revalidate index.html on every load', async () => {
    for (const encoding of ['br', 'identity']) {
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': encoding } });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/', '/index.html', '/campaign/12', '/favicon.svg']) {
        const res = await web.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    }
    // revalidation is cheap: the same build answers 304
    const first = await web.app.inject({ method: 'GET', url: '/index.html', headers: { 'accept-encoding': 'br' } });
    const again = await web.app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
