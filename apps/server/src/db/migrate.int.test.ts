/**
 * Migrations: two processes starting at once on a fresh database both succeed and apply each
 * migration once (the advisory lock); a migration whose journal date is older than one already
 * applied still runs (drizzle's own migrator skipped those, as it did 0016 and 0017 on databases
 * migrated to 0015 first).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ensureDatabase } from './client.ts';
import { applyMigrations, readMigrations } from './migrate.ts';

const adminUrl = inject('adminUrl');
const created: string[] = [];

async function freshDatabaseUrl() {
  const name = `${inject('dbPrefix')}mig_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

describe('migrations', () => {
  it('journal dates identify each migration once', () => {
    const all = readMigrations();
    expect(new Set(all.map((m) => m.when)).size).toBe(all.length);
  });

  it('two replicas starting together apply every migration exactly once', async () => {
    const url = await freshDatabaseUrl();
    const a = new pg.Pool({ connectionString: url, max: 2 });
    const b = new pg.Pool({ connectionString: url, max: 2 });
    try {
      const [ra, rb] = await Promise.all([applyMigrations(a), applyMigrations(b)]);
      const total = readMigrations().length;
      // one did all the work; the other waited on the lock and found nothing left
      expect(ra.length + rb.length).toBe(total);
      expect(Math.min(ra.length, rb.length)).toBe(0);
      const { rows } = await a.query('select count(*)::int as n, count(distinct created_at)::int as d from drizzle.__drizzle_migrations');
      expect(rows[0]).toEqual({ n: total, d: total });
      expect(await applyMigrations(b)).toEqual([]);
    } finally {
      await a.end();
      await b.end();
    }
  });

  it('runs a migration whose journal date is older than one already applied', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'risala-mig-'));
    mkdirSync(path.join(dir, 'meta'));
    const write = (entries: [string, number, string][]) => {
      for (const [tag, , text] of entries) writeFileSync(path.join(dir, `${tag}.sql`), text);
      const journal = { entries: entries.map(([tag, when], idx) => ({ idx, when, tag, version: '7', breakpoints: true })) };
      writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
    };
    const pool = new pg.Pool({ connectionString: await freshDatabaseUrl(), max: 2 });
    try {
      const first: [string, number, string][] = [
        ['0000_a', 1000, 'create table t (id int);'],
        ['0001_b', 3000, 'alter table t add column b int;'],
      ];
      write(first);
      expect(await applyMigrations(pool, undefined, dir)).toEqual(['0000_a', '0001_b']);
      // the next version adds 0002 with an older date than 0001 (as 0016 had)
      write([...first, ['0002_c', 2000, 'alter table t add column c int;--> statement-breakpoint\ninsert into t values (1, 2, 3);']]);
      expect(await applyMigrations(pool, undefined, dir)).toEqual(['0002_c']);
      expect((await pool.query('select * from t')).rows).toEqual([{ id: 1, b: 2, c: 3 }]);
      // a failing migration leaves nothing half-done and is not recorded
      write([
        ...first,
        ['0002_c', 2000, 'select 1;'],
        ['0003_d', 4000, 'alter table t add column d int;--> statement-breakpoint\nselect nope;'],
      ]);
      await expect(applyMigrations(pool, undefined, dir)).rejects.toThrow(/0003_d failed/);
      const cols = await pool.query(`select column_name from information_schema.columns where table_name = 't' order by 1`);
      expect(cols.rows.map((r) => r.column_name)).toEqual(['b', 'c', 'id']);
    } finally {
      await pool.end();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
