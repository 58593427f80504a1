import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { createDb, ensureDatabase, runMigrations } from '../db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    dbPrefix: string;
  }
}

/**
 * One PostgreSQL per test run: TEST_DATABASE_URL (an external server) or a throw-away embedded
 * cluster. Migrations run once into a template database; each test file clones it.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: 'warn' });
  let embedded: EmbeddedPostgres | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(path.join(tmpdir(), 'risala-test-pg-'));
    chmodSync(dir, 0o755); // the postgres user (when we run as root) must enter it
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'pg'),
      port: 0,
      passwordFile: path.join(dir, 'pw'),
      log,
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = embedded.adminUrl;
  }
  const templateDb = `risala_tpl_${process.pid}`;
  const url = new URL(adminUrl);
  await ensureDatabase(adminUrl, templateDb);
  url.pathname = `/${templateDb}`;
  const db = createDb(url.toString(), 2);
  await runMigrations(db);
  await db.$client.end();
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('dbPrefix', `risala_t_${process.pid}_`);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists "${templateDb}" with (force)`).catch(() => {});
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'risala_t_${process.pid}_%'`,
    );
    for (const r of rows) await client.query(`drop database if exists "${r.datname}" with (force)`);
    await client.end();
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
