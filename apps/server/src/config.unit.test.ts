import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { mapDbError } from './lib/errors.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'risala-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('treats empty values as unset (a copied .env.example starts)', () => {
    const config = loadConfig({ DATA_DIR: dir, PUBLIC_URL: '', SMTP_URL: '  ', PORT: '' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.sandbox).toBe(true);
  });
  it('refuses invalid values with a clear message', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
  it('keeps generated secrets between loads', () => {
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(loadConfig({ DATA_DIR: dir }).jwtSecret);
  });
});

describe('mapDbError', () => {
  it('reads the PostgreSQL code on a wrapped error as well as a bare one', () => {
    expect(mapDbError({ code: '23505', constraint: 'users_email_uq' })?.code).toBe('EMAIL_EXISTS');
    expect(mapDbError({ message: 'Failed query', cause: { code: '23505', constraint: 'users_email_uq' } })?.code).toBe('EMAIL_EXISTS');
    expect(mapDbError({ cause: { code: '23503' } })?.code).toBe('IN_USE');
    expect(mapDbError(new Error('boom'))).toBeNull();
  });
});
