/**
 * Reliability harness: the real server as a CHILD process (`node --import tsx apps/server/src/main.ts`,
 * like scripts/e2e.mjs) over this test file's database, its sandbox SMPP connection bound to a
 * simulator in the test process (SANDBOX_SMSC=false + SANDBOX_SMSC_PORT), so a test can SIGKILL
 * it, start another, and read the outcome from PostgreSQL and the simulator's counters.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FINAL_STATES } from '@risala/shared/schemas/messages';
import type { SmscSimulator } from '../../sandbox/smsc.ts';
import { signIn, signUp, type TestApp } from '../helper.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');

/** Secrets shared by the in-process test app (sign-up, tokens) and every child server. */
export const SHARED_SECRETS = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every `everyMs` until it returns a truthy value; throws `what` after `timeoutMs`. */
export async function until<T>(probe: () => T | Promise<T>, what: () => string, timeoutMs: number, everyMs = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what()}`);
    await sleep(everyMs);
  }
}

export interface ServerChild {
  url: string;
  pid: number;
  /** everything the child printed (for failure messages) */
  output(): string;
  /** SIGKILL: no shutdown hook runs; resolves when the process is gone */
  kill(): Promise<void>;
  /** SIGTERM and wait (the clean shutdown path) */
  stop(): Promise<void>;
}

function exited(proc: ChildProcess) {
  return new Promise<void>((resolve) =>
    proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', () => resolve()),
  );
}

/** How the server runs from source (the default): TypeScript through tsx. */
export const FROM_SOURCE = ['--import', 'tsx', 'apps/server/src/main.ts'];

/**
 * Starts the real server (ROLE=all) on a free port against `databaseUrl`, SMPP peer on `smscPort`;
 * `extraEnv` adds, overrides or (with '') removes variables; `args`: node's arguments (the bundle).
 */
export async function startServerChild(
  databaseUrl: string,
  smscPort: number,
  extraEnv: Record<string, string> = {},
  args: string[] = FROM_SOURCE,
): Promise<ServerChild> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'risala-rel-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    ROLE: 'all',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SANDBOX_SMSC: 'false',
    SANDBOX_SMSC_PORT: String(smscPort),
    SANDBOX_SMTP_PORT: '0',
    DEMO_SEED: 'false',
    LOG_LEVEL: process.env.REL_LOG_LEVEL ?? 'warn',
    LOG_PRETTY: 'false',
    ...SHARED_SECRETS,
    ...extraEnv,
  };
  // an empty value in extraEnv removes the variable (e.g. to let a .env file decide it)
  for (const [key, value] of Object.entries(env)) if (value === '') delete env[key];
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const gone = exited(proc).then(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = await until(
    () => {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode} before it was ready:\n${out.slice(-4000)}`);
      const m = /Risala is ready at (http:\/\/localhost:\d+)/.exec(out);
      return m ? (m[1] as string).replace('localhost', '127.0.0.1') : null;
    },
    () => `server start:\n${out.slice(-4000)}`,
    45_000,
    50,
  ).catch(async (err) => {
    proc.kill('SIGKILL'); // never leave a half-started server behind
    await gone;
    throw err;
  });
  return {
    url,
    pid: proc.pid as number,
    output: () => out,
    async kill() {
      proc.kill('SIGKILL');
      await gone;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await gone;
    },
  };
}

/** Numbers +96650XXXXXXX (valid Saudi mobiles), distinct for distinct `from + i`. */
export function saudiMobiles(count: number, from = 0): string[] {
  return Array.from({ length: count }, (_, i) => `+96650${String(from + i).padStart(7, '0')}`);
}

/** An SMSC destination or a stored recipient, reduced to its digits (E.164 with or without '+'). */
export const digits = (n: string) => n.replace(/\D/g, '');

export interface Sender {
  accountId: number;
  token: string;
  connectionId: number;
  windowSize: number;
}

/** A verified owner whose account has `credits` SMS credits, and its sandbox SMPP connection. */
export async function smsAccount(t: TestApp, credits: number): Promise<Sender> {
  const u = await signUp(t);
  const s = await signIn(t, u.email);
  const accountId = s.user.account_id as number;
  await t.sql(
    `insert into credits (account_id, channel, balance) values ($1, 'sms', $2)
     on conflict (account_id, channel) do update set balance = excluded.balance, updated_at = now()`,
    [accountId, credits],
  );
  const [conn] = await t.sql<{ id: number; window_size: number }>(
    'select id, window_size from connections where account_id = $1 and is_sandbox',
    [accountId],
  );
  if (!conn) throw new Error('the new account has no sandbox connection');
  return { accountId, token: s.token, connectionId: conn.id, windowSize: conn.window_size };
}

/** POST /api/messages/sms on a child server; answers the SendResult. */
export async function sendSms(baseUrl: string, token: string, numbers: string[], text: string) {
  const res = await fetch(`${baseUrl}/api/messages/sms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ recipients: { numbers }, text }),
  });
  const body = (await res.json()) as { data?: { bulk_id: string; accepted: number }; code?: string };
  if (res.status !== 200 && res.status !== 201) throw new Error(`send answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return body.data as { bulk_id: string; accepted: number };
}

/** Message count per status of a bulk. */
export async function statusCounts(t: TestApp, bulkId: string): Promise<Record<string, number>> {
  const rows = await t.sql<{ status: string; n: number }>(
    'select status, count(*)::int as n from messages where bulk_id = $1 group by status order by status',
    [bulkId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Waits until every message of the bulk is in a final state (and `total` exist); answers the counts. */
export async function waitAllFinal(t: TestApp, bulkId: string, total: number, timeoutMs: number) {
  let last: Record<string, number> = {};
  await until(
    async () => {
      last = await statusCounts(t, bulkId);
      const all = Object.values(last).reduce((a, b) => a + b, 0);
      const final = Object.entries(last)
        .filter(([s]) => (FINAL_STATES as readonly string[]).includes(s))
        .reduce((a, [, n]) => a + n, 0);
      return all >= total && final === all;
    },
    () => `bulk ${bulkId} not final: ${JSON.stringify(last)}`,
    timeoutMs,
    250,
  );
  return last;
}

/**
 * What the SMSC saw against what the database says: destinations never received, destinations
 * received more than once, and which of those the database flags as possible duplicates.
 */
export async function compareWithSmsc(t: TestApp, bulkId: string, smsc: SmscSimulator) {
  const rows = await t.sql<{ recipient: string; possible_duplicate: boolean }>(
    'select recipient, possible_duplicate from messages where bulk_id = $1',
    [bulkId],
  );
  const seen = new Map<string, number>();
  for (const [dest, n] of smsc.counters.perDestination) seen.set(digits(dest), (seen.get(digits(dest)) ?? 0) + n);
  const missing: string[] = [];
  const duplicated: string[] = [];
  const unflagged: string[] = [];
  for (const r of rows) {
    const n = seen.get(digits(r.recipient)) ?? 0;
    if (n === 0) missing.push(r.recipient);
    if (n > 1) {
      duplicated.push(r.recipient);
      if (!r.possible_duplicate) unflagged.push(r.recipient);
    }
  }
  return { rows: rows.length, missing, duplicated, unflagged, flagged: rows.filter((r) => r.possible_duplicate).length };
}

/** The connection row's status, polled (SMPP state is mirrored there by the connection manager). */
export async function connectionStatus(t: TestApp, connectionId: number): Promise<{ status: string; last_error: string | null }> {
  const [row] = await t.sql<{ status: string; last_error: string | null }>('select status, last_error from connections where id = $1', [
    connectionId,
  ]);
  if (!row) throw new Error(`no connection ${connectionId}`);
  return row;
}
