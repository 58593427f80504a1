/**
 * `npm run dev`: the web app on Vite's dev server (hot reload) in front of the server in watch
 * mode (tsx restarts it when a file under apps/server or packages/shared changes). The embedded
 * PostgreSQL is started here, once, and handed to the server as DATABASE_URL, so a restart of the
 * server does not restart the database. Ctrl+C stops all three.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { root } from './build-web.mjs';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(`Risala needs Node 24 (running ${process.version}). Use "npm run dev".\n`);
  process.exit(1);
}

const envFile = path.resolve(process.env.RISALA_ENV_FILE ?? '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
register();
const { loadConfig } = await import('../apps/server/src/config.ts');
const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { pino } = await import('pino');

const config = loadConfig();
const webPort = Number(process.env.WEB_PORT ?? 5173);
const database = config.databaseUrl ? null : await openDatabase(config, pino({ level: 'warn' }));
await database?.db.$client.end(); // only its URL is needed here

const env = {
  ...process.env,
  ...(database ? { DATABASE_URL: database.url } : {}),
  // links in mails lead to the page with hot reload
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${webPort}`,
};
const children = [
  spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['watch', '--clear-screen=false', '--include', 'packages/shared/src', 'apps/server/src/main.ts'],
    { cwd: root, env, stdio: 'inherit' },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(webPort), '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    env: { ...env, API_PORT: String(config.port) },
    stdio: 'inherit',
  }),
];
process.stdout.write(
  `\n  Risala (development): open http://localhost:${webPort} — the page reloads on web changes, the API (port ${config.port}) restarts on server changes\n\n`,
);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // the server first (it may still be writing), then the database it uses
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  await database?.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const child of children) child.once('exit', (code) => void stop(code ?? 1));
