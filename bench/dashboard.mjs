/**
 * The Insights Dashboard at 10,000,000 messages across 1,000 accounts, the largest
 * (the demo account) holding 5,000,000 over 120 days, seeded with COPY through the real rollup
 * triggers and folded; then every dashboard endpoint of the largest account is timed over HTTP
 * against a real server process (p95 of 100 requests after 10 warm-ups) for a 90-day and a 7-day
 * range. Prints the seeding figures too.
 * Run alone: `node bench/dashboard.mjs [total] [largest]`. BENCH_DASHBOARD_DIR=<dir> keeps the
 * seeded cluster there and reuses it on the next run (seed once, time many).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { freePort } from './sandbox-stack.mjs';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const DAYS = 120;
const CHUNK = 250_000;
/** The full run's shape; the smoke run passes small ones. */
const DEFAULT_SHAPE = { accounts: 1000, campaigns: 300, customers: 200_000, requests: 100, warmups: 10 };

/** A small deterministic generator (mulberry32): the same data on every run. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ERRORS = ['UNDELIV', 'EXPIRED', 'ESME_RINVDSTADR', 'NO_ROUTE', 'REJECTD', 'WHATSAPP_WINDOW_CLOSED'];
const SENDERS = {
  sms: ['ACME', 'ACME-OTP', 'ACME-KSA'],
  whatsapp: ['+966500000000', '+966500000001'],
  email: ['news@acme.test', 'offers@acme.test'],
};
const iso = (ms) => new Date(ms).toISOString();

/** COPY text lines of messages for one account (n rows), campaigns by id list; `now` fixes the clock. */
function* messageLines(accountId, n, campaignIds, now, random) {
  const span = DAYS * 86_400_000;
  for (let i = 0; i < n; i++) {
    const r = random();
    // 60 % of a big account's messages belong to its campaigns, each sent within its launch hour
    const inCampaign = campaignIds.length > 0 && random() < 0.6;
    const campaignIdx = inCampaign ? Math.floor(random() * campaignIds.length) : -1;
    const created = inCampaign
      ? now - span + ((campaignIdx + 0.5) / campaignIds.length) * span + random() * 3_600_000
      : now - random() * span;
    const channel = r < 0.6 ? 'sms' : r < 0.85 ? 'whatsapp' : 'email';
    const s = random();
    const status =
      s < 0.8
        ? 'DELIVERED'
        : s < 0.86
          ? channel === 'sms'
            ? 'DELIVERED'
            : 'READ'
          : s < 0.91
            ? 'FAILED'
            : s < 0.95
              ? 'SENT'
              : s < 0.97
                ? 'NOT_ALLOWED'
                : s < 0.98
                  ? 'BLOCKED'
                  : 'QUEUED';
    const sent = ['DELIVERED', 'READ', 'FAILED', 'SENT'].includes(status) ? iso(created + 2000) : '\\N';
    const delivered = status === 'DELIVERED' || status === 'READ' ? iso(created + 9000) : '\\N';
    const read = status === 'READ' || (channel === 'email' && status === 'DELIVERED' && random() < 0.3) ? iso(created + 3_600_000) : '\\N';
    const clicked = read !== '\\N' && random() < 0.2 ? iso(created + 3_700_000) : '\\N';
    const error =
      status === 'FAILED'
        ? ERRORS[Math.floor(random() * ERRORS.length)]
        : status === 'NOT_ALLOWED'
          ? 'NO_CONSENT'
          : status === 'BLOCKED'
            ? 'BLACKLISTED'
            : '\\N';
    const recipient =
      channel === 'email'
        ? `c${Math.floor(random() * 1e7)}@example.com`
        : `+${random() < 0.8 ? '9665' : '9715'}${Math.floor(random() * 10)}${String(Math.floor(random() * 1e7)).padStart(7, '0')}`;
    const sender = SENDERS[channel][Math.floor(random() * SENDERS[channel].length)];
    const campaign = inCampaign ? campaignIds[campaignIdx] : '\\N';
    yield `${accountId}\t${channel}\t${status}\tdone\tbench-${accountId}\t${campaign}\t${recipient}\t${sender}\t1\t0.05000\t${iso(created)}\t${sent}\t${delivered}\t${read}\t${clicked}\t${error}\n`;
  }
}

async function copyLines(client, copyFrom, lines) {
  const batch = [];
  async function* chunks() {
    for (const line of lines) {
      batch.push(line);
      if (batch.length >= 2000) yield batch.splice(0).join('');
    }
    if (batch.length) yield batch.splice(0).join('');
  }
  await pipeline(
    Readable.from(chunks()),
    client.query(
      copyFrom(
        'COPY messages (account_id, channel, status, stage, bulk_id, campaign_id, recipient, sender, credits, cost, created_at, sent_at, delivered_at, read_at, clicked_at, error_code) FROM STDIN',
      ),
    ),
  );
}

async function seed(client, demoId, total, largest, report, { accounts: ACCOUNTS, campaigns: CAMPAIGNS, customers: CUSTOMERS }) {
  const { from: copyFrom } = (await import('pg-copy-streams')).default;
  const now = Date.now();
  const started = performance.now();
  // monthly partitions for the whole span (older months packed: they are cold)
  await client.query(`
    do $$ declare m date := date_trunc('month', now() - interval '${DAYS + 31} days')::date; p text;
    begin
      while m < date_trunc('month', now() - interval '1 month') loop
        p := format('messages_%s', to_char(m, 'YYYY_MM'));
        if to_regclass(p) is null then
          execute format('create table %I partition of messages for values from (%L) to (%L)', p, m, (m + interval '1 month')::date);
        end if;
        m := (m + interval '1 month')::date;
      end loop;
    end $$`);
  const {
    rows: [{ n: existing }],
  } = await client.query('select count(*)::int as n from accounts');
  if (existing < ACCOUNTS) {
    await client.query(`insert into accounts (name) select 'Bench account ' || g from generate_series(1, $1) g`, [ACCOUNTS - existing]);
  }
  const { rows: brands } = await client.query(
    `insert into brands (account_id, name) select $1, 'Bench brand ' || g from generate_series(1, 5) g returning id`,
    [demoId],
  );
  const { rows: campaigns } = await client.query(
    `insert into campaigns (account_id, name, brand_id, channels, status, launched_at)
     select $1, 'Bench campaign ' || g, ($2::int[])[1 + g % 5], case when g % 3 = 0 then '{whatsapp,sms}'::text[] else '{sms}'::text[] end, 'COMPLETED',
            now() - make_interval(days => $3) + (g - 0.5) / $4 * make_interval(days => $3)
       from generate_series(1, $4) g returning id`,
    [demoId, brands.map((b) => b.id), DAYS, CAMPAIGNS],
  );
  const campaignIds = campaigns.map((c) => c.id);
  const random = rng(16);
  let copyMs = 0;
  /** each COPY's rows and time, in order: the insert rate of the first and the last million compared */
  const copies = [];
  // the rollups come from the rebuild command afterwards (timed below): seeding through the insert
  // trigger works too, but data spread at random over 120 days barely aggregates per statement,
  // unlike the pipeline's chunks, and would only make the seed slow
  await client.query('alter table messages disable trigger analytics_messages_insert');
  const timed = async (fn, add) => {
    const t0 = performance.now();
    await fn();
    add(performance.now() - t0);
  };
  // the largest account in chunks (one COPY statement each: the triggers aggregate per statement)
  for (let done = 0; done < largest; done += CHUNK) {
    const rows = Math.min(CHUNK, largest - done);
    await timed(
      () => copyLines(client, copyFrom, messageLines(demoId, rows, campaignIds, now, random)),
      (ms) => {
        copyMs += ms;
        copies.push({ rows, ms });
      },
    );
    if (process.env.BENCH_DEBUG) process.stdout.write(`  seeded ${done + CHUNK}: COPY ${Math.round(copyMs)} ms\n`);
  }
  const { rows: others } = await client.query('select id from accounts where id <> $1 order by id limit $2', [demoId, ACCOUNTS - 1]);
  const per = Math.floor((total - largest) / others.length);
  for (let i = 0; i < others.length; i += 50) {
    const group = others.slice(i, i + 50);
    await timed(
      () =>
        copyLines(
          client,
          copyFrom,
          (function* () {
            for (const a of group) yield* messageLines(a.id, per, [], now, random);
          })(),
        ),
      (ms) => {
        copyMs += ms;
        copies.push({ rows: per * group.length, ms });
      },
    );
  }
  reportInsertRates(report, copies, total);
  // CUSTOMERS (200,000) customers for the largest account's audience, added over the span, some opted out
  await client.query(
    `insert into customers (account_id, first_name, mobile_number, brand_id, consent_sms, created_at)
     select $1, 'Bench ' || g, '+96658' || lpad(g::text, 7, '0'), ($2::int[])[1 + g % 5], true, now() - (g % ${DAYS}) * interval '1 day'
       from generate_series(1, $3::int) g`,
    [demoId, brands.map((b) => b.id), CUSTOMERS],
  );
  await client.query(
    `update customers set consent_sms = false, consent_sms_source = 'sms_stop', consent_sms_at = now() - (id % 90) * interval '1 day'
                       where account_id = $1 and first_name like 'Bench %' and id % 40 = 0`,
    [demoId],
  );
  await client.query('alter table messages enable trigger analytics_messages_insert');
  await client.query('vacuum analyze');
  const { rebuildRollups } = await import('../apps/server/src/modules/analytics/rebuild.ts');
  const pool = new (await import('pg')).default.Pool(poolConfig(client));
  const rebuildStart = performance.now();
  await rebuildRollups(pool);
  const rebuildMs = performance.now() - rebuildStart;
  await pool.end();
  await client.query('vacuum analyze');
  const secs = (performance.now() - started) / 1000;
  const {
    rows: [{ n }],
  } = await client.query('select count(*)::bigint as n from messages');
  report('dashboard bench: seeding time in COPY (messages only, indexes kept)', Math.round(copyMs / 1000), 's', 'informational', true);
  report(
    `dashboard bench: npm run analytics:rebuild over all ${ACCOUNTS.toLocaleString('en')} accounts (${Number(total).toLocaleString('en')} messages)`,
    Math.round(rebuildMs / 1000),
    's',
    'informational',
    true,
  );
  report(
    `dashboard bench: seeded ${Number(n).toLocaleString('en')} messages (largest account ${largest.toLocaleString('en')}) with COPY, rollups rebuilt`,
    `${Math.round(secs)} s (${Math.round(Number(n) / secs).toLocaleString('en')} rows/s)`,
    '',
    'informational',
    true,
  );
  await client.query('create table if not exists bench_dashboard_seed (total bigint, largest bigint)');
  await client.query('insert into bench_dashboard_seed values ($1, $2)', [total, largest]);
}

/**
 * Messages over years: the insert rate of the last million rows against the first million of the
 * same seed (the table only grows: indexes and partitions must not make inserts slower with size).
 */
function reportInsertRates(report, copies, total) {
  const million = Math.min(1_000_000, Math.floor(total / 4));
  const rate = (list) => {
    let rows = 0;
    let ms = 0;
    for (const c of list) {
      if (rows >= million) break;
      rows += c.rows;
      ms += c.ms;
    }
    return ms > 0 ? rows / (ms / 1000) : 0;
  };
  const first = rate(copies);
  const last = rate([...copies].reverse());
  const ratio = first > 0 ? last / first : 0;
  const label = million >= 1_000_000 ? 'million' : `${million.toLocaleString('en')} rows`;
  report(
    `messages over years: insert rate of the last ${label} vs the first (${Math.round(last).toLocaleString('en')} vs ${Math.round(first).toLocaleString('en')} rows/s, ${Number(total).toLocaleString('en')} in all)`,
    Math.round(ratio * 100),
    '%',
    '≥ 90 % (within 10 %)',
    ratio >= 0.9,
  );
}

const poolConfig = (client) => ({
  host: client.host,
  port: client.port,
  user: client.user,
  password: client.password,
  database: client.database,
  max: 2,
});

function startServer(url, dataDir, port) {
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=8', '--max-old-space-size=192', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ROLE: 'api',
        LOG_LEVEL: 'warn',
        LOG_PRETTY: 'false',
        SANDBOX_SMSC_PORT: '0',
        SANDBOX_SMTP_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const ready = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('Risala is ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, ready };
}

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

/** p95 in ms (one decimal) of `requests` GETs of `url` after `warmups` untimed ones; a non-200 answer throws. */
async function timeGets(url, headers, warmups, requests) {
  const times = [];
  for (let i = 0; i < warmups + requests; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
    if (i >= warmups) times.push(performance.now() - t0);
  }
  return Math.round(p95(times) * 10) / 10;
}

export async function benchDashboard(report, total = 10_000_000, largest = 5_000_000, shape = {}) {
  const { requests, warmups, ...seedShape } = { ...DEFAULT_SHAPE, ...shape };
  register();
  const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
  const { ensureDatabase, createDb, runMigrations } = await import('../apps/server/src/db/client.ts');
  const pg = (await import('pg')).default;
  const keep = process.env.BENCH_DASHBOARD_DIR;
  const dir = keep ?? mkdtempSync(path.join(tmpdir(), 'risala-bench-dashboard-'));
  if (keep) mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: 0,
    passwordFile: path.join(dir, 'pgpw'),
    log: { info() {}, warn: console.warn, debug() {} },
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_wal_size: '4GB', work_mem: '32MB' },
  });
  let server = null;
  const client = new pg.Client({ connectionString: cluster.urlFor('bench') });
  try {
    await ensureDatabase(cluster.adminUrl, 'bench').catch(() => {});
    const url = cluster.urlFor('bench');
    const db = createDb(url, 2);
    await runMigrations(db);
    await db.$client.end();
    const port = await freePort();
    const dataDir = path.join(dir, 'data');
    server = startServer(url, dataDir, port);
    await server.ready; // seeds the demo account: the largest account of the bench
    await client.connect();
    const {
      rows: [demo],
    } = await client.query(`select u.id as user_id, u.account_id from users u where u.email = 'demo@risala.local'`);
    const seeded =
      (await client.query(`select to_regclass('bench_dashboard_seed') is not null as s`)).rows[0].s &&
      (await client.query('select 1 from bench_dashboard_seed where total = $1 and largest = $2', [total, largest])).rows.length > 0;
    if (!seeded) await seed(client, demo.account_id, total, largest, report, seedShape);
    const {
      rows: [{ n, big }],
    } = await client.query(
      'select (select count(*) from messages)::bigint as n, (select count(*) from messages where account_id = $1)::bigint as big',
      [demo.account_id],
    );
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@risala.local', password: 'Demo@2026' }),
    }).then((r) => r.json());
    const headers = { authorization: `Bearer ${login.data.token}` };
    const {
      rows: [big1],
    } = await client.query(`select campaign_id from analytics_campaigns where account_id = $1 group by 1 order by sum(n) desc limit 1`, [
      demo.account_id,
    ]);
    const bigBrand = await brandOf(client, big1.campaign_id);
    const paths = (preset) => [
      [`analytics/{id}`, `/api/dashboard/analytics/${demo.user_id}?preset=${preset}`],
      [`analytics/{id} (one brand)`, `/api/dashboard/analytics/${demo.user_id}?preset=${preset}&brand_id=${bigBrand}`],
      ['customers/{id}', `/api/dashboard/customers/${demo.user_id}?preset=${preset}`],
      ['channel-metrics', `/api/dashboard/channel-metrics?preset=${preset}`],
      ['campaign-metrics (sorted by delivery rate)', `/api/dashboard/campaign-metrics?sort=delivery_rate&order=desc&limit=20`],
      ['campaigns/{id}', `/api/dashboard/campaigns/${big1.campaign_id}`],
      ['events', '/api/dashboard/events?limit=100'],
    ];
    for (const [preset, days, target] of [
      ['90d', 90, 100],
      ['7d', 7, 50],
    ]) {
      for (const [name, p] of paths(preset)) {
        const ms = await timeGets(`${base}${p}`, headers, warmups, requests);
        report(
          `dashboard ${name}, largest account (${Number(big).toLocaleString('en')} of ${Number(n).toLocaleString('en')} messages), ${days} days: p95`,
          ms,
          'ms',
          `< ${target} ms`,
          ms < target,
        );
      }
    }
    // Message History at that size: the largest account's first page, a status view, a number search, a deep page
    for (const [name, p] of [
      ['first page', '/api/messages?limit=25'],
      ['failed, first page', '/api/messages?status=FAILED&limit=25'],
      ['search by number', '/api/messages?search=%2B9665512&limit=25'],
      ['page 40', '/api/messages?page=40&limit=25'],
    ]) {
      const ms = await timeGets(`${base}${p}`, headers, warmups, requests);
      report(
        `Message History ${name}, largest account (${Number(big).toLocaleString('en')} of ${Number(n).toLocaleString('en')} messages): p95`,
        ms,
        'ms',
        '< 100 ms',
        ms < 100,
      );
    }
  } finally {
    await client.end().catch(() => {});
    if (server) {
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGTERM');
      await exited;
    }
    await cluster.stop();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

async function brandOf(client, campaignId) {
  const { rows } = await client.query('select brand_id from campaigns where id = $1', [campaignId]);
  return rows[0]?.brand_id;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchDashboard(
    (name, value, unit, target, pass) =>
      process.stdout.write(`${pass ? 'OK  ' : 'MISS'}  ${name}: ${value} ${unit}   (target ${target})\n`),
    Number(process.argv[2] ?? 10_000_000),
    Number(process.argv[3] ?? 5_000_000),
  );
}
