import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, multipartFile, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { tinyPdf, tinyPng } from '../storage/test-files.ts';

let t: TestApp;
let owner: { userId: number; accountId: number; token: string };
let viewer: { userId: number; token: string };
let marketer: { userId: number; token: string };
let stranger: { userId: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const as = await signIn(t, a.email);
  owner = { userId: a.userId, accountId: as.user.account_id, token: as.token };
  const v = await addUserToAccount(t, owner.accountId, 'viewer');
  viewer = { userId: v.userId, token: (await signIn(t, v.email)).token };
  const m = await addUserToAccount(t, owner.accountId, 'marketer');
  marketer = { userId: m.userId, token: (await signIn(t, m.email)).token };
  const b = await signUp(t, { company_name: 'Other Co' });
  stranger = { userId: b.userId, token: (await signIn(t, b.email)).token };
});
afterAll(async () => {
  await t.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
async function uploadFile(token: string, data: Buffer, purpose = 'logo') {
  const { payload, headers } = multipartFile({ filename: 'f', contentType: 'image/png', data }, { purpose });
  const res = await t.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(token) }, payload });
  return json(res).data as { id: number; key: string; url: string };
}
const createBrand = (token: string, body: object) => call(token, 'POST', '/api/brands', body);

describe('POST /api/brands', () => {
  it('creates a brand with every field and an uploaded logo', async () => {
    const logo = await uploadFile(owner.token, tinyPng());
    const res = await createBrand(owner.token, {
      name: '  Nakheel Coffee ',
      description: 'Specialty coffee',
      logo_file_id: logo.id,
      website: 'https://nakheel.example.com',
      industry: 'Food & beverage',
      colors: ['#1a2b3c', '#FFFFFF'],
      voice_tone: 'Warm, short sentences',
      default_language: 'ar',
    });
    expect(res.statusCode).toBe(201);
    const brand = json(res).data;
    expect(brand).toMatchObject({
      name: 'Nakheel Coffee',
      logo_file_id: logo.id,
      logo: logo.url,
      colors: ['#1A2B3C', '#FFFFFF'],
      default_language: 'ar',
      created_by: owner.userId,
      content_count: 0,
    });
    const shown = await call(owner.token, 'GET', brand.logo);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
  });

  it('answers 409 NAME_EXISTS for a duplicate name in the account, whatever the case', async () => {
    expect((await createBrand(owner.token, { name: 'Dup Brand' })).statusCode).toBe(201);
    const res = await createBrand(marketer.token, { name: 'dup brand' });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('NAME_EXISTS');
    // another account may use the same name
    expect((await createBrand(stranger.token, { name: 'Dup Brand' })).statusCode).toBe(201);
  });

  it('validates fields with 400 and field errors', async () => {
    const res = await createBrand(owner.token, {
      name: '1234',
      website: 'not a url',
      colors: ['red'],
      default_language: 'fr',
    });
    expect(res.statusCode).toBe(400);
    const fields = json(res)
      .errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['colors.0', 'default_language', 'name', 'website']);
    expect((await createBrand(owner.token, {})).statusCode).toBe(400);
    expect((await createBrand(owner.token, { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await call(owner.token, 'POST', '/api/brands')).statusCode).toBe(400);
  });

  it('refuses a logo that is not an image, or another account file (404)', async () => {
    const pdf = await uploadFile(owner.token, tinyPdf(), 'general');
    const res = await createBrand(owner.token, { name: 'PDF logo', logo_file_id: pdf.id });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'INVALID_FILE_TYPE', errors: [{ field: 'logo_file_id' }] });
    const theirs = await uploadFile(stranger.token, tinyPng());
    const foreign = await createBrand(owner.token, { name: 'Foreign logo', logo_file_id: theirs.id });
    expect(foreign.statusCode).toBe(404);
  });

  it('is plan-gated: once the trial has ended, 403 SUBSCRIPTION_REQUIRED (reading still works)', async () => {
    const late = await signUp(t);
    await t.sql("update users set created_at = now() - interval '70 days' where id = $1", [late.userId]);
    const { token } = await signIn(t, late.email);
    const res = await createBrand(token, { name: 'Too late' });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('SUBSCRIPTION_REQUIRED');
    const { payload, headers } = multipartFile({ filename: 'l.png', contentType: 'image/png', data: tinyPng() }, { purpose: 'logo' });
    const up = await t.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(token) }, payload });
    expect(json(up).code).toBe('SUBSCRIPTION_REQUIRED');
    expect((await call(token, 'GET', '/api/brands')).statusCode).toBe(200);
  });

  it('needs brand create rights (viewer 403) and a session (401)', async () => {
    expect((await createBrand(viewer.token, { name: 'Viewer brand' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/brands', payload: { name: 'x' } })).statusCode).toBe(401);
  });
});

describe('GET /api/brands', () => {
  beforeAll(async () => {
    for (const name of ['Alpha Tea', 'beta Juice', 'Gamma Tea']) await createBrand(marketer.token, { name });
  });

  it('lists with search, sort and pagination', async () => {
    const res = await call(viewer.token, 'GET', '/api/brands?search=tea&sort=name&order=asc');
    expect(res.statusCode).toBe(200);
    const page = json(res).data;
    expect(page.items.map((b: { name: string }) => b.name)).toEqual(['Alpha Tea', 'Gamma Tea']);
    expect(page).toMatchObject({ page: 1, limit: 20, total: 2 });
    const paged = json(await call(owner.token, 'GET', '/api/brands?sort=name&order=desc&limit=2&page=2')).data;
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBeGreaterThanOrEqual(5);
    const all = json(await call(owner.token, 'GET', '/api/brands?sort=name&order=asc&limit=100')).data.items.map(
      (b: { name: string }) => b.name,
    );
    expect(all).toEqual([...all].sort((x: string, y: string) => x.toLowerCase().localeCompare(y.toLowerCase())));
    // LIKE wildcards are literal
    expect(json(await call(owner.token, 'GET', '/api/brands?search=%25')).data.total).toBe(0);
  });

  it('rejects bad list queries with 400', async () => {
    expect((await call(owner.token, 'GET', '/api/brands?sort=colour')).statusCode).toBe(400);
    expect((await call(owner.token, 'GET', '/api/brands?limit=0')).statusCode).toBe(400);
    expect((await call(owner.token, 'GET', '/api/brands?order=up')).statusCode).toBe(400);
  });

  it('GET /api/brands/user/{userId} lists what that colleague created; 404 for another account', async () => {
    const res = json(await call(owner.token, 'GET', `/api/brands/user/${marketer.userId}?limit=100`)).data;
    expect(res.items.length).toBeGreaterThanOrEqual(3);
    expect(res.items.every((b: { created_by: number }) => b.created_by === marketer.userId)).toBe(true);
    expect((await call(owner.token, 'GET', `/api/brands/user/${stranger.userId}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', '/api/brands/user/abc')).statusCode).toBe(400);
  });

  it('never shows another account brands', async () => {
    const theirs = json(await call(stranger.token, 'GET', '/api/brands?limit=100')).data.items.map((b: { name: string }) => b.name);
    expect(theirs).toEqual(['Dup Brand']);
  });
});

describe('GET/PUT/DELETE /api/brands/{id}', () => {
  let id: number;
  beforeAll(async () => {
    id = json(await createBrand(owner.token, { name: 'Editable', colors: ['#000000'] })).data.id;
  });

  it('reads one brand; 404 for another account id and 400 for a bad id', async () => {
    expect(json(await call(viewer.token, 'GET', `/api/brands/${id}`)).data.name).toBe('Editable');
    expect((await call(stranger.token, 'GET', `/api/brands/${id}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', '/api/brands/0')).statusCode).toBe(400);
    expect((await call(owner.token, 'GET', '/api/brands/999999')).statusCode).toBe(404);
  });

  it('updates only the given fields, sets and clears the logo', async () => {
    const logo = await uploadFile(owner.token, tinyPng());
    const res = await call(owner.token, 'PUT', `/api/brands/${id}`, { description: 'New words', logo_file_id: logo.id, website: '' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      name: 'Editable',
      description: 'New words',
      logo: logo.url,
      website: null,
      colors: ['#000000'],
    });
    const cleared = json(await call(owner.token, 'PUT', `/api/brands/${id}`, { logo_file_id: null })).data;
    expect(cleared).toMatchObject({ logo: null, logo_file_id: null });
  });

  it('PUT: 409 on a taken name, 400 on bad fields, 404 for another account, 403 for a viewer', async () => {
    await createBrand(owner.token, { name: 'Taken Name' });
    const dup = await call(owner.token, 'PUT', `/api/brands/${id}`, { name: 'TAKEN NAME' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).code).toBe('NAME_EXISTS');
    expect((await call(owner.token, 'PUT', `/api/brands/${id}`, { colors: ['#12345'] })).statusCode).toBe(400);
    expect((await call(stranger.token, 'PUT', `/api/brands/${id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(viewer.token, 'PUT', `/api/brands/${id}`, { name: 'Viewer' })).statusCode).toBe(403);
  });

  it('DELETE: refused with BRAND_IN_USE while content links it, then allowed', async () => {
    const content = json(
      await call(owner.token, 'POST', '/api/content', { title: 'Linked', type: 'text', body: 'Hello', brand_ids: [id] }),
    ).data;
    const blocked = await call(owner.token, 'DELETE', `/api/brands/${id}`);
    expect(blocked.statusCode).toBe(409);
    expect(json(blocked)).toMatchObject({ code: 'BRAND_IN_USE', data: { content: 1 } });
    expect((await call(stranger.token, 'DELETE', `/api/brands/${id}`)).statusCode).toBe(404);
    expect((await call(viewer.token, 'DELETE', `/api/brands/${id}`)).statusCode).toBe(403);

    await call(owner.token, 'PUT', `/api/content/${content.id}`, { brand_ids: [] });
    const res = await call(owner.token, 'DELETE', `/api/brands/${id}`);
    expect(res.statusCode).toBe(200);
    expect((await call(owner.token, 'GET', `/api/brands/${id}`)).statusCode).toBe(404);
  });
});
