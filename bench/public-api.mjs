/**
 * The public send API (POST /api/v1/messages/sms) with an API key at 200 concurrent connections,
 * against a bare Fastify handler answering the same shape in the same run, on a throw-away
 * embedded PostgreSQL with the real migrations:
 * - accepted sends per second (201s) and their p99 latency;
 * - the same for the bare handler; target: the API ≥ 30% of bare, p99 < 50 ms.
 * Every request is a real send: key check, scope, per-key rate, recipients, credits, the message
 * insert and its job, the audit entry. Run alone with `node bench/public-api.mjs [seconds=10]`;
 * BENCH_STATEMENTS=1 prints the statements PostgreSQL spent the API run on (pg_stat_statements).
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { Pool } from 'undici';

const CONNECTIONS = 200;

/** `CONNECTIONS` loops for `seconds`, each sending one request after the other; latencies of `ok` answers. */
async function load(origin, request, seconds, ok) {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  const latencies = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await pool.request(request());
        await res.body.dump();
        if (res.statusCode === ok) latencies.push(performance.now() - t0);
        else failed += 1;
      }
    }),
  );
  await pool.close();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { perSecond: Math.round(latencies.length / seconds), p99: Math.round(p99 * 10) / 10, failed };
}

export async function benchPublicApi(report, seconds = 10) {
  register();
  const { pino } = await import('pino');
  const Fastify = (await import('fastify')).default;
  const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
  const { createDb, ensureDatabase, runMigrations } = await import('../apps/server/src/db/client.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createMailer } = await import('../apps/server/src/mail/mailer.ts');
  const { createAppContext } = await import('../apps/server/src/app-context.ts');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { seedSandboxSenders } = await import('../apps/server/src/modules/senders/sandbox-seed.ts');
  const { grantTrialCredits } = await import('../apps/server/src/modules/messaging/pipeline/credits.ts');
  const { createStorage } = await import('../apps/server/src/storage/storage.ts');

  const dir = mkdtempSync(path.join(tmpdir(), 'risala-bench-api-'));
  chmodSync(dir, 0o755); // reachable by the postgres user when run as root
  const quiet = { info() {}, warn: console.warn, debug() {} };
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: 0,
    passwordFile: path.join(dir, 'pgpw'),
    log: quiet,
    settings: {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      ...(process.env.BENCH_STATEMENTS ? { shared_preload_libraries: 'pg_stat_statements' } : {}),
    },
  });
  let db;
  let app;
  let bare;
  try {
    await ensureDatabase(pg.adminUrl, 'bench');
    const url = pg.urlFor('bench');
    db = createDb(url, 20);
    await runMigrations(db);
    const log = pino({ level: 'silent' });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'data'), DATABASE_URL: url, LOG_LEVEL: 'silent' });
    const mailer = createMailer({ sandboxPort: 0, from: config.mailFrom, log });
    const ctx = createAppContext({ config, db, mailer, log, storage: createStorage(config) });
    const {
      rows: [account],
    } = await db.$client.query(`insert into accounts (name) values ('bench') returning id, name`);
    await db.transaction(async (tx) => {
      await seedSandboxSenders(tx, account, config);
      await grantTrialCredits(tx, account.id);
    });
    await db.$client.query(`update credits set balance = 100000000 where account_id = $1 and channel = 'sms'`, [account.id]);
    const clientId = `rk_${'b'.repeat(16)}`;
    const password = randomBytes(32).toString('base64url');
    await db.$client.query(
      `insert into api_keys (account_id, name, integration_type, client_id, secret_hash, scopes, rate_per_second)
       values ($1, 'bench', 'rest', $2, $3, '{sms:send}', 1000000)`,
      [account.id, clientId, createHash('sha256').update(password).digest()],
    );
    app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const apiOrigin = `http://127.0.0.1:${app.server.address().port}`;

    bare = Fastify();
    bare.post('/api/v1/messages/sms', async (_req, reply) =>
      reply.code(201).send({ statusCode: 201, message: 'Messages queued', data: { accepted: 1, message_ids: [1] } }),
    );
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareOrigin = `http://127.0.0.1:${bare.server.address().port}`;

    let n = 0;
    const send = () => ({
      method: 'POST',
      path: '/api/v1/messages/sms',
      headers: { authorization: `Bearer ${clientId}.${password}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: `+9665${String(10_000_000 + (n++ % 89_999_999)).padStart(8, '0')}`, text: 'Your code is 4821' }),
    });
    // warm both (JIT, pools), then measure the bare handler and the API
    await load(bareOrigin, send, 1, 201);
    await load(apiOrigin, send, 1, 201);
    const bareRun = await load(bareOrigin, send, seconds, 201);
    if (process.env.BENCH_STATEMENTS) {
      await db.$client.query('create extension if not exists pg_stat_statements');
      await db.$client.query('select pg_stat_statements_reset()');
    }
    const apiRun = await load(apiOrigin, send, seconds, 201);
    if (process.env.BENCH_STATEMENTS) {
      const { rows } = await db.$client.query(
        `select calls, round(total_exec_time) as ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q
           from pg_stat_statements order by total_exec_time desc limit 25`,
      );
      console.table(rows);
    }
    const share = bareRun.perSecond ? Math.round((apiRun.perSecond / bareRun.perSecond) * 1000) / 10 : 0;
    report(`bare Fastify handler at ${CONNECTIONS} connections`, bareRun.perSecond, 'req/s', 'informational', true);
    report(`bare Fastify handler p99`, bareRun.p99, 'ms', 'informational', true);
    report(
      `public API sendSms with an API key at ${CONNECTIONS} connections`,
      apiRun.perSecond,
      'accepted/s',
      'informational',
      apiRun.failed === 0,
    );
    report('public API sendSms vs bare handler', share, '%', '≥ 30 %', share >= 30);
    report('public API sendSms p99', apiRun.p99, 'ms', '< 50 ms', apiRun.p99 < 50);
    if (apiRun.failed) report('public API sendSms refused or failed', apiRun.failed, 'requests', '0', false);
  } finally {
    await app?.close();
    await bare?.close();
    await db?.$client.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const seconds = Number(process.argv[2] ?? 10);
  await benchPublicApi(
    (name, value, unit, target, pass) => console.log(`${pass ? 'OK  ' : 'MISS'}  ${name}: ${value} ${unit}   (target ${target})`),
    seconds,
  );
}
