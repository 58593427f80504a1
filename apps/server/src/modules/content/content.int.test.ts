import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, multipartFile, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { tinyDocx, tinyPdf, tinyPng } from '../storage/test-files.ts';

let t: TestApp;
let owner: { userId: number; accountId: number; token: string };
let viewer: { userId: number; token: string };
let stranger: { userId: number; token: string };
let brandA: number;
let brandB: number;
let foreignBrand: number;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
async function uploadFile(token: string, data: Buffer, purpose = 'content') {
  const { payload, headers } = multipartFile({ filename: 'canvas.png', contentType: 'image/png', data }, { purpose });
  const res = await t.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(token) }, payload });
  if (res.statusCode !== 201) throw new Error(res.body);
  return json(res).data as { id: number; key: string; url: string };
}
const create = (token: string, body: object) => call(token, 'POST', '/api/content', body);

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const as = await signIn(t, a.email);
  owner = { userId: a.userId, accountId: as.user.account_id, token: as.token };
  const v = await addUserToAccount(t, owner.accountId, 'viewer');
  viewer = { userId: v.userId, token: (await signIn(t, v.email)).token };
  const b = await signUp(t, { company_name: 'Other Co' });
  stranger = { userId: b.userId, token: (await signIn(t, b.email)).token };
  brandA = json(await call(owner.token, 'POST', '/api/brands', { name: 'Brand A' })).data.id;
  brandB = json(await call(owner.token, 'POST', '/api/brands', { name: 'Brand B' })).data.id;
  foreignBrand = json(await call(stranger.token, 'POST', '/api/brands', { name: 'Their brand' })).data.id;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/content', () => {
  it('saves an uploaded PNG as an image item linked to brands (the canvas editor flow)', async () => {
    const file = await uploadFile(owner.token, tinyPng());
    const res = await create(owner.token, {
      title: 'Ramadan post',
      type: 'image',
      file_id: file.id,
      brand_ids: [brandA, brandB, brandA],
      tags: [' Ramadan ', 'ramadan', 'Promo'],
    });
    expect(res.statusCode).toBe(201);
    const item = json(res).data;
    expect(item).toMatchObject({
      title: 'Ramadan post',
      type: 'image',
      file_id: file.id,
      tags: ['ramadan', 'promo'],
      created_by: owner.userId,
    });
    expect(item.file).toMatchObject({ id: file.id, kind: 'png', url: file.url });
    expect(item.brands.map((b: { name: string }) => b.name)).toEqual(['Brand A', 'Brand B']);
    expect((await call(owner.token, 'GET', item.file.url)).statusCode).toBe(200);
  });

  it('creates text, link, video and document items', async () => {
    expect((await create(owner.token, { title: 'Tagline', type: 'text', body: 'Fresh every morning', tags: ['copy'] })).statusCode).toBe(
      201,
    );
    expect((await create(owner.token, { title: 'Blog', type: 'link', url: 'https://example.com/blog' })).statusCode).toBe(201);
    expect((await create(owner.token, { title: 'Teaser', type: 'video', url: 'https://video.example.com/v/1' })).statusCode).toBe(201);
    const pdf = await uploadFile(owner.token, tinyPdf());
    const doc = await create(owner.token, { title: 'Menu', type: 'document', file_id: pdf.id, brand_ids: [brandA] });
    expect(doc.statusCode).toBe(201);
    expect(json(doc).data.file.kind).toBe('pdf');
  });

  it('requires what each type needs (400 with the field)', async () => {
    const cases: [object, string][] = [
      [{ title: 'T', type: 'text' }, 'body'],
      [{ title: 'I', type: 'image' }, 'file_id'],
      [{ title: 'L', type: 'link' }, 'url'],
      [{ title: 'L', type: 'link', url: 'javascript:alert(1)' }, 'url'],
      [{ title: '', type: 'text', body: 'x' }, 'title'],
      [{ title: 'X', type: 'podcast' }, 'type'],
      [{ title: 'X', type: 'text', body: 'x', tags: 'a,b' }, 'tags'],
      [{ title: 'X', type: 'text', body: 'x', brand_ids: ['one'] }, 'brand_ids.0'],
    ];
    for (const [body, field] of cases) {
      const res = await create(owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('refuses a file that does not fit the type (PDF as image, PNG as document)', async () => {
    const pdf = await uploadFile(owner.token, tinyPdf());
    const png = await uploadFile(owner.token, tinyPng());
    const a = await create(owner.token, { title: 'x', type: 'image', file_id: pdf.id });
    expect(json(a)).toMatchObject({ code: 'INVALID_FILE_TYPE', errors: [{ field: 'file_id' }] });
    expect(json(await create(owner.token, { title: 'x', type: 'document', file_id: png.id })).code).toBe('INVALID_FILE_TYPE');
  });

  it('a document may be a PDF or a Word file (DOCX); an image item takes neither', async () => {
    const docx = await uploadFile(owner.token, await tinyDocx());
    const doc = await create(owner.token, { title: 'Price list', type: 'document', file_id: docx.id });
    expect(doc.statusCode, doc.body).toBe(201);
    expect(json(doc).data.file).toMatchObject({ kind: 'docx' });
    expect(json(await create(owner.token, { title: 'x', type: 'image', file_id: docx.id })).code).toBe('INVALID_FILE_TYPE');
    // leave the library as the list tests below expect it
    expect((await call(owner.token, 'DELETE', `/api/content/${json(doc).data.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for another account brand or file, and stores nothing', async () => {
    const before = (await t.sql('select count(*)::int as n from content'))[0].n;
    const brand = await create(owner.token, { title: 'x', type: 'text', body: 'x', brand_ids: [brandA, foreignBrand] });
    expect(brand.statusCode).toBe(404);
    expect(json(brand).errors[0].field).toBe('brand_ids');
    const theirFile = await uploadFile(stranger.token, tinyPng());
    expect((await create(owner.token, { title: 'x', type: 'image', file_id: theirFile.id })).statusCode).toBe(404);
    expect((await t.sql('select count(*)::int as n from content'))[0].n).toBe(before);
  });

  it('needs content create rights (viewer 403)', async () => {
    expect((await create(viewer.token, { title: 'x', type: 'text', body: 'x' })).statusCode).toBe(403);
  });
});

describe('GET /api/content', () => {
  it('filters by type, tag, brand and search, pages and sorts', async () => {
    const ids = (res: Awaited<ReturnType<typeof call>>) => json(res).data.items.map((i: { title: string }) => i.title);
    expect(ids(await call(viewer.token, 'GET', '/api/content?type=link'))).toEqual(['Blog']);
    expect(ids(await call(owner.token, 'GET', '/api/content?tag=Ramadan'))).toEqual(['Ramadan post']);
    expect(ids(await call(owner.token, 'GET', `/api/content?brand_id=${brandA}&sort=title&order=asc`))).toEqual(['Menu', 'Ramadan post']);
    expect(ids(await call(owner.token, 'GET', '/api/content?search=morning'))).toEqual(['Tagline']);
    const page = json(await call(owner.token, 'GET', '/api/content?limit=2&page=2&sort=title&order=asc')).data;
    expect(page).toMatchObject({ page: 2, limit: 2, total: 5 });
    expect(page.items.map((i: { title: string }) => i.title)).toEqual(['Ramadan post', 'Tagline']);
    expect(json(await call(stranger.token, 'GET', '/api/content')).data.total).toBe(0);
  });

  it('rejects bad filters with 400', async () => {
    for (const q of ['type=podcast', 'brand_id=x', 'sort=size', 'limit=101', 'page=0']) {
      expect((await call(owner.token, 'GET', `/api/content?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('GET /api/users/{userId}/content lists one colleague items; 404 for another account', async () => {
    const mine = json(await call(viewer.token, 'GET', `/api/users/${owner.userId}/content`)).data;
    expect(mine.total).toBe(5);
    expect(json(await call(owner.token, 'GET', `/api/users/${viewer.userId}/content`)).data.total).toBe(0);
    expect((await call(owner.token, 'GET', `/api/users/${stranger.userId}/content`)).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', '/api/users/abc/content')).statusCode).toBe(400);
  });
});

describe('GET/PUT/DELETE /api/content/{id}', () => {
  let id: number;
  beforeAll(async () => {
    id = json(await create(owner.token, { title: 'Draft', type: 'text', body: 'v1', brand_ids: [brandA] })).data.id;
  });

  it('reads an item and its brands; 404 for another account, 400 for a bad id', async () => {
    expect(json(await call(viewer.token, 'GET', `/api/content/${id}`)).data.title).toBe('Draft');
    const brands = json(await call(owner.token, 'GET', `/api/content/${id}/brands`)).data;
    expect(brands.items.map((b: { id: number }) => b.id)).toEqual([brandA]);
    expect((await call(stranger.token, 'GET', `/api/content/${id}`)).statusCode).toBe(404);
    expect((await call(stranger.token, 'GET', `/api/content/${id}/brands`)).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', '/api/content/-1')).statusCode).toBe(400);
  });

  it('updates fields and relinks brands; the merged item must still be valid', async () => {
    const res = await call(owner.token, 'PUT', `/api/content/${id}`, { body: 'v2', brand_ids: [brandB], tags: ['Eid'] });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ title: 'Draft', body: 'v2', tags: ['eid'], brands: [{ id: brandB, name: 'Brand B' }] });
    const toLink = await call(owner.token, 'PUT', `/api/content/${id}`, { type: 'link' });
    expect(toLink.statusCode).toBe(400);
    expect(json(toLink).errors[0].field).toBe('url');
    const png = await uploadFile(owner.token, tinyPng());
    const toImage = json(await call(owner.token, 'PUT', `/api/content/${id}`, { type: 'image', file_id: png.id })).data;
    expect(toImage).toMatchObject({ type: 'image', file_id: png.id });
  });

  it('PUT: 404 for another account item or brand, 403 for a viewer, 400 for bad input', async () => {
    expect((await call(stranger.token, 'PUT', `/api/content/${id}`, { title: 'Mine' })).statusCode).toBe(404);
    expect((await call(owner.token, 'PUT', `/api/content/${id}`, { brand_ids: [foreignBrand] })).statusCode).toBe(404);
    expect((await call(viewer.token, 'PUT', `/api/content/${id}`, { title: 'Viewer' })).statusCode).toBe(403);
    expect((await call(owner.token, 'PUT', `/api/content/${id}`, { title: '' })).statusCode).toBe(400);
  });

  it('DELETE removes the item and its links but keeps the file', async () => {
    const file = json(await call(owner.token, 'GET', `/api/content/${id}`)).data.file;
    expect((await call(stranger.token, 'DELETE', `/api/content/${id}`)).statusCode).toBe(404);
    expect((await call(viewer.token, 'DELETE', `/api/content/${id}`)).statusCode).toBe(403);
    expect((await call(owner.token, 'DELETE', `/api/content/${id}`)).statusCode).toBe(200);
    expect((await call(owner.token, 'GET', `/api/content/${id}`)).statusCode).toBe(404);
    expect((await t.sql('select count(*)::int as n from content_brands where content_id = $1', [id]))[0].n).toBe(0);
    expect((await call(owner.token, 'GET', file.url)).statusCode).toBe(200);
    expect((await call(owner.token, 'DELETE', `/api/content/${id}`)).statusCode).toBe(404);
  });
});
