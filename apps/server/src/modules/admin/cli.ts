/**
 * `npm run admin:create -- --email ops@example.com [--name "Sara"]` (scripts/admin-create.mjs):
 * creates a platform operator, or re-activates (and renames) an existing one. There is no
 * password: the operator signs in at /admin/login with a code mailed to the address. Applies the
 * migrations first; uses DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (the running
 * server's cluster when it is up, else started for the run — never a second postmaster).
 */
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '../../config.ts';
import { runningEmbeddedUrl } from '../../db/embedded.ts';
import { createDb, openDatabase, runMigrations } from '../../db/client.ts';
import { createOperator } from './operators.service.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
if (!values.email) {
  process.stderr.write('usage: npm run admin:create -- --email <address> [--name <name>]\n');
  process.exit(2);
}
const log = pino({ level: 'warn' });
const config = loadConfig();

const url = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
const opened = url ? null : await openDatabase(config, log);
const db = opened?.db ?? createDb(url as string, 2);
try {
  await runMigrations(db, log);
  const op = await createOperator(db, { email: values.email, name: values.name });
  process.stdout.write(
    `${op.created ? 'created' : 're-activated'} platform operator ${op.email} (id ${op.id}); ` +
      'sign in at /admin/login with the code mailed to this address (no password is set).\n',
  );
} catch (err) {
  process.stderr.write(`admin:create failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  if (opened) await opened.close();
  else await db.$client.end();
}
