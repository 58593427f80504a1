/**
 * Browser E2E run: a throw-away embedded PostgreSQL and a real Risala server (built web app,
 * sandbox mail) on free ports, then Playwright with Debian's chromium. Tests reach the database
 * through E2E_DATABASE_URL to age accounts (trial scenarios). Everything is removed afterwards.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { buildWebIfStale, root } from './build-web.mjs';

register();
const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
const { ensureDatabase } = await import('../apps/server/src/db/client.ts');
const { startOpenAiSimulator, SIM_MODEL } = await import('../apps/server/src/sandbox/openai-chat.ts');

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

await buildWebIfStale();
const dir = mkdtempSync(path.join(tmpdir(), 'risala-e2e-'));
chmodSync(dir, 0o755); // reachable by the postgres user when run as root
const quiet = { info() {}, warn: console.warn, debug() {} };
const pg = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'pg'),
  port: 0,
  passwordFile: path.join(dir, 'pgpw'),
  log: quiet,
  settings: { fsync: 'off', synchronous_commit: 'off' },
});
await ensureDatabase(pg.adminUrl, 'risala');
const databaseUrl = pg.urlFor('risala');
const port = await freePort();
const baseUrl = `http://localhost:${port}`;
// the AI model: the sandbox chat-completions peer, which the specs can take down and bring back
const aiSim = await startOpenAiSimulator({ apiKey: 'sk-e2e' });

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: databaseUrl,
    SANDBOX_SMTP_PORT: '0',
    // the specs point connections at loopback ports of their own; everything else private stays refused
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    // every browser and API call of the suite comes from this machine: per-IP limits would trip
    RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '100000',
    RATE_LIMIT_OTP_PER_IP_PER_HOUR: '100000',
    RATE_LIMIT_OTP_VERIFY_PER_IP_PER_HOUR: '100000',
    AI_BASE_URL: aiSim.url,
    AI_MODEL: SIM_MODEL,
    AI_API_KEY: 'sk-e2e',
    AI_MAX_RETRIES: '1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    LOG_PRETTY: 'false',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let code = 1;
try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${baseUrl}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const cli = path.join(root, 'node_modules/@playwright/test/cli.js');
  // not spawnSync: the AI simulator lives in this process and must keep answering during the run
  const run = spawn(process.execPath, [cli, 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATABASE_URL: databaseUrl, E2E_AI_SIM_URL: `http://127.0.0.1:${aiSim.port}` },
  });
  code = await new Promise((resolve) => run.once('exit', (status) => resolve(status ?? 1)));
} catch (err) {
  console.error(err);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  await aiSim.close();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
