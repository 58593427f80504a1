/**
 * `npm run backup:check -- <DATABASE_URL> [--keep] [--file <backup.dump>]`
 *
 * Backs the database up the way docs/operations.md says (pg_dump, custom format), restores the
 * backup into a new database on the same server (pg_restore), and compares the row count of every
 * table with the source's counts in the very snapshot the backup was taken from — exact even on a
 * live database. Prints the counts; exits 1 on any difference. The restored database is dropped
 * afterwards unless --keep. The backup file goes to a temporary directory unless --file.
 *
 * pg_dump and pg_restore must be at least the server's major version (PG_DUMP and PG_RESTORE name
 * other binaries). The role needs CREATEDB; a restore needs nothing a database owner lacks.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const quote = (name) => `"${name.replaceAll('"', '""')}"`;

function run(bin, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} exited with ${code}:\n${err}`))));
  });
}

/** Every table with rows of its own (a partitioned table counts its partitions), outside PostgreSQL's schemas. */
async function tables(client) {
  const { rows } = await client.query(`
    select n.nspname as schema, c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
     order by 1, 2`);
  return rows.map((r) => `${quote(r.schema)}.${quote(r.name)}`);
}

async function counts(client, names) {
  const out = new Map();
  for (const name of names) {
    const { rows } = await client.query(`select count(*)::bigint as n from ${name}`);
    out.set(name, Number(rows[0].n));
  }
  return out;
}

/** Runs the check; answers { ok, tables, rows, restored } (the restored database's name when kept). */
export async function backupCheck(databaseUrl, { keep = false, file, log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const pgDump = process.env.PG_DUMP ?? 'pg_dump';
  const pgRestore = process.env.PG_RESTORE ?? 'pg_restore';
  const dir = file ? null : mkdtempSync(path.join(tmpdir(), 'risala-backup-'));
  const dumpFile = file ?? path.join(dir, 'risala.dump');
  const source = new pg.Client({ connectionString: databaseUrl });
  await source.connect();
  const sourceName = (await source.query('select current_database() as name')).rows[0].name;
  const restoredName = `${sourceName}_restore_${Date.now().toString(36)}`;
  const restoredUrl = new URL(databaseUrl);
  restoredUrl.pathname = `/${restoredName}`;
  let created = false;
  try {
    // the backup and the counts see one snapshot: writes meanwhile are in neither
    await source.query('begin isolation level repeatable read read only');
    const snapshot = (await source.query('select pg_export_snapshot() as s')).rows[0].s;
    const names = await tables(source);
    const before = await counts(source, names);
    const t0 = Date.now();
    await run(pgDump, ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, `--file=${dumpFile}`, `--dbname=${databaseUrl}`]);
    await source.query('commit');
    log(`backup: ${dumpFile} (${(statSync(dumpFile).size / 1024 / 1024).toFixed(1)} MB, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);

    await source.query(`create database ${quote(restoredName)}`);
    created = true;
    const t1 = Date.now();
    await run(pgRestore, ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${restoredUrl}`, dumpFile]);
    log(`restored into ${restoredName} (${((Date.now() - t1) / 1000).toFixed(1)} s)`);

    const restored = new pg.Client({ connectionString: restoredUrl.toString() });
    await restored.connect();
    const after = await counts(restored, await tables(restored)).finally(() => restored.end());
    let ok = true;
    let rows = 0;
    for (const name of new Set([...before.keys(), ...after.keys()])) {
      const a = before.get(name);
      const b = after.get(name);
      rows += a ?? 0;
      const same = a === b;
      ok &&= same;
      if (!same || a > 0) log(`${same ? '  ok  ' : 'DIFFER'}  ${name}: ${a ?? 'missing'} → ${b ?? 'missing'}`);
    }
    log(`${ok ? 'OK' : 'FAILED'}: ${before.size} tables, ${rows} rows in the backup; the restore has ${ok ? 'every one' : 'differences'}`);
    return { ok, tables: before.size, rows, restored: keep ? restoredName : null };
  } finally {
    if (created && !keep) await source.query(`drop database if exists ${quote(restoredName)} with (force)`).catch(() => {});
    await source.end().catch(() => {});
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const url = args.find((a) => /^postgres(ql)?:\/\//.test(a)) ?? process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('Usage: npm run backup:check -- postgres://user:password@host:5432/risala [--keep] [--file backup.dump]\n');
    process.exit(2);
  }
  const fileAt = args.indexOf('--file');
  const result = await backupCheck(url, { keep: args.includes('--keep'), file: fileAt >= 0 ? args[fileAt + 1] : undefined });
  process.exit(result.ok ? 0 : 1);
}
