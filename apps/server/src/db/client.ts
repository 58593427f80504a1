import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded.ts';
import { applyMigrations } from './migrate.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A Drizzle handle for either the pool or an open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// BIGINT counts come back as strings by default; ours fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * A pool that survives its database going away (a restart, a failover): a socket error is emitted
 * on the client — idle *or checked out* — and with no listener it would crash the process. The
 * query in flight rejects anyway, and the pool drops a broken client when it is released.
 */
export function guardPool(pool: pg.Pool, onError: (err: Error) => void = () => {}): pg.Pool {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

export function createDb(url: string, max = 20): Db {
  const pool = guardPool(new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 }));
  return drizzle(pool, { schema }) as Db;
}

export { MIGRATIONS_DIR } from './migrate.ts';

/** Applies pending migrations (advisory-locked: replicas starting together never race). */
export async function runMigrations(db: Db, log?: Logger) {
  return applyMigrations(db.$client, log);
}

/** Create a database if it does not exist (CREATE DATABASE cannot run inside a transaction). */
export async function ensureDatabase(adminUrl: string, name: string, template?: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      const tpl = template ? ` template "${template}"` : '';
      await client.query(`create database "${name}"${tpl}`);
    }
  } finally {
    await client.end();
  }
}

export interface Database {
  url: string;
  db: Db;
  embedded: EmbeddedPostgres | null;
  close(): Promise<void>;
}

/** The configured PostgreSQL: `DATABASE_URL`, or the embedded cluster under the data directory. */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  let embedded: EmbeddedPostgres | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPgPort,
      passwordFile: path.join(config.dataDir, 'secrets', 'pg-password'),
      log,
    });
    await ensureDatabase(embedded.adminUrl, 'risala');
    url = embedded.urlFor('risala');
    log.info({ port: embedded.port, dir: embedded.dataDir }, 'embedded PostgreSQL ready');
  }
  const db = createDb(url);
  return {
    url,
    db,
    embedded,
    async close() {
      await db.$client.end().catch(() => {});
      await embedded?.stop();
    },
  };
}
