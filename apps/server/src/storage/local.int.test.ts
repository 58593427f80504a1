import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helper.ts';
import { verifyDownload } from './signing.ts';
import { localStorage } from './storage.ts';

const root = mkdtempSync(path.join(tmpdir(), 'risala-local-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local disk driver', () => {
  const disk = localStorage(root, { secret: 'test-secret', baseUrl: 'http://localhost:3000' });

  it('puts, stats, gets, lists and removes objects, and refuses keys outside its root', async () => {
    await disk.put('acc_1/a.png', Buffer.from('aaa'), 'image/png');
    await disk.put('acc_1/b.pdf', Buffer.from('bbbb'), 'application/pdf');
    await disk.put('acc_2/c.png', Buffer.from('c'), 'image/png');
    expect(await disk.stat('acc_1/b.pdf')).toEqual({ size: 4 });
    expect((await disk.get('acc_1/a.png'))?.toString()).toBe('aaa');
    expect((await disk.list('acc_1/')).map((o) => [o.key, o.size])).toEqual([
      ['acc_1/a.png', 3],
      ['acc_1/b.pdf', 4],
    ]);
    await disk.remove('acc_1/a.png');
    expect(await disk.get('acc_1/a.png')).toBeNull();
    expect(await disk.stat('acc_1/a.png')).toBeNull();
    await expect(disk.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow('invalid storage key');
  });

  it('signs download links that verify until they expire', async () => {
    const link = new URL(await disk.signedUrl('acc_1/b.pdf', 60));
    expect(link.origin + link.pathname).toBe('http://localhost:3000/api/s3/download');
    const exp = Number(link.searchParams.get('exp'));
    const sig = link.searchParams.get('sig') as string;
    expect(verifyDownload('test-secret', 'acc_1/b.pdf', exp, sig)).toBe(true);
    expect(verifyDownload('other-secret', 'acc_1/b.pdf', exp, sig)).toBe(false);
    expect(verifyDownload('test-secret', 'acc_1/c.pdf', exp, sig)).toBe(false);
    expect(verifyDownload('test-secret', 'acc_1/b.pdf', exp, sig, (exp + 1) * 1000)).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('documents the brand, content and storage routes', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const paths = Object.keys(res.json().paths);
      for (const p of [
        '/api/brands',
        '/api/brands/{id}',
        '/api/content/{id}/brands',
        '/api/users/{userId}/content',
        '/api/s3/upload',
        '/api/s3/files/{key}/url',
        '/api/s3/signed-url',
        '/api/s3/stats',
      ]) {
        expect(paths, p).toContain(p);
      }
    } finally {
      await t.close();
    }
  });
});
