/**
 * Replicas on one PostgreSQL: two API processes (ROLE=api) and two workers
 * (ROLE=worker), real server processes sharing one throw-away embedded PostgreSQL and one data
 * directory, the demo account's sandbox connection on the SMSC simulator in this process. 100,000
 * SMS are sent through both API processes (10 requests of 10,000, alternating); timed until every
 * receipt is applied. Printed with targets: none lost (all DELIVERED), none duplicated (the SMSC
 * received each number once), the connection bound by exactly one process at any moment (the
 * simulator's high-water mark of bound sessions), and which process bound it.
 * Run alone with `npm exec -- node bench/replicas.mjs [count]`, or through `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { cpuSnapshot, freePort, peakRssMb } from './sandbox-stack.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PER_REQUEST = 10_000;

function startProcess(name, env) {
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=8', `--max-old-space-size=${process.env.RISALA_HEAP_MB ?? 192}`, '--import', 'tsx', 'apps/server/src/main.ts'],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /Risala is ready at (http:\/\/localhost:\d+)/.exec(out);
      if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${out}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { name, child, ready, stop };
}

export async function benchReplicas(report, total = 100_000) {
  register();
  const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
  const { ensureDatabase } = await import('../apps/server/src/db/client.ts');
  const { startSmscSimulator } = await import('../apps/server/src/sandbox/smsc.ts');
  const pg = (await import('pg')).default;

  const dir = mkdtempSync(path.join(tmpdir(), 'risala-bench-replicas-'));
  chmodSync(dir, 0o755);
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: 0,
    passwordFile: path.join(dir, 'pgpw'),
    log: { info() {}, warn: console.warn, debug() {} },
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', work_mem: '32MB', max_connections: '300' },
  });
  const smsc = await startSmscSimulator({ systemId: 'bench', password: 'bench', receiptDelayMs: 0, keep: 10 });
  const processes = [];
  let client = null;
  try {
    await ensureDatabase(cluster.adminUrl, 'bench');
    const url = cluster.urlFor('bench');
    const shared = {
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATA_DIR: path.join(dir, 'data'), // one machine: local files shared by every process
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      SANDBOX_SMSC: 'false',
      SANDBOX_SMSC_PORT: String(smsc.port),
      SANDBOX_SMSC_SYSTEM_ID: 'bench',
      SANDBOX_SMSC_PASSWORD: 'bench',
      SANDBOX_SMTP_PORT: '0',
    };
    // the first API process migrates and seeds the demo account; the others find both done
    const first = startProcess('api-1', { ...shared, ROLE: 'api', PORT: String(await freePort()), DEMO_SEED: 'true' });
    processes.push(first);
    await first.ready;
    for (const [name, role] of [
      ['api-2', 'api'],
      ['worker-1', 'worker'],
      ['worker-2', 'worker'],
    ]) {
      processes.push(startProcess(name, { ...shared, ROLE: role, PORT: String(await freePort()), DEMO_SEED: 'false' }));
    }
    const urls = await Promise.all(processes.map((p) => p.ready));
    const apis = urls.slice(0, 2);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('set enable_seqscan = off');
    const login = await fetch(`${apis[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@risala.local', password: 'Demo@2026' }),
    }).then((r) => r.json());
    const token = login.data.token;
    const accountId = login.data.user.account_id;
    await client.query(`update credits set balance = $2 where account_id = $1 and channel = 'sms'`, [accountId, total * 2]);
    for (let i = 0; ; i++) {
      const { rows } = await client.query(`select status from connections where account_id = $1 and is_sandbox`, [accountId]);
      if (rows[0]?.status === 'CONNECTED') break;
      if (i > 300) throw new Error('no worker bound the sandbox connection');
      await new Promise((r) => setTimeout(r, 100));
    }

    const started = performance.now();
    const cpuBefore = cpuSnapshot(-1, cluster.dataDir);
    const offsets = Array.from({ length: Math.ceil(total / PER_REQUEST) }, (_, i) => i * PER_REQUEST);
    // each API process takes every other request
    await Promise.all(
      apis.map(async (base, k) => {
        for (const offset of offsets.filter((_, i) => i % apis.length === k)) {
          const numbers = Array.from(
            { length: Math.min(PER_REQUEST, total - offset) },
            (_, i) => `+96655${String(offset + i).padStart(7, '0')}`,
          );
          const r = await fetch(`${base}/api/messages/sms`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ recipients: { numbers }, text: 'Replica benchmark message' }),
          });
          if (r.status !== 201) throw new Error(`send through ${base} failed: ${r.status} ${await r.text()}`);
        }
      }),
    );
    for (let from = 0; ; ) {
      await new Promise((r) => setTimeout(r, 200));
      const { rows } = await client.query(
        `select id from messages where id >= $1 and status in ('PENDING', 'QUEUED', 'SENT', 'ACCEPTED', 'PARTIALLY_SENT') order by id limit 1`,
        [from],
      );
      if (rows.length === 0) break;
      from = rows[0].id;
      if (performance.now() - started > 600_000) throw new Error('not every receipt was applied after 10 minutes');
    }
    const ms = performance.now() - started;
    const cpu = cpuSnapshot(-1, cluster.dataDir);
    const {
      rows: [counts],
    } = await client.query(
      `select count(*) filter (where status = 'DELIVERED')::int as delivered, count(*)::int as total,
              count(*) filter (where possible_duplicate)::int as flagged
         from messages where account_id = $1`,
      [accountId],
    );
    const received = [...smsc.counters.perDestination.values()];
    const twice = received.filter((n) => n > 1).length;
    const { rows: owners } = await client.query(`select role, pid from instances order by id`);
    const lost = total - counts.delivered;
    const rate = Math.round(total / (ms / 1000));
    const rss = processes.map((p) => `${p.name} ${Math.round(peakRssMb(p.child.pid))}`).join(', ');
    report(
      `Replicas: ${total.toLocaleString('en')} SMS through 2 API processes and 2 workers on one PostgreSQL, all DELIVERED in ${(ms / 1000).toFixed(1)} s`,
      rate.toLocaleString('en'),
      'msg/s',
      'informational',
      true,
    );
    report('Replicas: messages lost (created but not DELIVERED)', lost, '', '0', lost === 0 && counts.total === total);
    report(
      `Replicas: numbers the SMSC received more than once (${smsc.counters.submitted.toLocaleString('en')} submit_sm for ${received.length.toLocaleString('en')} numbers; ${counts.flagged} flagged possible duplicate)`,
      twice,
      '',
      '0',
      twice === 0 && smsc.counters.submitted === total,
    );
    report(
      `Replicas: most processes bound to the connection at once (${smsc.counters.binds} bind(s) in the run; ${owners.length} live processes: ${owners.map((o) => o.role).join(', ')})`,
      smsc.counters.maxBound,
      '',
      '1',
      smsc.counters.maxBound === 1,
    );
    report('Replicas: peak RSS per process', rss, 'MB', 'informational', true);
    report(
      'Replicas: CPU seconds of PostgreSQL during the run',
      Math.round((cpu.postgres - cpuBefore.postgres) * 10) / 10,
      's',
      'informational',
      true,
    );
  } finally {
    await client?.end().catch(() => {});
    await Promise.all(processes.map((p) => p.stop()));
    await smsc.close();
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchReplicas(
    (name, value, unit, target, pass) =>
      process.stdout.write(`${pass ? 'OK  ' : 'MISS'}  ${name}: ${value} ${unit}   (target ${target})\n`),
    Number(process.argv[2] ?? 100_000),
  );
}
