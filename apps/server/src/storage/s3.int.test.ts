import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPdf, tinyPng } from '../modules/storage/test-files.ts';
import { bearer, createTestApp, json, multipartFile, signIn, signUp, type TestApp } from '../test/helper.ts';
import { s3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

/** A real S3-compatible server (s3rver) on a free loopback port, data in a temp directory. */
let server: S3rver;
let dir: string;
let endpoint: string;
const BUCKET = 'risala-test';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'risala-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3 driver against s3rver', () => {
  let s3: Storage;
  beforeAll(() => {
    s3 = s3Storage({ endpoint, region: 'us-east-1', bucket: BUCKET, credentials, forcePathStyle: true });
  });

  it('puts, stats, gets, lists, presigns and deletes an object', async () => {
    const body = tinyPng();
    await s3.put('acc_1/a.png', body, 'image/png');
    await s3.put('acc_1/b.pdf', tinyPdf(), 'application/pdf');
    await s3.put('acc_2/c.png', body, 'image/png');
    expect(s3.driver).toBe('s3');
    expect(await s3.stat('acc_1/a.png')).toEqual({ size: body.length });
    expect((await s3.get('acc_1/a.png'))?.equals(body)).toBe(true);
    const listed = await s3.list('acc_1/');
    expect(listed.map((o) => o.key).sort()).toEqual(['acc_1/a.png', 'acc_1/b.pdf']);
    expect(listed.find((o) => o.key === 'acc_1/a.png')?.size).toBe(body.length);

    const url = await s3.signedUrl('acc_1/a.png', 60, { contentType: 'image/png', filename: 'شعار.png' });
    expect(url.startsWith(`${endpoint}/${BUCKET}/acc_1/a.png?`)).toBe(true);
    expect(url).toContain('X-Amz-Expires=60');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    await s3.remove('acc_1/a.png');
    expect(await s3.get('acc_1/a.png')).toBeNull();
    expect(await s3.stat('acc_1/a.png')).toBeNull();
    expect((await s3.list('acc_1/')).map((o) => o.key)).toEqual(['acc_1/b.pdf']);
  });

  it('fails loudly on a bucket that does not exist', async () => {
    const missing = s3Storage({ endpoint, region: 'us-east-1', bucket: 'no-such-bucket', credentials, forcePathStyle: true });
    await expect(missing.put('k', Buffer.from('x'), 'text/plain')).rejects.toThrow();
  });
});

describe('/api/s3 endpoints with S3_* settings', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    const u = await signUp(t);
    userId = u.userId;
    token = (await signIn(t, u.email)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('uploads into the bucket, lists, serves, presigns, counts and deletes', async () => {
    expect(t.ctx.storage.driver).toBe('s3');
    const { payload, headers } = multipartFile({ filename: 'logo.png', contentType: 'image/png', data: tinyPng() }, { purpose: 'logo' });
    const up = await t.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(token) }, payload });
    expect(up.statusCode).toBe(201);
    const file = json(up).data;
    const direct = s3Storage({ endpoint, region: 'us-east-1', bucket: BUCKET, credentials, forcePathStyle: true });
    expect((await direct.get(file.key))?.equals(tinyPng())).toBe(true);

    const list = json(await t.app.inject({ method: 'GET', url: `/api/s3/files/${userId}`, headers: bearer(token) })).data;
    expect(list.items.map((f: { key: string }) => f.key)).toEqual([file.key]);

    const raw = await t.app.inject({ method: 'GET', url: file.url, headers: bearer(token) });
    expect(raw.statusCode).toBe(200);
    expect(raw.rawPayload.equals(tinyPng())).toBe(true);

    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/s3/signed-url',
      headers: bearer(token),
      payload: { key: file.key, expires_in: 300 },
    });
    const { url } = json(signed).data;
    expect(url.startsWith(endpoint)).toBe(true);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');

    const stats = json(await t.app.inject({ method: 'GET', url: '/api/s3/stats', headers: bearer(token) })).data;
    expect(stats).toEqual({ total: { count: 1, bytes: tinyPng().length }, by_type: [{ kind: 'png', count: 1, bytes: tinyPng().length }] });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/s3/files/${encodeURIComponent(file.key)}`, headers: bearer(token) });
    expect(del.statusCode).toBe(200);
    expect(await direct.get(file.key)).toBeNull();
  });
});
