/**
 * `npm run bench` — performance figures, each printed with its target (not a test).
 * The public send API with an API key at 200 connections vs a bare Fastify handler (bench/public-api.mjs).
 * The SMPP server for clients: bind → submit_sm → SMSC → receipt back, msg/s beside the connection's cap (bench/smpp-server.mjs).
 * Foundation: cold and warm `npm start` time to ready; the web app in Chromium (bench/web.mjs): JavaScript
 * transferred by /login and /dashboard, Largest Contentful Paint of /login.
 * `node bench/run.mjs --smoke` (or BENCH_SMOKE=1): every bench function once with tiny sizes, so a
 * broken bench fails `npm test`; figures are printed but targets are not judged — only a thrown
 * error (a non-zero exit) fails it.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWebIfStale, root } from '../scripts/build-web.mjs';
import { benchCampaign } from './campaign.mjs';
import { benchCustomers } from './customers.mjs';
import { benchEmail } from './email.mjs';
import { benchSegments } from './segments.mjs';
import { benchDashboard } from './dashboard.mjs';
import { benchSmsRollupCost } from './sms-pipeline.mjs';
import { benchWeb } from './web.mjs';
import { benchReplicas } from './replicas.mjs';
import { benchPublicApi } from './public-api.mjs';
import { benchSmppServer } from './smpp-server.mjs';

const smoke = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
/** The sizes of a run: the full bench, or the smoke run's tiny ones (every function still runs once). */
const size = smoke
  ? {
      segments: { rows: 2_000, runs: 3, neighbours: 200 },
      customers: { rows: 2_000, listRequests: 6 },
      sms: [300, 1],
      email: 40,
      campaign: 300,
      dashboard: [6_000, 3_000, { accounts: 3, campaigns: 4, customers: 300, requests: 2, warmups: 1 }],
      replicas: 300,
      web: { visits: 1 },
      publicApi: 1,
      smppServer: 200,
    }
  : {
      segments: {},
      customers: {},
      sms: [100_000, 3],
      email: 20_000,
      campaign: 1_000_000,
      dashboard: [],
      replicas: 100_000,
      web: {},
      publicApi: 10,
      smppServer: 10_000,
    };

const results = [];
const report = (name, value, unit, target, pass) => {
  results.push({ name, value, unit, target, pass });
  const mark = smoke ? 'SMOKE' : pass ? 'OK  ' : 'MISS';
  process.stdout.write(`${mark}  ${name}: ${value} ${unit}   (target ${target})\n`);
};
const sinceStart = performance.now();

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Run `npm start`'s entry and resolve with ms until the ready banner, plus a stop function. */
async function startProduct(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: '0',
      SANDBOX_SMTP_PORT: '0',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ms = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('Risala is ready')) resolve(performance.now() - started);
    });
    child.once('exit', (code) => reject(new Error(`start exited with ${code}:\n${out}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { ms: Math.round(ms), stop };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'risala-bench-'));
chmodSync(dataDir, 0o755); // reachable by the postgres user when run as root
try {
  const buildStart = performance.now();
  await buildWebIfStale({ force: !smoke }); // the smoke run builds only when the sources changed
  report('web build (Vite, then brotli and gzip copies)', Math.round(performance.now() - buildStart), 'ms', 'informational', true);

  const port = await freePort();
  const cold = await startProduct(dataDir, port);
  report('cold npm start to ready (fresh data dir: initdb, migrations, seed)', cold.ms, 'ms', '≤ 15000 ms', cold.ms <= 15_000);
  await cold.stop();
  const warm = await startProduct(dataDir, port);
  report('warm npm start to ready (data reused)', warm.ms, 'ms', '≤ 5000 ms', warm.ms <= 5_000);
  await benchWeb(report, `http://localhost:${port}`, size.web);
  await warm.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
await benchSegments(report, size.segments);
await benchCustomers(report, size.customers);
// the SMS bench runs without and with the dashboard's rollup triggers (their budget: < 15 %)
await benchSmsRollupCost(report, ...size.sms);
await benchEmail(report, size.email);
await benchCampaign(report, size.campaign);
await benchDashboard(report, ...size.dashboard);
await benchReplicas(report, size.replicas);
await benchPublicApi(report, size.publicApi);
await benchSmppServer(report, size.smppServer);
const secs = Math.round((performance.now() - sinceStart) / 1000);
if (smoke) {
  process.stdout.write(`\nsmoke: every bench function ran (${results.length} figures, targets not judged) in ${secs} s\n`);
} else {
  const missed = results.filter((r) => !r.pass).length;
  process.stdout.write(`\n${results.length - missed} of ${results.length} figures within target (${secs} s)\n`);
}
