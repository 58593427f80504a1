import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, multipartFile, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { tinyPng } from '../storage/test-files.ts';

/** A page of another site must not make the browser act on its session cookie. */
const PUBLIC_URL = 'https://risala.example';
let t: TestApp;
let token: string;
let accountId: number;
let email: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  ({ email } = await signUp(t));
  const session = await signIn(t, email);
  token = session.token;
  accountId = session.user.account_id;
});
afterAll(async () => {
  await t.close();
});

const stored = async () => (await t.sql('select count(*)::int as n from files where account_id = $1', [accountId]))[0].n as number;

function upload(auth: { cookies?: Record<string, string>; headers?: Record<string, string> }) {
  const { payload, headers } = multipartFile({ filename: 'x.png', contentType: 'image/png', data: tinyPng() }, { purpose: 'content' });
  return t.app.inject({
    method: 'POST',
    url: '/api/s3/upload',
    headers: { host: 'risala.example', ...headers, ...auth.headers },
    ...(auth.cookies ? { cookies: auth.cookies } : {}),
    payload,
  });
}

describe('state-changing requests on a session cookie', () => {
  it('refuses a multipart upload from a foreign Origin before reading it, in both languages', async () => {
    const before = await stored();
    const res = await upload({ cookies: { token }, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('CROSS_SITE_REQUEST');
    const ar = await upload({ cookies: { token }, headers: { origin: 'https://evil.example', 'accept-language': 'ar' } });
    expect(json(ar).message).toBe('رُفض هذا الطلب لأنه صادر من موقع آخر. افتح التطبيق مباشرةً وحاول مرة أخرى.');
    expect(await stored()).toBe(before);
  });

  it('refuses what the browser marks cross-site or same-site (a sibling subdomain), and an opaque Origin', async () => {
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://files.risala.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of refused) {
      const res = await upload({ cookies: { token }, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/s3/files/acc_1%2Fnone.png',
      cookies: { token },
      headers: { origin: 'https://evil.example' },
    });
    expect(json(del).code).toBe('CROSS_SITE_REQUEST');
  });

  it('accepts our own origin, a same-origin fetch, and a client that is not a browser', async () => {
    const accepted: Record<string, string>[] = [
      { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      { origin: PUBLIC_URL },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: 'http://risala.example' }, // behind a proxy that keeps the Host, a browser without Sec-Fetch-Site
      {},
    ];
    for (const headers of accepted) {
      const res = await upload({ cookies: { token }, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('leaves bearer-token requests and reads alone', async () => {
    const viaBearer = await upload({ headers: { ...bearer(token), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(viaBearer.statusCode).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/s3/stats',
      cookies: { token },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('a page of another site cannot sign a browser in or out', async () => {
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: foreign,
      payload: { email, password: 'Str0ng!Pass' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.cookies).toEqual([]);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { token }, headers: foreign });
    expect(out.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: '/api/s3/stats', cookies: { token } });
    expect(still.statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      payload: { email, password: 'Str0ng!Pass' },
    });
    expect(own.statusCode).toBe(200);
  });
});
