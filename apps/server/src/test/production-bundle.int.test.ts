/**
 * The production start exactly as the Dockerfile has it — `npm run build` (the web
 * app once, the server bundled), then the Dockerfile's CMD — as an API process and a separate
 * worker (compose.yaml's layout), with NODE_ENV=production, against an external PostgreSQL: in CI
 * Debian's `postgresql` server (.ci/run sets RISALA_CI_DATABASE_URL, a role that may create
 * databases but is no superuser); elsewhere the test cluster, still as a plain DATABASE_URL. Then
 * `npm run backup:check` backs the database up, restores it into a new one and counts its rows.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupCheck } from '../../../../scripts/backup-check.mjs';
import { type SmscSimulator, startSmscSimulator } from '../sandbox/smsc.ts';
import { type SmtpSink, startSmtpSink } from '../sandbox/smtp-sink.ts';
import { createTestApp, multipartFile, registration, type TestApp } from './helper.ts';
import { type ServerChild, startServerChild, until } from './reliability/harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CI_URL = process.env.RISALA_CI_DATABASE_URL;
const adminUrl = CI_URL ?? inject('adminUrl');
const dbName = `risala_bundle_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const dataDir = mkdtempSync(path.join(tmpdir(), 'risala-bundle-')); // one machine: the two processes share it

let t: TestApp;
let relay: SmtpSink;
let smsc: SmscSimulator;
let api: ServerChild | null = null;
let worker: ServerChild | null = null;
let cmd: string[];

/** The Dockerfile's CMD (exec form), and that its build step is `npm run build`. */
function dockerfile() {
  const text = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const cmdLine = text
    .split('\n')
    .filter((l) => l.startsWith('CMD '))
    .at(-1) as string;
  return { builds: /^RUN npm run build$/m.test(text), cmd: JSON.parse(cmdLine.slice(4)) as string[] };
}

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited with ${code}:\n${out}`))));
  });
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const production = (role: string) => ({
  NODE_ENV: 'production',
  ROLE: role,
  DATA_DIR: dataDir,
  DEMO_SEED: '',
  SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
  PUBLIC_URL: 'https://risala.example.com',
  // the test's SMSC simulator listens on loopback
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  SANDBOX_SMSC: '',
  SANDBOX_SMSC_PORT: '',
  LOG_LEVEL: 'warn',
});

beforeAll(async () => {
  const { builds, cmd: dockerCmd } = dockerfile();
  expect(builds).toBe(true);
  expect(dockerCmd[0]).toBe('node');
  cmd = dockerCmd.slice(1);
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  expect(pkg.scripts.build).toBe('node scripts/build.mjs');
  expect(pkg.scripts.serve).toBe(dockerCmd.join(' ')); // npm run serve is the image's command
  await run(['scripts/build.mjs']);

  t = await createTestApp(); // only for its database: the relay keeps the mails it receives there
  relay = await startSmtpSink({ db: t.ctx.db, port: 0, log: pino({ level: 'silent' }) });
  smsc = await startSmscSimulator({ systemId: 'operator', password: 'operator-pw', receiptDelayMs: 0 });
  await admin((c) => c.query(`create database "${dbName}"`));
}, 300_000);

afterAll(async () => {
  await api?.stop();
  await worker?.stop();
  await smsc?.close();
  await relay?.close();
  await t?.close();
  await admin((c) => c.query(`drop database if exists "${dbName}" with (force)`)).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled server, as the image runs it', () => {
  it('imports only production dependencies at run time: no TypeScript runner, no dev dependency', () => {
    const imports = JSON.parse(readFileSync(path.join(ROOT, 'apps/server/dist/imports.json'), 'utf8')) as string[];
    const deps = new Set<string>();
    for (const ws of ['apps/server', 'packages/shared']) {
      for (const d of Object.keys(JSON.parse(readFileSync(path.join(ROOT, ws, 'package.json'), 'utf8')).dependencies ?? {})) deps.add(d);
    }
    const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
    const outside = imports
      .filter((i) => !i.startsWith('node:'))
      .map(packageOf)
      .filter((p) => !deps.has(p));
    expect(outside).toEqual([]);
    expect(imports).not.toContain('tsx');
    expect(readFileSync(path.join(ROOT, 'apps/server/dist/main.js'), 'utf8')).not.toMatch(/from ["']@risala\/shared/);
  });

  it('runs as an API process and a worker against an external PostgreSQL', async () => {
    if (CI_URL) {
      // CI: Debian's server, reached as a plain DATABASE_URL by a role that is no superuser
      const [info] = await admin((c) =>
        c.query<{ version: string; superuser: boolean }>(
          `select version(), (select rolsuper from pg_roles where rolname = current_user) as superuser`,
        ),
      ).then((r) => r.rows);
      expect(info?.version).toMatch(/Debian/);
      expect(info?.superuser).toBe(false);
    }
    const t0 = Date.now();
    api = await startServerChild(databaseUrl, 0, production('api'), cmd);
    const t1 = Date.now();
    expect(api.output()).toContain('database: DATABASE_URL');
    expect(api.output()).toContain('mode: production');
    const notReady = await fetch(`${api.url}/ready`);
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { data: unknown }).data).toMatchObject({ database: 'up', worker: 'down' });

    worker = await startServerChild(databaseUrl, 0, production('worker'), cmd);
    const t2 = Date.now();
    expect(worker.output()).toContain('role: worker');
    await until(
      async () => (await fetch(`${api?.url}/ready`)).status === 200,
      () => 'the API never saw the worker',
      20_000,
      200,
    );
    console.log(
      `api ready in ${t1 - t0} ms (migrations on a new database), worker in ${t2 - t1} ms, API ready ${Date.now() - t2} ms later`,
    );
    const health = (await fetch(`${worker.url}/health`).then((r) => r.json())) as { data: { role: string } };
    expect(health.data.role).toBe('worker');
    expect((await fetch(`${worker.url}/ready`)).status).toBe(200);
    expect((await fetch(`${worker.url}/api/auth/login`, { method: 'POST' })).status).toBe(404); // a worker serves no API
  }, 120_000);

  it('serves the web app built once: precompressed, hashed assets immutable, index.html revalidated', async () => {
    const page = await fetch(`${api?.url}/login`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text(); // fetch decodes the brotli body itself
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
    const asset = await fetch(`${api?.url}${script}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // React's production build, whatever NODE_ENV the build was started with (vitest's is `test`)
    const vendor = /href="(\/assets\/react-[^"]+\.js)"/.exec(html)?.[1] as string;
    expect(vendor).toBeTruthy();
    expect(await fetch(`${api?.url}${vendor}`).then((r) => r.text())).not.toContain('jsxDEV');
  });

  it('signs up through the mail relay, binds SMPP in the worker only, and runs jobs there', async () => {
    const base = api?.url as string;
    const body = registration();
    const post = (url: string, payload: unknown, token?: string) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(payload),
      });
    expect((await post('/api/auth/register', body)).status).toBe(201);
    const [mail] = await until(
      () => t.sql<{ otp_code: string }>('select otp_code from sandbox_mails where $1 = any(to_addresses)', [body.email.toLowerCase()]),
      () => 'no code reached the relay',
      10_000,
    ).then((rows) => (rows.length ? rows : Promise.reject(new Error('no mail'))));
    expect((await post('/api/auth/verify-otp', { email: body.email, otp: mail?.otp_code })).status).toBe(200);
    const login = (await (await post('/api/auth/login', { email: body.email, password: body.password })).json()) as {
      data: { token: string };
    };
    const token = login.data.token;

    // an SMPP connection started through the API process is bound by the worker
    const created = (await (
      await post(
        '/api/gateway/connections',
        {
          type: 'smpp',
          connection_name: 'Operator',
          host: '127.0.0.1',
          port: smsc.port,
          system_id: 'operator',
          password: 'operator-pw',
          message_per_second: 50,
          bind_timeout_s: 5,
        },
        token,
      )
    ).json()) as { data: { id: number } };
    const started = await post(`/api/gateway/connections/${created.data.id}/start`, {}, token);
    expect(started.status).toBe(200);
    expect(((await started.json()) as { data: { status: string } }).data.status).toBe('CONNECTED');
    expect(smsc.boundSessions()).toBe(1);
    const bound = new RegExp(`risala_smpp_session_state\\{connection="${created.data.id}",state="CONNECTED"\\} 1`);
    expect(await fetch(`${worker?.url}/metrics`).then((r) => r.text())).toMatch(bound);
    expect(await fetch(`${base}/metrics`).then((r) => r.text())).not.toMatch(bound);

    // a customer import: the API stores the file (local disk, shared), the worker's job reads it
    const file = multipartFile({
      filename: 'customers.csv',
      contentType: 'text/csv',
      data: Buffer.from('Name,Mobile\r\nSara,+966501234567\r\nOmar,+966501234568\r\n'),
    });
    const up = (await (
      await fetch(`${base}/api/customers/imports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...file.headers },
        body: file.payload,
      })
    ).json()) as { data: { id: number } };
    const id = up.data.id;
    const put = await fetch(`${base}/api/customers/imports/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ mapping: { first_name: 'Name', mobile_number: 'Mobile' } }),
    });
    expect(put.status).toBe(200);
    expect((await post(`/api/customers/imports/${id}/start`, {}, token)).status).toBe(202);
    const done = await until(
      async () => {
        const job = (await (
          await fetch(`${base}/api/customers/imports/${id}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as {
          data: { status: string; inserted?: number };
        };
        return job.data.status === 'COMPLETED' ? job.data : null;
      },
      () => 'the import never completed',
      20_000,
      200,
    );
    expect(done.status).toBe('COMPLETED');
  }, 90_000);

  it('backs the database up, restores it into a new one and finds every row (npm run backup:check)', async (ctx) => {
    const [server] = await admin((c) => c.query<{ v: number }>(`select current_setting('server_version_num')::int / 10000 as v`)).then(
      (r) => r.rows,
    );
    const version = await new Promise<number>((resolve) => {
      const child = spawn(process.env.PG_DUMP ?? 'pg_dump', ['--version']);
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.once('error', () => resolve(0));
      child.once('exit', () => resolve(Number(/(\d+)/.exec(out)?.[1] ?? 0)));
    });
    // pg_dump must be the server's major version or newer: Debian's tools with Debian's server in CI
    if (!CI_URL && version < (server?.v ?? 0)) return ctx.skip();
    const lines: string[] = [];
    const result = await backupCheck(databaseUrl, { log: (l: string) => lines.push(l) });
    expect(result.ok, lines.join('\n')).toBe(true);
    expect(result.rows).toBeGreaterThan(0);
    expect(lines.join('\n')).toMatch(/"public"\."customers": 2 → 2/);
  }, 120_000);
});
