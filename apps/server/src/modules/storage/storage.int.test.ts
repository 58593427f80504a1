import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, multipartFile, type TestApp, signUpCast } from '../../test/helper.ts';
import { csvText, tinyDocx, tinyJpeg, tinyPdf, tinyPng, tinyXlsx } from './test-files.ts';

let t: TestApp;
let owner: { userId: number; accountId: number; token: string };
let viewer: { userId: number; token: string };
let stranger: { userId: number; accountId: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, viewer, stranger } = await signUpCast(t));
});
afterAll(async () => {
  await t.close();
});

type FilePart = { filename: string; contentType: string; data: Buffer; field?: string } | null;
const upload = (token: string, file: FilePart, fields: Record<string, string> = {}) => {
  const { payload, headers } = multipartFile(file, fields);
  return t.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(token) }, payload });
};
const png = (name = 'logo.png') => ({ filename: name, contentType: 'image/png', data: tinyPng() });
const get = (token: string | null, url: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const enc = encodeURIComponent;

describe('POST /api/s3/upload', () => {
  it('stores a PNG under an account-scoped key and records it', async () => {
    const res = await upload(owner.token, png());
    expect(res.statusCode).toBe(201);
    const file = json(res).data;
    expect(file).toMatchObject({
      kind: 'png',
      content_type: 'image/png',
      purpose: 'general',
      original_name: 'logo.png',
      user_id: owner.userId,
    });
    expect(file.key).toMatch(new RegExp(`^acc_${owner.accountId}/[0-9a-f-]{36}\\.png$`));
    expect(file.url).toBe(`/api/s3/raw/${file.key}`);
    const [row] = await t.sql('select * from files where id = $1', [file.id]);
    expect(row).toMatchObject({ account_id: owner.accountId, key: file.key, size: tinyPng().length });
    expect((await t.ctx.storage.get(file.key))?.equals(tinyPng())).toBe(true);
  });

  it('decides the type by content: a PDF declared as image/png named .png is stored as a PDF', async () => {
    const res = await upload(owner.token, { filename: 'photo.png', contentType: 'image/png', data: tinyPdf() });
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toMatchObject({ kind: 'pdf', content_type: 'application/pdf' });
    expect(json(res).data.key).toMatch(/\.pdf$/);
  });

  it('refuses a PDF as a logo even when declared image/png', async () => {
    const res = await upload(owner.token, { filename: 'logo.png', contentType: 'image/png', data: tinyPdf() }, { purpose: 'logo' });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('INVALID_FILE_TYPE');
  });

  it('refuses a text file named .png (spoofed type)', async () => {
    const res = await upload(owner.token, {
      filename: 'evil.png',
      contentType: 'image/png',
      data: Buffer.from('<script>alert(1)</script>'),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'INVALID_FILE_TYPE', isError: true });
    expect((await t.sql('select count(*)::int as n from files where original_name = $1', ['evil.png']))[0].n).toBe(0);
  });

  it('accepts DOCX only for templates, CSV and XLSX only for imports', async () => {
    const docx = { filename: 'a.docx', contentType: 'application/octet-stream', data: await tinyDocx() };
    expect(json(await upload(owner.token, docx)).code).toBe('INVALID_FILE_TYPE');
    const okDocx = await upload(owner.token, docx, { purpose: 'template' });
    expect(okDocx.statusCode).toBe(201);
    expect(json(okDocx).data.kind).toBe('docx');

    const csv = { filename: 'people.csv', contentType: 'text/csv', data: csvText() };
    expect(json(await upload(owner.token, csv)).code).toBe('INVALID_FILE_TYPE');
    const okCsv = await upload(owner.token, csv, { purpose: 'import' });
    expect(json(okCsv).data).toMatchObject({ kind: 'csv', content_type: 'text/csv' });
    const xlsx = { filename: 'people.xlsx', contentType: 'text/plain', data: await tinyXlsx() };
    expect(json(await upload(owner.token, xlsx, { purpose: 'import' })).data.kind).toBe('xlsx');
  });

  it('takes the purpose field after the file too', async () => {
    const { payload, headers } = multipartFile(png());
    // move the purpose after the file part by building the body by hand
    const boundary = headers['content-type'].split('boundary=')[1];
    const tail = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nlogo\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([payload.subarray(0, payload.length - `--${boundary}--\r\n`.length), tail]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/s3/upload',
      headers: { ...headers, ...bearer(owner.token) },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.purpose).toBe('logo');
  });

  it('answers 413 INVALID_FILE_SIZE above 10 MB and stores nothing', async () => {
    const before = (await t.sql('select count(*)::int as n from files'))[0].n;
    const big = Buffer.concat([tinyPng(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await upload(owner.token, { filename: 'big.png', contentType: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(json(res).code).toBe('INVALID_FILE_SIZE');
    expect((await t.sql('select count(*)::int as n from files'))[0].n).toBe(before);
  });

  it('answers FILE_REQUIRED without a file, for an empty file and for a JSON body', async () => {
    expect(json(await upload(owner.token, null, { purpose: 'general' })).code).toBe('FILE_REQUIRED');
    expect(json(await upload(owner.token, { filename: 'e.png', contentType: 'image/png', data: Buffer.alloc(0) })).code).toBe(
      'FILE_REQUIRED',
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/s3/upload', headers: bearer(owner.token), payload: { file: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('FILE_REQUIRED');
  });

  it('validates the purpose (400 with the field) and requires a session and upload rights', async () => {
    const bad = await upload(owner.token, png(), { purpose: 'selfie' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'purpose' }] });
    expect((await upload(viewer.token, png())).statusCode).toBe(403);
    const { payload, headers } = multipartFile(png());
    expect((await t.app.inject({ method: 'POST', url: '/api/s3/upload', headers, payload })).statusCode).toBe(401);
  });
});

describe('stored files', () => {
  let key: string;
  beforeAll(async () => {
    key = json(await upload(owner.token, png('brand.png'), { purpose: 'logo' })).data.key;
  });

  it('GET /api/s3/files/{userId} pages through the account files, filtered by purpose and kind', async () => {
    const res = await get(owner.token, `/api/s3/files/${owner.userId}?limit=2`);
    expect(res.statusCode).toBe(200);
    const page = json(res).data;
    expect(page).toMatchObject({ page: 1, limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    const logos = json(await get(owner.token, `/api/s3/files/${viewer.userId}?purpose=logo`)).data;
    expect(logos.items.every((f: { purpose: string }) => f.purpose === 'logo')).toBe(true);
    const pdfs = json(await get(owner.token, `/api/s3/files/${owner.userId}?kind=pdf`)).data;
    expect(pdfs.items.map((f: { kind: string }) => f.kind)).toEqual(pdfs.items.map(() => 'pdf'));
  });

  it('answers 404 for a user of another account and 400 for bad queries', async () => {
    expect(json(await get(owner.token, `/api/s3/files/${stranger.userId}`)).code).toBe('NOT_FOUND');
    expect((await get(owner.token, `/api/s3/files/${owner.userId}?limit=1000`)).statusCode).toBe(400);
    expect((await get(owner.token, `/api/s3/files/${owner.userId}?kind=exe`)).statusCode).toBe(400);
    expect((await get(owner.token, '/api/s3/files/abc')).statusCode).toBe(400);
    // the other account sees none of ours
    const theirs = json(await get(stranger.token, `/api/s3/files/${stranger.userId}`)).data;
    expect(theirs.total).toBe(0);
  });

  it('serves the bytes at /api/s3/raw/{key} to the same account only', async () => {
    const res = await get(owner.token, `/api/s3/raw/${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(tinyPng())).toBe(true);
    expect((await get(viewer.token, `/api/s3/raw/${key}`)).statusCode).toBe(200);
    expect((await get(stranger.token, `/api/s3/raw/${key}`)).statusCode).toBe(404);
    expect((await get(null, `/api/s3/raw/${key}`)).statusCode).toBe(401);
    expect((await get(owner.token, '/api/s3/raw/../../etc/passwd')).statusCode).toBe(404);
  });

  it('GET /api/s3/files/{key}/url and POST /api/s3/signed-url give working, time-limited links', async () => {
    const res = await get(owner.token, `/api/s3/files/${enc(key)}/url?expires_in=120`);
    expect(res.statusCode).toBe(200);
    const { url, expires_at } = json(res).data;
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now() + 100_000);
    const link = new URL(url);
    expect(link.pathname).toBe('/api/s3/download');
    const dl = await get(null, link.pathname + link.search);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(tinyPng())).toBe(true);

    const signed = await t.app.inject({ method: 'POST', url: '/api/s3/signed-url', headers: bearer(owner.token), payload: { key } });
    expect(signed.statusCode).toBe(200);
    const again = new URL(json(signed).data.url);
    expect((await get(null, again.pathname + again.search)).statusCode).toBe(200);
  });

  it('refuses a tampered, expired or foreign-key signed link', async () => {
    const { url } = json(await get(owner.token, `/api/s3/files/${enc(key)}/url`)).data;
    const link = new URL(url);
    const sig = link.searchParams.get('sig') as string;
    const tampered = new URLSearchParams(link.search);
    tampered.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    expect((await get(null, `/api/s3/download?${tampered}`)).statusCode).toBe(404);
    const later = new URLSearchParams(link.search);
    later.set('exp', String(Number(later.get('exp')) + 1000));
    expect((await get(null, `/api/s3/download?${later}`)).statusCode).toBe(404);
    const expired = new URLSearchParams({ key, exp: String(Math.floor(Date.now() / 1000) - 10), sig });
    expect((await get(null, `/api/s3/download?${expired}`)).statusCode).toBe(404);
    expect((await get(null, '/api/s3/download?key=x')).statusCode).toBe(400);
  });

  it('signed links: 404 for another account key, 400 for bad input', async () => {
    const theirs = await t.app.inject({ method: 'POST', url: '/api/s3/signed-url', headers: bearer(stranger.token), payload: { key } });
    expect(theirs.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/s3/signed-url',
      headers: bearer(owner.token),
      payload: { key, expires_in: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors[0].field).toBe('expires_in');
    const badKey = await t.app.inject({
      method: 'POST',
      url: '/api/s3/signed-url',
      headers: bearer(owner.token),
      payload: { key: '../x' },
    });
    expect(json(badKey)).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'key' }] });
    expect((await get(stranger.token, `/api/s3/files/${enc(key)}/url`)).statusCode).toBe(404);
  });

  it('GET /api/s3/stats counts files and bytes by type for the account', async () => {
    const res = await get(owner.token, '/api/s3/stats');
    expect(res.statusCode).toBe(200);
    const stats = json(res).data;
    const [db] = await t.sql("select count(*)::int as n, sum(size)::int as bytes from files where account_id = $1 and key like 'acc\\_%'", [
      owner.accountId,
    ]);
    expect(stats.total).toEqual({ count: db.n, bytes: db.bytes });
    const png = stats.by_type.find((r: { kind: string }) => r.kind === 'png');
    expect(png.count).toBeGreaterThanOrEqual(2);
    expect(json(await get(stranger.token, '/api/s3/stats')).data.total).toEqual({ count: 0, bytes: 0 });
  });

  it('DELETE /api/s3/files/{key}: 404 for another account, 403 for a viewer, then gone', async () => {
    const del = (token: string) => t.app.inject({ method: 'DELETE', url: `/api/s3/files/${enc(key)}`, headers: bearer(token) });
    expect((await del(stranger.token)).statusCode).toBe(404);
    expect((await del(viewer.token)).statusCode).toBe(403);
    const res = await del(owner.token);
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.storage.get(key)).toBeNull();
    expect((await t.sql('select 1 from files where key = $1', [key])).length).toBe(0);
    expect((await del(owner.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/s3/files/nonsense', headers: bearer(owner.token) })).statusCode).toBe(400);
  });

  it('DELETE refuses a file a brand still uses (409 IN_USE)', async () => {
    const file = json(await upload(owner.token, png(), { purpose: 'logo' })).data;
    const brand = await t.app.inject({
      method: 'POST',
      url: '/api/brands',
      headers: bearer(owner.token),
      payload: { name: 'Uses a logo', logo_file_id: file.id },
    });
    expect(brand.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/s3/files/${enc(file.key)}`, headers: bearer(owner.token) });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('IN_USE');
    expect(await t.ctx.storage.get(file.key)).not.toBeNull();
  });
});

describe('profile pictures keep working beside the storage module', () => {
  it('uploads a JPEG picture and serves it; it is not one of the /api/s3 files', async () => {
    const { payload, headers } = multipartFile({ filename: 'me.jpg', contentType: 'image/jpeg', data: tinyJpeg() });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/user/${owner.userId}/upload-profile-picture-s3`,
      headers: { ...headers, ...bearer(owner.token) },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const pic = await get(owner.token, `/uploads/profile_pictures/user_${owner.userId}.png`);
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/jpeg');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/s3/files/${enc(`profile_pictures/user_${owner.userId}.png`)}`,
      headers: bearer(owner.token),
    });
    expect(del.statusCode).toBe(400);
  });
});
