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

describe('a production start (NODE_ENV=production)', () => {
  const strong = { JWT_SECRET: 'k3Jd9-xQ2vLp0aZr7TnB4mWc8sYe1hUf6GoI5', ENCRYPTION_KEY: 'Qw8eR4tY2uI6oP0aS9dF3gH7jK1lZ5xC-vBnM' };
  const prod = { DATA_DIR: dir, NODE_ENV: 'production', SMTP_URL: 'smtp://relay.example.com:587', ...strong };

  it('refuses generated, placeholder or weak secrets, no mail relay and the demo account, all said at once', () => {
    let message = '';
    try {
      loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', DEMO_SEED: 'true', JWT_SECRET: 'change-me-change-me-change-me-change-me' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/Refusing a production start/);
    for (const said of ['JWT_SECRET is a placeholder', 'ENCRYPTION_KEY must be set', 'SMTP_URL must be set', 'DEMO_SEED=true is refused']) {
      expect(message).toContain(said);
    }
    expect(() => loadConfig({ ...prod, JWT_SECRET: 'a'.repeat(40) })).toThrow(/JWT_SECRET is a placeholder or too weak/);
    expect(() => loadConfig({ ...prod, WHATSAPP_ACCESS_TOKEN: 'EAAG…' })).toThrow(/WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN/);
    expect(() => loadConfig({ ...prod, SANDBOX_SMSC: 'true' })).toThrow(/SANDBOX_SMSC_PASSWORD/);
  });

  it('turns off every developer convenience', () => {
    const config = loadConfig(prod);
    expect(config.production).toBe(true);
    expect(config.demo.seed).toBe(false);
    expect(config.sandboxInbox).toBe(false);
    expect(config.smsc.sandbox).toBe(false);
    expect(config.whatsapp).toMatchObject({ sandbox: false, apiBase: 'https://graph.facebook.com', accessToken: null });
    expect(config.jwtSecret).toBe(strong.JWT_SECRET);
  });

  it('keeps them in development, where the same settings are optional', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      production: false,
      sandboxInbox: true,
      demo: { seed: true },
      smsc: { sandbox: true },
      whatsapp: { sandbox: true },
    });
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
