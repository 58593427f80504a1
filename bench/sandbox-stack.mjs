/**
 * What the sending benchmarks share: a throw-away embedded PostgreSQL (fsync off), the SMSC
 * simulator on loopback (receipts at once), and a real server process (API + worker, ROLE=all)
 * whose sandbox connection binds to that simulator and whose SMPP server for clients listens on
 * `smppPort`; signed in as the demo account.
 * `node bench/sandbox-stack.mjs --server-child` is the server process itself.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** `/proc/<pid>/stat` as { comm, fields after the command name } (null once the process is gone). */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), f: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
  } catch {
    return null;
  }
}

/**
 * The processes of the PostgreSQL cluster whose data directory is `pgDataDir` — the bench's own:
 * its postmaster (postmaster.pid) and the postmaster's children; never other clusters on the machine.
 */
export function postgresPids(pgDataDir) {
  if (!pgDataDir) return [];
  let master;
  try {
    master = Number(readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  const pids = [master];
  for (const pid of readdirSync('/proc')) {
    if (/^\d+$/.test(pid) && Number(procStat(pid)?.f[1]) === master) pids.push(Number(pid));
  }
  return pids;
}

/** Proportional set size (shared pages split among their users) summed over `pids`, in MB. */
export function pssMb(pids) {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kb / 1024;
}

/**
 * CPU seconds used so far by the server process, by the bench's PostgreSQL cluster (its postmaster
 * and children, found from `pgDataDir`) and by this process (the bench and its SMSC simulator):
 * take one before and one after a run and subtract.
 */
export function cpuSnapshot(serverPid, pgDataDir) {
  const tick = 100; // USER_HZ
  const out = { server: 0, postgres: 0, bench: 0 };
  const secs = (pid) => {
    const st = procStat(pid);
    return st ? (Number(st.f[11]) + Number(st.f[12])) / tick : 0;
  };
  if (serverPid > 0) out.server = secs(serverPid);
  out.bench = secs(process.pid);
  for (const pid of postgresPids(pgDataDir)) out.postgres += secs(pid);
  return out;
}

export const cpuSince = (before, serverPid, pgDataDir) => {
  const now = cpuSnapshot(serverPid, pgDataDir);
  return Object.fromEntries(Object.entries(now).map(([k, v]) => [k, Math.round((v - before[k]) * 10) / 10]));
};

/** BENCH_STATEMENTS=1: where PostgreSQL spent its time, per statement (calls, total ms, rows). */
export async function printStatements(client) {
  if (!process.env.BENCH_STATEMENTS) return;
  await client.query('create extension if not exists pg_stat_statements');
  const { rows } = await client.query(
    `select calls, round(total_exec_time) as ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) as q from pg_stat_statements order by total_exec_time desc limit 20`,
  );
  console.table(rows);
}

/**
 * BENCH_DEBUG=1: per `step` seconds since `since` (a database timestamp), how many of the account's
 * messages had been created, queued, sent and delivered — where a run waits.
 */
export async function printFlow(client, accountId, since, step = 1) {
  if (!process.env.BENCH_DEBUG) return;
  const { rows } = await client.query(
    `with s as (select generate_series(0, ceil(extract(epoch from max(delivered_at) - $2) / $3)::int) * $3 as sec from messages where account_id = $1),
          t as (select created_at, queued_at, sent_at, delivered_at from messages where account_id = $1)
     select sec, count(*) filter (where t.created_at < $2 + (sec + $3) * interval '1 second') as created,
            count(*) filter (where t.queued_at < $2 + (sec + $3) * interval '1 second') as queued,
            count(*) filter (where t.sent_at < $2 + (sec + $3) * interval '1 second') as sent,
            count(*) filter (where t.delivered_at < $2 + (sec + $3) * interval '1 second') as delivered
       from s cross join t group by sec order by sec`,
    [accountId, since, step],
  );
  console.table(rows);
}

/** Peak resident set of a process (VmHWM), in MB. */
export const peakRssMb = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function startServer(env, nodeArgs) {
  // BENCH_NODE_ARGS: extra flags for experiments (e.g. "--max-old-space-size=128")
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // the heap flags of package.json's start script (docs/decisions.md "Server memory")
  const heap = ['--max-semi-space-size=8', `--max-old-space-size=${process.env.RISALA_HEAP_MB ?? 192}`];
  const child = spawn(process.execPath, [...heap, ...extra, ...nodeArgs, fileURLToPath(import.meta.url), '--server-child'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('Risala is ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, ready };
}

/**
 * Starts the stack; `close()` stops it and removes its files. `pgSettings` adds PostgreSQL settings,
 * `nodeArgs` flags for the server process (e.g. --cpu-prof).
 */
export async function startSandboxStack(name, { pgSettings = {}, nodeArgs = [] } = {}) {
  const smppPort = await freePort();
  register();
  const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
  const { ensureDatabase } = await import('../apps/server/src/db/client.ts');
  const { startSmscSimulator } = await import('../apps/server/src/sandbox/smsc.ts');
  const pg = (await import('pg')).default;

  const dir = mkdtempSync(path.join(tmpdir(), `risala-bench-${name}-`));
  chmodSync(dir, 0o755); // reachable by the postgres user when run as root
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: 0,
    passwordFile: path.join(dir, 'pgpw'),
    // BENCH_PG_LOG=<file>: PostgreSQL's own log lines (e.g. auto_explain plans) go there
    log: {
      info() {},
      warn: console.warn,
      debug: (o) => process.env.BENCH_PG_LOG && o?.pg && appendFileSync(process.env.BENCH_PG_LOG, `${o.pg}\n`),
    },
    // BENCH_PG_SETTINGS: extra PostgreSQL settings as JSON, for experiments (e.g. auto_explain)
    settings: {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      work_mem: '32MB',
      ...pgSettings,
      ...JSON.parse(process.env.BENCH_PG_SETTINGS ?? '{}'),
    },
  });
  const smsc = await startSmscSimulator({ systemId: 'bench', password: 'bench', receiptDelayMs: 0, keep: 10 });
  let server = null;
  let client = null;
  const close = async () => {
    await client?.end().catch(() => {});
    if (server) {
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGTERM');
      await exited;
    }
    await smsc.close();
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ensureDatabase(cluster.adminUrl, 'bench');
    const url = cluster.urlFor('bench');
    const port = await freePort();
    server = startServer(
      {
        DATABASE_URL: url,
        DATA_DIR: path.join(dir, 'data'),
        PORT: String(port),
        LOG_LEVEL: 'warn',
        LOG_PRETTY: 'false',
        ROLE: 'all',
        SANDBOX_SMSC: 'false',
        SANDBOX_SMSC_PORT: String(smsc.port),
        SANDBOX_SMSC_SYSTEM_ID: 'bench',
        SANDBOX_SMSC_PASSWORD: 'bench',
        SANDBOX_SMTP_PORT: '0',
        // the SMPP server for clients, on a port of its own (bench/smpp-server.mjs binds to it)
        SMPP_SERVER_PORT: String(smppPort),
        SMPP_SERVER_HOST: '127.0.0.1',
      },
      nodeArgs,
    );
    await server.ready;
    client = new pg.Client({ connectionString: url });
    await client.connect();
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@risala.local', password: 'Demo@2026' }),
    }).then((r) => r.json());
    const token = login.data.token;
    const api = (method, p, body) =>
      fetch(`${base}${p}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    return {
      client,
      smsc,
      base,
      smppPort,
      token,
      accountId: login.data.user.account_id,
      api,
      serverPid: server.child.pid,
      pgDataDir: cluster.dataDir,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

if (process.argv[2] === '--server-child' && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.env.BENCH_ALLOC_PROFILE) {
    // BENCH_ALLOC_PROFILE=<file>: where the server allocates (sampled, collected objects included),
    // written when the process is told to stop; open it in Chrome DevTools' Memory tab
    const { Session } = await import('node:inspector');
    const { writeFileSync } = await import('node:fs');
    const session = new Session();
    session.connect();
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 32768,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    process.prependListener('SIGTERM', () => {
      session.post('HeapProfiler.stopSampling', (err, res) => {
        if (!err) writeFileSync(process.env.BENCH_ALLOC_PROFILE, JSON.stringify(res.profile));
      });
    });
  }
  register();
  await import('../apps/server/src/main.ts');
}
