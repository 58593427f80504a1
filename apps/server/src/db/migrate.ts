/**
 * Forward-only SQL migrations, applied on start under an advisory lock so that replicas starting
 * together never race (the second waits, then finds nothing left to do).
 *
 * The files and the journal are drizzle-kit's (`migrations/NNNN_name.sql`, `meta/_journal.json`),
 * and applied migrations are recorded in drizzle's own table, so databases migrated by earlier
 * versions carry on. What differs from drizzle's migrator: a migration counts as applied when its
 * journal `when` is recorded (each entry's `when` is unique), not when it is older than the newest
 * recorded one — drizzle's rule silently skipped a migration whose `when` was lower than an
 * earlier entry's (0016 and 0017 were, on databases migrated up to 0015 first).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** One lock id for every Risala process on the database (an arbitrary constant). */
const MIGRATION_LOCK = 7_420_311_001;

export interface Migration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** The journal's migrations in order; throws on a duplicate `when` (it identifies the migration). */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as Journal;
  const seen = new Set<number>();
  return journal.entries.map((entry) => {
    if (seen.has(entry.when)) throw new Error(`migration ${entry.tag}: its journal "when" is not unique`);
    seen.add(entry.when);
    const text = readFileSync(path.join(dir, `${entry.tag}.sql`), 'utf8');
    return {
      tag: entry.tag,
      when: entry.when,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint').filter((s) => s.trim() !== ''),
    };
  });
}

/**
 * Applies every migration not yet recorded, each in its own transaction, holding the advisory lock
 * for the whole run. Returns the tags applied.
 */
export async function applyMigrations(pool: pg.Pool, log?: { info(o: object, m: string): void }, dir = MIGRATIONS_DIR) {
  const migrations = readMigrations(dir);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    const { rows } = await client.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations');
    const done = new Set(rows.map((r) => Number(r.created_at)));
    for (const m of migrations) {
      if (done.has(m.when)) continue;
      await client.query('begin');
      try {
        for (const statement of m.statements) await client.query(statement);
        await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [m.hash, m.when]);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw new Error(`migration ${m.tag} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(m.tag);
      log?.info({ migration: m.tag }, 'migration applied');
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return applied;
}
