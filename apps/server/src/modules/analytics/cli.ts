/**
 * The rollup rebuild command (scripts/analytics-rebuild.mjs). With an embedded database it talks to
 * the cluster the server runs (read from its postmaster.pid), or starts it for the run when the
 * server is down — never a second postmaster on the same data.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig } from '../../config.ts';
import { runningEmbeddedUrl } from '../../db/embedded.ts';
import { openDatabase, runMigrations } from '../../db/client.ts';
import { rebuildRollups } from './rebuild.ts';
import { verifyRollups } from './verify.ts';

const { values } = parseArgs({ options: { account: { type: 'string' }, check: { type: 'boolean', default: false } } });
const log = pino({ level: 'warn' });
const config = loadConfig();

const url = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
const db = url ? null : await openDatabase(config, log);
if (db) await runMigrations(db.db, log);
const pool = new pg.Pool({ connectionString: url ?? db?.url, max: 2 });
try {
  const ids = values.account
    ? [Number(values.account)]
    : (await pool.query<{ id: number }>('select id from accounts order by id')).rows.map((r) => r.id);
  const started = performance.now();
  if (!values.check) {
    await rebuildRollups(pool, ids, (id) => process.stdout.write(`rebuilt account ${id}\n`));
    process.stdout.write(`rebuilt ${ids.length} account(s) in ${Math.round(performance.now() - started)} ms\n`);
  }
  let off = 0;
  for (const id of ids) {
    const diff = await verifyRollups(pool, id);
    if (diff.length) {
      off += 1;
      process.stdout.write(
        `account ${id}: rollups differ from messages\n${diff.map((d) => `  ${d.projection} (${d.side}): ${JSON.stringify(d.row)}`).join('\n')}\n`,
      );
    }
  }
  process.stdout.write(off ? `${off} account(s) differ\n` : `rollups equal count(*) over messages for ${ids.length} account(s)\n`);
  process.exitCode = off ? 1 : 0;
} finally {
  await pool.end();
  await db?.close();
}
