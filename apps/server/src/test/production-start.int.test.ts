/**
 * The real server process started as production. Settings come from a `.env`
 * file; a production start with developer defaults is refused with every reason at once; a good
 * one runs without the demo account, the sandbox inbox, the sandbox peers or codes in the log, and
 * mails go to the configured relay.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../sandbox/smtp-sink.ts';
import { createTestApp, registration, type TestApp } from './helper.ts';
import { type ServerChild, SHARED_SECRETS, startServerChild, until } from './reliability/harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'risala-prod-'));
let t: TestApp;
let relay: SmtpSink;
let server: ServerChild | null = null;

beforeAll(async () => {
  t = await createTestApp();
  relay = await startSmtpSink({ db: t.ctx.db, port: 0, log: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await server?.stop();
  await relay?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs main.ts with only PATH/HOME and the given variables; resolves with its exit code and output. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('NODE_ENV=production', () => {
  it('is read from the .env file, and refuses to start on developer defaults', async () => {
    const envFile = path.join(dir, 'refused.env');
    writeFileSync(envFile, '# only in the file\nNODE_ENV=production\nDEMO_SEED=true\n');
    const { code, out } = await runMain({ RISALA_ENV_FILE: envFile, DATA_DIR: path.join(dir, 'data'), LOG_PRETTY: 'false' });
    expect(code).toBe(1);
    expect(out).toContain('Refusing a production start');
    for (const said of ['JWT_SECRET must be set', 'ENCRYPTION_KEY must be set', 'SMTP_URL must be set', 'DEMO_SEED=true is refused']) {
      expect(out).toContain(said);
    }
  }, 40_000);

  it('runs without the demo account, the sandbox inbox or codes in the log; mail goes to the relay', async () => {
    const envFile = path.join(dir, 'good.env');
    writeFileSync(envFile, `NODE_ENV=production\nSMTP_URL=smtp://127.0.0.1:${relay.port}\nLOG_LEVEL=info\n`);
    server = await startServerChild(t.ctx.config.databaseUrl as string, 1, {
      RISALA_ENV_FILE: envFile,
      NODE_ENV: '', // the file decides (an empty variable counts as unset)
      DEMO_SEED: '',
      ...SHARED_SECRETS,
    });
    expect(server.output()).toContain('mode: production');
    expect(server.output()).not.toContain('demo@risala.local');

    const status = (await fetch(`${server.url}/api/sandbox/status`).then((r) => r.json())) as { data: unknown };
    expect(status.data).toMatchObject({ enabled: false, mail: 'smtp' });
    const inbox = await fetch(`${server.url}/api/sandbox/mails?to=anyone@example.com`);
    expect(inbox.status).toBe(404);

    const body = registration();
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(reg.status).toBe(201);
    expect(reg.headers.get('set-cookie') ?? '').not.toContain('sandbox_ticket');
    const [mail] = await until(
      () => t.sql<{ otp_code: string }>('select otp_code from sandbox_mails where $1 = any(to_addresses)', [body.email.toLowerCase()]),
      () => 'the sign-up code never reached the relay',
      10_000,
    ).then((rows) => (rows.length ? rows : Promise.reject(new Error('no mail'))));
    expect(mail?.otp_code).toMatch(/^\d{6}$/);
    expect(server.output()).not.toContain(mail?.otp_code as string);

    const [account] = await t.sql<{ id: number }>('select account_id as id from users where lower(email) = $1', [body.email.toLowerCase()]);
    expect(await t.sql('select 1 from connections where account_id = $1', [account?.id])).toEqual([]);
    expect(await t.sql('select 1 from sms_senders where account_id = $1', [account?.id])).toEqual([]);
    expect(await t.sql(`select 1 from users where email = 'demo@risala.local'`)).toEqual([]);
  }, 90_000);
});
