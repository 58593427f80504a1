import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createAppContext } from '../app-context.ts';
import type { AppContext } from '../context.ts';
import { createDb, ensureDatabase } from '../db/client.ts';
import { createMailer } from '../mail/mailer.ts';
import { startSmtpSink } from '../sandbox/smtp-sink.ts';
import { createStorage } from '../storage/storage.ts';

export const STRONG_PASSWORD = 'Str0ng!Pass';

/** Per-IP limits high enough for a suite whose every request comes from one address. */
export const LOOPBACK_LIMITS = {
  RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '100000',
  RATE_LIMIT_OTP_PER_IP_PER_HOUR: '100000',
  RATE_LIMIT_OTP_VERIFY_PER_IP_PER_HOUR: '100000',
};

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Plain SQL against this file's own database. */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * A fresh app over a fresh database (cloned from the migrated template), with the real sandbox
 * SMTP sink on a free loopback port. Everything a test touches is real.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const adminUrl = inject('adminUrl');
  const name = `${inject('dbPrefix')}${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, name, inject('templateDb'));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'risala-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // no web app: tests never depend on (or race with) the repository's own build of it
    WEB_DIST: path.join(dataDir, 'web'),
    // every injected request comes from 127.0.0.1: per-IP limits are the rate-limit tests' business
    ...LOOPBACK_LIMITS,
    ...env,
  });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const db = createDb(config.databaseUrl as string, 5);
  const sink = config.sandbox ? await startSmtpSink({ db, port: 0, log }) : null;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, sandboxPort: sink?.port ?? 0, from: config.mailFrom, log });
  const ctx = createAppContext({ config, db, mailer, log, storage: createStorage(config) });
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    async sql(text, params) {
      const res = await db.$client.query(text, params as unknown[]);
      return res.rows;
    },
    async close() {
      await app.close();
      mailer.close();
      await sink?.close();
      await db.$client.end();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function json<T = any>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** The newest one-time code mailed to an address (read from the sandbox inbox endpoint). */
export async function latestOtp(t: TestApp, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/sandbox/mails?to=${encodeURIComponent(email)}` });
    const code = res.json().data.items[0]?.otp_code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no one-time code mailed to ${email}`);
}

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
    first_name: 'Sara',
    last_name: 'Haddad',
    phone_number: '+966501234567',
    company_name: 'Acme Trading',
    ...overrides,
  };
}

/** The id of the user with this address (sign-up answers without it: the same answer for every address). */
export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const [row] = await t.sql<{ id: number }>('select id from users where lower(email) = lower($1)', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/**
 * Let the resend cooldown of an address pass: its codes move two minutes back, and the
 * per-address send window (a fixed window, counted for every address alike) starts afresh.
 */
export async function passCooldown(t: TestApp, email: string) {
  await t.sql("update otp_codes set created_at = created_at - interval '2 minutes' where email = $1", [email.toLowerCase()]);
  await t.sql("delete from rate_limit_hits where bucket = 'otp-send:cooldown' and key like '%:' || $1", [email.toLowerCase()]);
}

/** Register, read the code from the sandbox, verify: a signed-up, verified owner. */
export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const otp = await latestOtp(t, body.email as string);
  const ver = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: body.email, otp } });
  if (ver.statusCode !== 200) throw new Error(`verify failed: ${ver.body}`);
  return { email: body.email as string, password: body.password as string, userId: await userIdOf(t, body.email as string) };
}

/** Sign in and return the bearer token and user. */
export async function signIn(t: TestApp, email: string, password = STRONG_PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const data = res.json().data;
  return { token: data.token as string, user: data.user, permissions: data.permissions, cookies: res.cookies };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// ── appended helpers (integration tests of the auth flows) ───────────────────

export interface SandboxMail {
  id: number;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  otp_code: string | null;
  created_at: string;
}

/** Every mail the sandbox caught for an address, newest first (no waiting). */
export async function mailsTo(t: TestApp, email: string): Promise<SandboxMail[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/sandbox/mails?to=${encodeURIComponent(email)}&limit=100` });
  if (res.statusCode !== 200) throw new Error(`sandbox inbox failed: ${res.body}`);
  return res.json().data.items;
}

/** Wait until at least `count` mails reached an address (SMTP delivery is asynchronous). */
export async function waitForMails(t: TestApp, email: string, count: number): Promise<SandboxMail[]> {
  for (let i = 0; i < 60; i++) {
    const items = await mailsTo(t, email);
    if (items.length >= count) return items;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected ${count} mail(s) to ${email}`);
}

/**
 * Insert a verified, active user into an existing account with one of its built-in roles
 * (e.g. 'viewer'), the way an administrator would have added them.
 */
export async function addUserToAccount(
  t: TestApp,
  accountId: number,
  roleKey: string,
  overrides: { email?: string; password?: string; first_name?: string } = {},
) {
  const { hashPassword } = await import('../modules/auth/auth.service.ts');
  const email = overrides.email ?? uniqueEmail(roleKey);
  const password = overrides.password ?? STRONG_PASSWORD;
  const [role] = await t.sql('select id from roles where account_id = $1 and key = $2', [accountId, roleKey]);
  if (!role) throw new Error(`no role ${roleKey} in account ${accountId}`);
  const [row] = await t.sql(
    `insert into users (account_id, role_id, email, password_hash, first_name, last_name, email_verified_at)
     values ($1, $2, $3, $4, $5, 'Colleague', now()) returning id`,
    [accountId, role.id, email, await hashPassword(password), overrides.first_name ?? 'Omar'],
  );
  return { email, password, userId: row.id as number };
}

/** A multipart/form-data body with one file part (and optional text fields), built by hand. */
export function multipartFile(
  file: { field?: string; filename: string; contentType: string; data: Buffer } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----risala${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface Cast {
  owner: { userId: number; accountId: number; token: string };
  viewer: { userId: number; token: string };
  stranger: { userId: number; accountId: number; token: string };
}

/** The usual cast of an access test: an owner, a viewer of the same account, and another account's owner. */
export async function signUpCast(t: TestApp): Promise<Cast> {
  const a = await signUp(t);
  const as = await signIn(t, a.email);
  const owner = { userId: a.userId, accountId: as.user.account_id as number, token: as.token };
  const v = await addUserToAccount(t, owner.accountId, 'viewer');
  const viewer = { userId: v.userId, token: (await signIn(t, v.email)).token };
  const b = await signUp(t, { company_name: 'Other Co' });
  const bs = await signIn(t, b.email);
  const stranger = { userId: b.userId, accountId: bs.user.account_id as number, token: bs.token };
  return { owner, viewer, stranger };
}

/** A message's timeline as the history API shows it (stored events plus the steps its timestamps tell). */
export async function timelineOf(
  t: TestApp,
  headers: Record<string, string>,
  id: number,
): Promise<{ event: string; detail: string | null }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/messages/${id}`, headers });
  if (res.statusCode !== 200) throw new Error(`GET /api/messages/${id}: ${res.statusCode} ${res.body}`);
  return json(res).data.events;
}

/** Polls `fn` every 100 ms until `ok` holds for its value, or throws with the last value after `ms`. */
export async function waitFor<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  let v = await fn();
  while (!ok(v)) {
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
    v = await fn();
  }
  return v;
}
