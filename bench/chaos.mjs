/**
 * `npm run chaos` — the load and chaos suite. Not part of `npm test`: it takes
 * minutes and loads both cores. Against a real server process (API + worker) on a throw-away
 * embedded PostgreSQL, with the SMSC simulator on loopback, it prints each figure with its target:
 *
 * 1. load: N signed-in users (default 300, across 20 accounts with 2,000 customers each) for D
 *    seconds (default 60) over customer lists and searches, Message History and SMS sends —
 *    0 errors, latency p50/p95/p99 per kind; meanwhile one more self-registered trial account
 *    attacks (chaos-attacks.mjs): zip bombs through the import, the Word conversion and the briefs,
 *    and a content rule `a*a*a*a*a*a*a*a*b` routing a 160-character SMS — each refused or handled,
 *    /health probed every 250 ms, the server still running and still 0 errors for the others;
 * 2. SIGKILL of the server in the middle of a 5,000-SMS send, then a restart — 0 lost, 0 stuck;
 * 3. PostgreSQL stopped (fast shutdown) for 3 s and started again under traffic and a 5,000-SMS
 *    send — the API answers again within 5 s of the database, 0 lost, 0 stuck.
 *
 * `npm run chaos -- --users 100 --seconds 20` for a shorter run.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { disarm, probeHealth, runAttacks } from './chaos-attacks.mjs';
import { freePort } from './sandbox-stack.mjs';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '60' },
    accounts: { type: 'string', default: '20' },
  },
});
const USERS = Number(args.users);
const SECONDS = Number(args.seconds);
const ACCOUNTS = Number(args.accounts);
const PASSWORD = 'Str0ng!Pass';
const FINAL = ['DELIVERED', 'FAILED', 'BLOCKED', 'NOT_ALLOWED', 'PARTIALLY_DELIVERED', 'CANCELLED', 'READ'];

register();
const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
const { ensureDatabase } = await import('../apps/server/src/db/client.ts');
const { startSmscSimulator } = await import('../apps/server/src/sandbox/smsc.ts');
const pg = (await import('pg')).default;

const results = [];
const report = (name, value, unit, target, pass) => {
  results.push({ name, pass });
  process.stdout.write(`${pass ? 'OK  ' : 'MISS'}  ${name}: ${value} ${unit}   (target ${target})\n`);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

// ── the stack ───────────────────────────────────────────────────────────────
const dir = mkdtempSync(path.join(tmpdir(), 'risala-chaos-'));
chmodSync(dir, 0o755);
const quiet = { info() {}, warn: console.warn, debug() {} };
const pgOpts = {
  dataDir: path.join(dir, 'pg'),
  port: await freePort(),
  passwordFile: path.join(dir, 'pgpw'),
  log: quiet,
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' },
};
let cluster = await startEmbeddedPostgres(pgOpts);
await ensureDatabase(cluster.adminUrl, 'chaos');
const databaseUrl = cluster.urlFor('chaos');
const smsc = await startSmscSimulator({ systemId: 'chaos', password: 'chaos', receiptDelayMs: 50, keep: 10 });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
db.on('error', () => {});

let server = null;
/** the server's log lines (warnings and errors), printed when something is stuck */
const serverLog = [];
function startServer() {
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=8', '--max-old-space-size=256', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(dir, 'data'),
        PORT: String(port),
        LOG_LEVEL: 'warn',
        LOG_PRETTY: 'false',
        SANDBOX_SMSC: 'false',
        SANDBOX_SMSC_PORT: String(smsc.port),
        SANDBOX_SMSC_SYSTEM_ID: 'chaos',
        SANDBOX_SMSC_PASSWORD: 'chaos',
        SANDBOX_SMTP_PORT: '0',
        DEMO_SEED: 'false',
        JWT_SECRET: 'chaos-suite-jwt-secret-0123456789abcdefghij',
        ENCRYPTION_KEY: 'chaos-suite-encryption-key-0123456789abcdef',
        // every virtual user comes from 127.0.0.1
        RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '100000',
        RATE_LIMIT_OTP_PER_IP_PER_HOUR: '100000',
        RATE_LIMIT_OTP_VERIFY_PER_IP_PER_HOUR: '100000',
        LOGIN_MAX_FAILURES_PER_IP: '100000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (c) => {
      out += c;
      // request errors during the outage are expected; the rest tells how the server came through
      serverLog.push(
        ...String(c)
          .split('\n')
          .filter((l) => l.startsWith('{') && !l.includes('"reqId"')),
      );
      if (serverLog.length > 2000) serverLog.splice(0, serverLog.length - 1000);
      if (out.includes('Risala is ready')) resolve();
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}):\n${out.slice(-3000)}`)));
  });
  server = { child, ready, exited: new Promise((r) => child.once('exit', r)) };
  return ready;
}

async function call(method, p, token, body) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(60_000),
    });
    const json = await res.json().catch(() => null);
    return { status: res.status, body: json, ms: performance.now() - started };
  } catch (err) {
    return { status: 0, body: { message: String(err?.cause?.code ?? err?.message ?? err) }, ms: performance.now() - started };
  }
}

async function until(probe, what, timeoutMs, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(everyMs);
  }
}

/** Counts of a bulk's messages by status, and how many are not final. */
async function bulkState(bulkId) {
  const { rows } = await db.query('select status, count(*)::int as n from messages where bulk_id = $1 group by status', [bulkId]);
  const counts = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  const total = rows.reduce((a, r) => a + r.n, 0);
  const open = rows.filter((r) => !FINAL.includes(r.status)).reduce((a, r) => a + r.n, 0);
  return { counts, total, open };
}

const numbers = (count, from) => Array.from({ length: count }, (_, i) => `+96655${String(from + i).padStart(7, '0')}`);

try {
  await startServer();

  // ── accounts, users, customers ────────────────────────────────────────────
  const seedStarted = performance.now();
  /** a self-registered account (sign-up, code from the sandbox inbox, verified): a trial */
  async function registerOwner(email, company) {
    const reg = await call('POST', '/api/auth/register', null, {
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      first_name: 'Load',
      last_name: company,
      phone_number: '+966501234567',
      company_name: company,
    });
    if (reg.status !== 201) throw new Error(`register: ${JSON.stringify(reg.body)}`);
    const otp = await until(
      async () => {
        const { rows } = await db.query('select otp_code from sandbox_mails where $1 = any(to_addresses) and otp_code is not null', [
          email,
        ]);
        return rows[0]?.otp_code;
      },
      'sign-up code',
      10_000,
      50,
    );
    const ver = await call('POST', '/api/auth/verify-otp', null, { email, otp });
    if (ver.status !== 200) throw new Error(`verify: ${JSON.stringify(ver.body)}`);
    const { rows } = await db.query('select account_id, password_hash from users where email = $1', [email]);
    return { id: rows[0].account_id, owner: email, hash: rows[0].password_hash };
  }
  const accounts = [];
  for (let a = 0; a < ACCOUNTS; a++) accounts.push(await registerOwner(`owner${a}@chaos.example`, `Chaos ${a}`));
  // the attacker: one more trial account, with credits to send (not one of the load's users)
  const attackerAccount = await registerOwner('attacker@chaos-attack.example', 'Chaos Attacker');
  await db.query('update credits set balance = 1000 where account_id = $1', [attackerAccount.id]);
  const attackerLogin = await call('POST', '/api/auth/login', null, { email: attackerAccount.owner, password: PASSWORD });
  if (attackerLogin.status !== 200) throw new Error(`attacker login: ${JSON.stringify(attackerLogin.body)}`);
  const attacker = { token: attackerLogin.body.data.token, accountId: attackerAccount.id };
  const perAccount = Math.ceil(USERS / ACCOUNTS);
  for (const acc of accounts) {
    await db.query(
      `insert into users (account_id, role_id, email, password_hash, first_name, last_name, email_verified_at)
       select $1::int, (select id from roles where account_id = $1::int and key = 'marketer'), 'user' || g || '.' || $1::int || '@chaos.example', $2, 'Load', 'User ' || g, now()
         from generate_series(1, $3) g`,
      [acc.id, acc.hash, perAccount - 1],
    );
    await db.query(
      `insert into customers (account_id, first_name, last_name, mobile_number, email, country, consent_sms, consent_email, consent_whatsapp)
       select $1::int, 'Customer', 'No ' || g, '+96656' || lpad(g::text, 7, '0'), 'c' || g || '.' || $1::int || '@chaos.example', 'SA', true, true, true
         from generate_series(1, 2000) g`,
      [acc.id],
    );
    await db.query(`update credits set balance = 10000000 where account_id = $1`, [acc.id]);
  }
  const { rows: userRows } = await db.query(
    `select u.email, u.account_id from users u where u.email like '%@chaos.example' order by u.id limit $1`,
    [USERS],
  );
  const users = [];
  for (let i = 0; i < userRows.length; i += 20) {
    const batch = await Promise.all(
      userRows.slice(i, i + 20).map(async (u) => {
        const res = await call('POST', '/api/auth/login', null, { email: u.email, password: PASSWORD });
        if (res.status !== 200) throw new Error(`login ${u.email}: ${JSON.stringify(res.body)}`);
        return { token: res.body.data.token, accountId: u.account_id };
      }),
    );
    users.push(...batch);
  }
  process.stdout.write(
    `seeded ${ACCOUNTS} accounts, ${users.length} signed-in users, ${ACCOUNTS * 2000} customers in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`,
  );

  // ── 1. load ───────────────────────────────────────────────────────────────
  const kinds = {
    list: (u) => call('GET', '/api/customers?page=1&limit=20', u.token),
    search: (u) => call('GET', `/api/customers?search=No%20${Math.floor(Math.random() * 2000)}&page=1&limit=20`, u.token),
    history: (u) => call('GET', '/api/messages?page=1&limit=20', u.token),
    send: (u) =>
      call('POST', '/api/messages/sms', u.token, {
        recipients: { numbers: numbers(1 + Math.floor(Math.random() * 3), Math.floor(Math.random() * 9_000_000)) },
        text: 'Load test: your weekend offer is here',
      }),
  };
  const mix = ['list', 'list', 'search', 'search', 'history', 'history', 'send'];
  const lat = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  const errors = [];
  const stopAt = Date.now() + SECONDS * 1000;
  const health = probeHealth(base);
  // the attacks start once the load is under way
  const attacks = sleep(Math.min(5000, (SECONDS * 1000) / 4)).then(() => runAttacks({ base, db, attacker, call }));
  await Promise.all(
    users.map(async (u) => {
      while (Date.now() < stopAt) {
        const kind = mix[Math.floor(Math.random() * mix.length)];
        const res = await kinds[kind](u);
        lat[kind].push(res.ms);
        const okStatus = kind === 'send' ? res.status === 201 : res.status === 200;
        if (!okStatus) errors.push(`${kind} ${res.status} ${res.body?.code ?? res.body?.message ?? ''}`);
      }
    }),
  );
  const total = Object.values(lat).reduce((a, l) => a + l.length, 0);
  report(
    `load: ${users.length} users × ${SECONDS} s, ${total} calls (${Math.round(total / SECONDS)}/s), errors`,
    errors.length,
    'errors',
    '0',
    errors.length === 0,
  );
  if (errors.length) process.stdout.write(`      first errors: ${[...new Set(errors)].slice(0, 5).join(' | ')}\n`);
  for (const [kind, list] of Object.entries(lat)) {
    const sorted = [...list].sort((a, b) => a - b);
    process.stdout.write(
      `      ${kind.padEnd(8)} n=${sorted.length}  p50 ${pct(sorted, 50).toFixed(0)} ms  p95 ${pct(sorted, 95).toFixed(0)} ms  p99 ${pct(sorted, 99).toFixed(0)} ms\n`,
    );
  }
  const all = Object.values(lat)
    .flat()
    .sort((a, b) => a - b);
  report('load: p99 of every call', pct(all, 99).toFixed(0), 'ms', 'printed', true);
  for (const a of await attacks) report(a.name, a.value, a.unit, a.target, a.pass);
  const probes = await health.stop();
  report(
    `attacks: /health during the load (p99 ${pct(probes.lat, 99).toFixed(0)} ms, max ${(probes.lat.at(-1) ?? 0).toFixed(0)} ms), unanswered in 5 s`,
    probes.failed,
    'probes',
    '0',
    probes.failed === 0,
  );
  const alive = server.child.exitCode === null && server.child.signalCode === null;
  const answers = alive && (await call('GET', '/health')).status === 200;
  report('attacks: the server still runs and answers', answers ? 'yes' : alive ? 'hung' : 'exited', '', 'yes', answers);
  if (!answers) {
    // a hung server would hang again after a restart (the message is queued): disarm, then go on
    server.child.kill('SIGKILL');
    await server.exited;
    await disarm(db, attacker.accountId);
    await startServer();
  }

  // wait for the load's own sends to settle before the chaos runs
  await until(
    async () => {
      const { rows } = await db.query(`select count(*)::int as n from messages where not (status = any($1::text[]))`, [FINAL]);
      return rows[0].n === 0;
    },
    'the load sends settle',
    120_000,
    500,
  );

  const sender = users[0];

  // ── 2. SIGKILL mid-send ───────────────────────────────────────────────────
  {
    const send = call('POST', '/api/messages/sms', sender.token, {
      recipients: { numbers: numbers(5000, 100_000) },
      text: 'Chaos: SIGKILL in the middle',
    });
    const accepted = await send;
    if (accepted.status !== 201) throw new Error(`send: ${JSON.stringify(accepted.body)}`);
    const bulk = accepted.body.data.bulk_id;
    await until(async () => (await bulkState(bulk)).counts.DELIVERED > 1000, 'a fifth delivered', 60_000, 20);
    server.child.kill('SIGKILL');
    await server.exited;
    const killedAt = Date.now();
    await startServer();
    const restartMs = Date.now() - killedAt;
    const state = await until(
      async () => {
        const s = await bulkState(bulk);
        return s.open === 0 ? s : null;
      },
      'every message final after the restart',
      120_000,
      500,
    ).catch(() => bulkState(bulk));
    report(`SIGKILL mid-send (restart ${restartMs} ms): messages lost`, 5000 - state.total, 'lost', '0', state.total === 5000);
    report('SIGKILL mid-send: messages not final', state.open, 'stuck', '0', state.open === 0);
  }

  // ── 3. PostgreSQL stopped and started under traffic ──────────────────────
  {
    const accepted = await call('POST', '/api/messages/sms', sender.token, {
      recipients: { numbers: numbers(5000, 200_000) },
      text: 'Chaos: the database goes away',
    });
    if (accepted.status !== 201) throw new Error(`send: ${JSON.stringify(accepted.body)}`);
    const bulk = accepted.body.data.bulk_id;
    let traffic = true;
    const seen = { ok: 0, unavailable: 0, other: [] };
    const load = Promise.all(
      users.slice(0, 50).map(async (u) => {
        while (traffic) {
          const res = await call('GET', '/api/customers?page=1&limit=20', u.token);
          if (res.status === 200) seen.ok++;
          else if (res.status === 503) seen.unavailable++;
          else seen.other.push(`${res.status} ${res.body?.code ?? res.body?.message ?? ''}`);
          await sleep(20);
        }
      }),
    );
    await until(async () => (await bulkState(bulk)).counts.DELIVERED > 500, 'some delivered', 60_000, 20);
    await db.end();
    await cluster.stop();
    await sleep(3000);
    cluster = await startEmbeddedPostgres(pgOpts);
    const backAt = Date.now();
    const pool2 = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    const apiBack = await until(
      async () => (await call('GET', '/api/customers?page=1&limit=20', sender.token)).status === 200 && Date.now(),
      'the API answers again',
      60_000,
      100,
    )
      .then((t) => t - backAt)
      .catch(() => Number.POSITIVE_INFINITY);
    traffic = false;
    await load;
    const serverAlive = server.child.exitCode === null && server.child.signalCode === null;
    report('PostgreSQL restarted: the API answers again after', apiBack, 'ms', '< 5000', apiBack < 5000 && serverAlive);
    process.stdout.write(
      `      during the outage: ${seen.ok} OK, ${seen.unavailable} × 503, other: ${[...new Set(seen.other)].slice(0, 4).join(' | ') || 'none'}; server ${serverAlive ? 'kept running' : 'exited'}\n`,
    );
    const dbState = async () => {
      const { rows } = await pool2.query(
        'select status, stage, count(*)::int as n from messages where bulk_id = $1 group by status, stage',
        [bulk],
      );
      const total = rows.reduce((a, r) => a + r.n, 0);
      const open = rows.filter((r) => !FINAL.includes(r.status)).reduce((a, r) => a + r.n, 0);
      const where = rows
        .filter((r) => !FINAL.includes(r.status))
        .map((r) => `${r.n} ${r.status}/${r.stage}`)
        .join(', ');
      return { total, open, where };
    };
    const state = await until(
      async () => {
        const s = await dbState();
        return s.open === 0 ? s : null;
      },
      'every message final after the database came back',
      120_000,
      500,
    ).catch(() => dbState());
    report('PostgreSQL restarted under a send: messages lost', 5000 - state.total, 'lost', '0', state.total === 5000);
    report('PostgreSQL restarted under a send: messages not final', state.open, 'stuck', '0', state.open === 0);
    if (state.open) {
      process.stdout.write(`      not final: ${state.where}\n`);
      const { rows: jobs } = await pool2.query(
        'select task_identifier, attempts, locked_by is not null as locked, last_error from graphile_worker.jobs limit 5',
      );
      process.stdout.write(`      jobs: ${JSON.stringify(jobs)}\n`);
      const file = path.join(tmpdir(), 'risala-chaos-server.log');
      (await import('node:fs')).writeFileSync(file, serverLog.join('\n'));
      process.stdout.write(`      the server's warnings and errors: ${file}\n`);
    }
    report(
      'PostgreSQL restarted: answers other than 200 or 503 during the outage',
      seen.other.length,
      'answers',
      '0',
      seen.other.length === 0,
    );
    await pool2.end();
  }
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    // a server whose event loop is held never runs its SIGTERM handler
    const stopped = await Promise.race([server.exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  await db.end().catch(() => {});
  await smsc.close();
  await cluster.stop().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
}

const missed = results.filter((r) => !r.pass).length;
process.stdout.write(`\n${results.length - missed} of ${results.length} within target\n`);
process.exit(missed ? 1 : 0);
