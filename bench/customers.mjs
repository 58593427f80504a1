/**
 * Customers at scale, on a throw-away embedded PostgreSQL with the real migrations:
 * - import a generated 1,000,000-row CSV end to end with the production pipeline (stream parse with
 *   csv-parse, validate every row incl. libphonenumber, COPY into staging, INSERT … SELECT into
 *   customers, commit), printed as a share of the ceiling measured in the same run (PostgreSQL alone
 *   writing the same valid rows): target ≥ 80 % of it; the peak RSS of the (child) process doing it;
 * - the customer list with search on those 1M rows through the list service: p95 < 50 ms.
 * Run alone with `node bench/customers.mjs`, or through `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { chmodSync, createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const DEFAULT_ROWS = 1_000_000;
const DEFAULT_LIST_REQUESTS = 200;
const FIRST = [
  'Fatima',
  'Mohammed',
  'Aisha',
  'Omar',
  'Layla',
  'Khalid',
  'Noura',
  'Ahmed',
  'Sara',
  'Yousef',
  'Mona',
  'Ali',
  'Huda',
  'Faisal',
  'Reem',
  'Hassan',
  'Dana',
  'Tariq',
  'Lina',
  'Saad',
];
const LAST = [
  'Haddad',
  'Otaibi',
  'Harbi',
  'Qahtani',
  'Shammari',
  'Zahrani',
  'Ghamdi',
  'Mutairi',
  'Dosari',
  'Anazi',
  'Saleh',
  'Nasser',
  'Aziz',
  'Karim',
  'Hamdan',
  'Jaber',
  'Rashid',
  'Mansour',
  'Sultan',
  'Farouk',
];
/** the import's target: this share of PostgreSQL alone writing the same rows (the ceiling) */
const IMPORT_SHARE = 80;
const COUNTRIES = ['SA', 'SA', 'SA', 'AE', 'EG', 'KW'];
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const mobile = (i) => `+9665${String(i).padStart(8, '0')}`;
const nameOf = (i) => [FIRST[i % FIRST.length], LAST[Math.floor(i / FIRST.length) % LAST.length]];

/** A CSV as people export it: a national number for a third of the rows (default country SA). */
async function writeCsv(file, ROWS) {
  const out = createWriteStream(file);
  out.write('First Name,Last Name,Mobile,Email,Country,City,Tags,SMS consent\n');
  let chunk = '';
  for (let i = 1; i <= ROWS; i++) {
    const [first, last] = nameOf(i);
    const phone = i % 3 === 0 ? `05${String(i).padStart(8, '0')}` : mobile(i);
    chunk += `${first},${last},${phone},${first.toLowerCase()}.${last.toLowerCase()}.${i}@example.com,${COUNTRIES[i % COUNTRIES.length]},Riyadh,"vip;news",${i % 2 ? 'yes' : 'no'}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** Child process: run the production import pipeline on the file; print timings and peak RSS. */
async function importChild(databaseUrl, file) {
  register();
  const pg = (await import('pg')).default;
  const { readRows, sniffDelimiter } = await import('../apps/server/src/modules/customers/import/file-reader.ts');
  const { planImport } = await import('../apps/server/src/modules/customers/import/row-validate.ts');
  const { runImport } = await import('../apps/server/src/modules/customers/import/import-runner.ts');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  const head = await new Promise((resolve) => {
    const s = createReadStream(file, { start: 0, end: 4095 });
    s.once('data', (c) => {
      s.destroy();
      resolve(c.toString('utf8'));
    });
  });
  const detected = { format: 'csv', delimiter: sniffDelimiter(head) };
  const columns = head.split('\n')[0].split(',');
  const plan = planImport(
    columns,
    {
      first_name: 'First Name',
      last_name: 'Last Name',
      mobile_number: 'Mobile',
      email: 'Email',
      country: 'Country',
      city: 'City',
      tags: 'Tags',
      consent_sms: 'SMS consent',
    },
    'SA',
  );
  async function* data() {
    let header = true;
    for await (const cells of readRows(createReadStream(file, { highWaterMark: 1 << 20 }), detected)) {
      if (header) header = false;
      else yield cells;
    }
  }
  await client.query('begin');
  let validatedAt = 0;
  const outcome = await runImport({
    client,
    accountId: 1,
    rows: data(),
    plan,
    mode: 'insert',
    onValidated: () => {
      validatedAt = performance.now();
    },
  });
  await client.query('commit');
  const ms = performance.now() - started;
  await client.end();
  const { errors, ...counts } = outcome;
  process.stdout.write(`${JSON.stringify({ ...counts, ms, stageMs: validatedAt - started, maxRssKb: process.resourceUsage().maxRSS })}\n`);
}

/** `rows`, `listRequests`: the sizes (small ones for the smoke run). */
export async function benchCustomers(report, { rows: ROWS = DEFAULT_ROWS, listRequests: LIST_REQUESTS = DEFAULT_LIST_REQUESTS } = {}) {
  const size = ROWS >= 1_000_000 && ROWS % 1_000_000 === 0 ? `${ROWS / 1_000_000}M` : ROWS.toLocaleString('en');
  register();
  const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
  const { createDb, ensureDatabase, runMigrations } = await import('../apps/server/src/db/client.ts');
  const customers = await import('../apps/server/src/modules/customers/customers.service.ts');
  const { customerListQuerySchema } = await import('@risala/shared/schemas/customers');

  const dir = mkdtempSync(path.join(tmpdir(), 'risala-bench-customers-'));
  chmodSync(dir, 0o755); // reachable by the postgres user when run as root
  const quiet = { info() {}, warn: console.warn, debug() {} };
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: 0,
    passwordFile: path.join(dir, 'pgpw'),
    log: quiet,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', maintenance_work_mem: '256MB', work_mem: '64MB' },
  });
  let db;
  try {
    await ensureDatabase(pg.adminUrl, 'bench');
    const url = pg.urlFor('bench');
    db = createDb(url, 4);
    await runMigrations(db);
    await db.$client.query(`insert into accounts (name) values ('bench')`);
    const file = path.join(dir, 'customers.csv');
    await writeCsv(file, ROWS);

    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--import-child', url, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    const [code] = await once(child, 'exit');
    if (code !== 0) throw new Error(`import child exited with ${code}: ${out}`);
    const r = JSON.parse(out.trim().split('\n').pop());
    const rate = Math.round(r.total / (r.ms / 1000));
    const stageRate = Math.round(r.total / (r.stageMs / 1000));
    report(
      `customers import: of which the streaming pass (parse, validate, COPY to staging) in ${(r.stageMs / 1000).toFixed(1)} s`,
      stageRate.toLocaleString('en'),
      'rows/s',
      'informational',
      true,
    );
    report('customers import: peak RSS of the importing process', Math.round(r.maxRssKb / 1024), 'MB', 'bounded (informational)', true);

    // The ceiling of any import on this machine, before parsing or validation: PostgreSQL alone
    // writing the same already-valid rows into an empty copy of customers with all its indexes
    // and its account foreign key (INSERT … SELECT from an unlogged table, one statement).
    const q = (text) => db.$client.query(text);
    const COLS =
      'account_id, first_name, last_name, mobile_number, email, language, country, city, tags, attributes, consent_sms, consent_sms_source, consent_sms_at';
    await q(`create unlogged table floor_stage as select ${COLS} from customers`);
    await q('create table floor_customers (like customers including defaults including identity including indexes)');
    await q('alter table floor_customers add foreign key (account_id) references accounts (id) on delete cascade');
    await q('checkpoint');
    const floorStart = performance.now();
    const { rowCount } = await q(`insert into floor_customers (${COLS}) select ${COLS} from floor_stage`);
    const floorMs = performance.now() - floorStart;
    await q('drop table floor_customers; drop table floor_stage');
    const ceiling = Math.round(rowCount / (floorMs / 1000));
    report(
      `customers import: PostgreSQL alone writing ${rowCount.toLocaleString('en')} valid rows into the indexed table (no parsing, no validation: the ceiling of any import here) in ${(floorMs / 1000).toFixed(1)} s`,
      ceiling.toLocaleString('en'),
      'rows/s',
      'informational',
      true,
    );

    // the absolute 100,000 rows/s once asked for sits above what PostgreSQL alone writes on this machine
    // (docs/decisions.md): the target is a share of the ceiling measured in this same run
    const share = Math.round((rate / ceiling) * 100);
    report(
      `customers import: ${size}-row CSV end to end (parse, validate, COPY to staging, INSERT…SELECT into the indexed table, commit; ${r.inserted.toLocaleString('en')} inserted in ${(r.ms / 1000).toFixed(1)} s, ${rate.toLocaleString('en')} rows/s) vs that ceiling`,
      share,
      '%',
      `≥ ${IMPORT_SHARE}% of the ceiling (${ceiling.toLocaleString('en')} rows/s)`,
      share >= IMPORT_SHARE,
    );

    await db.$client.query('vacuum analyze customers');
    const ctx = { db };
    const auth = { accountId: 1 };
    const terms = [];
    for (let k = 0; k < LIST_REQUESTS; k++) {
      const i = 1 + Math.floor(((k * 7919) % 997) * (ROWS / 997));
      const [first, last] = nameOf(i);
      terms.push(k % 3 === 0 ? `${first} ${last}` : k % 3 === 1 ? `.${i}@example` : mobile(i).slice(-8));
    }
    const times = [];
    let matches = 0;
    for (const search of terms) {
      const t0 = performance.now();
      const page = await customers.list(ctx, auth, customerListQuerySchema.parse({ search, sort: 'name', order: 'asc' }));
      times.push(performance.now() - t0);
      matches += page.total;
    }
    times.sort((a, b) => a - b);
    report(
      `customer list with search on ${size} rows (${LIST_REQUESTS} searches: full name / email / mobile digits, avg ${Math.round(matches / LIST_REQUESTS)} matches), median`,
      quantile(times, 0.5).toFixed(1),
      'ms',
      'informational',
      true,
    );
    const p95 = quantile(times, 0.95);
    report(`customer list with search on ${size} rows, p95`, p95.toFixed(1), 'ms', '< 50 ms', p95 < 50);
  } finally {
    await db?.$client.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--import-child') {
  await importChild(process.argv[3], process.argv[4]);
} else if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchCustomers((name, value, unit, target, pass) =>
    process.stdout.write(`${pass ? 'OK  ' : 'MISS'}  ${name}: ${value} ${unit}   (target ${target})\n`),
  );
}
