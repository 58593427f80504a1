/**
 * Dynamic segment count on 1,000,000 customers: target < 100 ms.
 * A throw-away embedded PostgreSQL with the real migrations; rows generated with generate_series;
 * the count runs the production SQL (segmentWhere) 50 times and prints the median and p95.
 * Run alone with `node bench/segments.mjs`, or through `npm run bench`.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const DEFAULT_ROWS = Number(process.env.BENCH_SEGMENT_ROWS ?? 1_000_000);
const DEFAULT_RUNS = 50;
const NEIGHBOURS = 100_000;

/** A realistic rule: Saudi customers who accept SMS and carry the "vip" tag. */
const RULES = {
  match: 'all',
  conditions: [
    { type: 'field', field: 'country', op: 'eq', value: 'SA' },
    { type: 'consent', channel: 'sms', value: true },
    { type: 'tags', op: 'any', values: ['vip'] },
  ],
};

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** `rows`, `runs`, `neighbours`: the sizes (small ones for the smoke run). */
export async function benchSegments(report, { rows: ROWS = DEFAULT_ROWS, runs: RUNS = DEFAULT_RUNS, neighbours = NEIGHBOURS } = {}) {
  register();
  const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
  const { createDb, ensureDatabase, runMigrations } = await import('../apps/server/src/db/client.ts');
  const { segmentWhere } = await import('../apps/server/src/modules/groups/segment-sql.ts');
  const { sql } = await import('drizzle-orm');

  const dir = mkdtempSync(path.join(tmpdir(), 'risala-bench-seg-'));
  chmodSync(dir, 0o755); // reachable by the postgres user when run as root
  const quiet = { info() {}, warn: console.warn, debug() {} };
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: 0,
    passwordFile: path.join(dir, 'pgpw'),
    log: quiet,
    // synchronous_commit stays on (as in production): VACUUM then marks the fresh pages all-visible
    settings: { fsync: 'off', full_page_writes: 'off' },
  });
  let db;
  try {
    await ensureDatabase(pg.adminUrl, 'bench');
    db = createDb(pg.urlFor('bench'), 2);
    await runMigrations(db);
    const q = (text) => db.$client.query(text);
    await q(`insert into accounts (name) values ('bench'), ('neighbour')`);
    const started = performance.now();
    // Seeded random spread: ~40% SA, ~60% SMS consent, ~10% "vip", independent of each other.
    await q(`select setseed(0.42);
      insert into customers (account_id, first_name, last_name, mobile_number, email, language, country, city,
                             tags, attributes, consent_sms, consent_email, consent_whatsapp, created_at)
      select 1, 'First' || g, 'Last' || g, '+9665' || lpad(g::text, 8, '0'), 'c' || g || '@example.com',
             case when random() < 0.3 then 'en' else 'ar' end,
             (array['SA','SA','SA','SA','AE','AE','EG','KW','QA','BH'])[1 + floor(random() * 10)::int],
             (array['Riyadh','Jeddah','Dammam','Dubai','Cairo'])[1 + floor(random() * 5)::int],
             case when random() < 0.1 then array['vip','newsletter'] when random() < 0.3 then array['newsletter'] else '{}'::text[] end,
             jsonb_build_object('tier', (array['gold','silver','bronze'])[1 + g % 3], 'score', g % 100),
             random() < 0.6, random() < 0.5, random() < 0.2,
             now() - make_interval(days => g % 720)
        from generate_series(1, ${ROWS}) g`);
    // a second tenant, so the account scope is part of the plan
    await q(`insert into customers (account_id, mobile_number, country, consent_sms, tags)
             select 2, '+9715' || lpad(g::text, 8, '0'), 'SA', true, array['vip'] from generate_series(1, ${neighbours}) g`);
    await q('vacuum analyze customers');
    report(
      `segments: generate ${ROWS.toLocaleString('en')} customers (generate_series, indexes, vacuum)`,
      Math.round(performance.now() - started),
      'ms',
      'informational',
      true,
    );

    const where = segmentWhere(RULES);
    const countQuery = sql`select count(*)::int as n from customers where customers.account_id = ${1}::int and ${where}`;
    const expected = (await db.execute(countQuery)).rows[0].n;
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await db.execute(countQuery);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = quantile(times, 0.5).toFixed(1);
    const p95 = quantile(times, 0.95);
    report(
      `segment count on ${ROWS.toLocaleString('en')} customers (country SA + SMS consent + tag vip → ${expected.toLocaleString('en')}), median of ${RUNS}`,
      median,
      'ms',
      'informational',
      true,
    );
    report(`segment count on ${ROWS.toLocaleString('en')} customers, p95`, p95.toFixed(1), 'ms', '< 100 ms', p95 < 100);
    if (process.env.BENCH_EXPLAIN) {
      const plan = await db.execute(sql`explain (analyze, buffers) ${countQuery}`);
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      console.log((await q(`select relpages, relallvisible from pg_class where relname = 'customers'`)).rows);
    }
  } finally {
    await db?.$client.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchSegments((name, value, unit, target, pass) =>
    process.stdout.write(`${pass ? 'OK  ' : 'MISS'}  ${name}: ${value} ${unit}   (target ${target})\n`),
  );
}
