/**
 * Bad bytes at the boundary: a NUL, invalid UTF-8 or a lone surrogate in a query string, a path
 * parameter, a JSON body or a multipart text field is 400 VALIDATION_ERROR before any handler (it
 * used to be a 500 from PostgreSQL, or stored as U+FFFD), and good Arabic text still goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../modules/storage/test-files.ts';
import { bearer, createTestApp, json, multipartFile, signIn, signUp, type TestApp } from '../test/helper.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t, (await signUp(t)).email)).token;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
const postJson = (url: string, payload: string | Buffer) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload });

function expectBadText(res: { statusCode: number; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ code: 'VALIDATION_ERROR', isError: true });
  expect(body.errors).toContainEqual({ field, message: 'This text contains a character that cannot be stored (a NUL or invalid UTF-8)' });
}

describe('query strings and path parameters', () => {
  it('refuses a NUL, invalid percent-encoded UTF-8 and an encoded surrogate; reads Arabic as before', async () => {
    for (const q of ['%00', 'a%00b', '%FF', '%C3%28', '%ED%A0%80', '%E2%82']) {
      expectBadText(await get(`/api/brands?search=${q}`), 'search');
    }
    expectBadText(await get('/api/messages?search=%00'), 'search');
    const arabic = await get(`/api/brands?search=${encodeURIComponent('نورة')}`);
    expect(arabic.statusCode, arabic.body).toBe(200);
  });

  it('answers in the caller’s language', async () => {
    const res = await get('/api/brands?search=%00', { 'accept-language': 'ar' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0].message).toBe('يحتوي هذا النص على حرف لا يمكن حفظه (NUL أو ترميز UTF-8 غير صالح)');
  });

  it('refuses them in a path parameter too (a public route that reads the database)', async () => {
    expectBadText(await t.app.inject({ method: 'GET', url: '/s/ab%00cd' }), 'params');
    expectBadText(await t.app.inject({ method: 'GET', url: '/s/%FF' }), 'params');
    expect((await t.app.inject({ method: 'GET', url: '/s/unknown1' })).statusCode).toBe(404);
  });

  it('never cuts an export stream: the bad filter is refused before the first byte', async () => {
    const res = await get('/api/messages/export.csv?search=%00');
    expectBadText(res, 'search');
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('JSON bodies', () => {
  it('refuses a NUL or a lone surrogate in any string, naming the field', async () => {
    expectBadText(await postJson('/api/brands', JSON.stringify({ name: 'Acme\u0000' })), 'name');
    expectBadText(await postJson('/api/brands', '{"name":"\\ud800"}'), 'name');
    expectBadText(await postJson('/api/brands', '{"name":"ok","description":"\\udc00 low"}'), 'description');
    // nested, and in a key
    expectBadText(await postJson('/api/customer', '{"first_name":"A","attributes":{"x":["ok","\\u0000"]}}'), 'attributes.x.1');
    expectBadText(await postJson('/api/customer', '{"first_name":"A","attributes":{"k\\u0000":"v"}}'), 'attributes');
    const [{ n }] = await t.sql(`select count(*)::int as n from brands where name like 'Acme%'`);
    expect(n).toBe(0);
  });

  it('refuses bytes that are not UTF-8 instead of storing U+FFFD', async () => {
    const bytes = Buffer.concat([Buffer.from('{"name":"Acme '), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    expectBadText(await postJson('/api/brands', bytes), 'body');
    const overlong = Buffer.concat([Buffer.from('{"name":"A'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]);
    expectBadText(await postJson('/api/brands', overlong), 'body');
    const [{ n }] = await t.sql(`select count(*)::int as n from brands where name like '%\ufffd%'`);
    expect(n).toBe(0);
  });

  it('stores good text, Arabic and emoji included, as sent', async () => {
    const res = await postJson('/api/brands', JSON.stringify({ name: 'متجر النخبة 🌴', description: 'سطر\nثانٍ' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data).toMatchObject({ name: 'متجر النخبة 🌴', description: 'سطر\nثانٍ' });
  });
});

describe('multipart text fields', () => {
  it('refuses a NUL in a field or a file name, and a name that was not UTF-8', async () => {
    const upload = (fields: Record<string, string>, filename = 'logo.png') => {
      const body = multipartFile({ filename, contentType: 'image/png', data: tinyPng() }, fields);
      return t.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    };
    expectBadText(await upload({ purpose: 'general\u0000' }), 'purpose');
    expectBadText(await upload({ purpose: 'general' }, 'lo\u0000go.png'), 'file');
    expectBadText(await upload({ purpose: 'general' }, 'logo\ud800.png'), 'file');
    const ok = await upload({ purpose: 'general' }, 'شعار.png');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok).data.original_name).toBe('شعار.png');
  });
});
