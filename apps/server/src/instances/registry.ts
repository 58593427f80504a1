/**
 * The processes running against one database (`instances`). Each process registers on start and
 * holds the session advisory lock (0x5249, its row id) for as long as it lives, so "live" means
 * "its lock is held" — exact, with no heartbeat window: a SIGKILLed process is gone the moment
 * PostgreSQL closes its session.
 *
 * Registration refuses local file storage that another live process cannot share: a process on
 * local disk writes a marker file under its files directory, and a newcomer on local disk must
 * see the marker of every live process (same machine, or one volume mounted by all); any mix of
 * local disk and S3, or of buckets, is refused too. Registrations are serialised by a transaction
 * lock, so two processes starting together are judged one after the other.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import serverPackage from '../../package.json' with { type: 'json' };
import type { Config } from '../config.ts';
import { LockSession, lockHeldSql } from '../lib/lock-session.ts';

/** advisory lock namespace of live processes ("RI"); key 0 serialises registrations */
export const INSTANCE_LOCK_SPACE = 0x5249;
const LIVE = lockHeldSql(INSTANCE_LOCK_SPACE, 'i.id');

export interface InstanceRow {
  id: number;
  role: string;
  host: string;
  pid: number;
  storage: string;
  files_marker: string | null;
  worker_running: boolean;
}

/** Local storage shared wrongly between processes: the start is refused with this message. */
export class StorageConflictError extends Error {}

export function storageOf(config: Pick<Config, 's3'>): string {
  return config.s3 ? `s3:${config.s3.endpoint ?? 'aws'}/${config.s3.bucket}` : 'local';
}

function describe(peer: InstanceRow) {
  return `process ${peer.pid} (ROLE=${peer.role}) on host ${peer.host}`;
}

/**
 * Why this process may not store files the way it is configured next to the live `peers`, or null.
 * `sees(marker)` tells whether a peer's marker file is in this process's files directory.
 */
export function storageConflict(storage: string, filesDir: string, peers: InstanceRow[], sees: (marker: string) => boolean): string | null {
  for (const peer of peers) {
    if (peer.storage !== storage) {
      return (
        `File storage differs between processes: ${describe(peer)} uses ${peer.storage === 'local' ? 'local disk' : peer.storage}, ` +
        `this one ${storage === 'local' ? 'local disk' : storage}. Give every process the same S3_* settings.`
      );
    }
    if (storage === 'local' && !(peer.files_marker && sees(peer.files_marker))) {
      return (
        `Local file storage cannot be shared with ${describe(peer)}: it stores uploads on a disk this process ` +
        `cannot see (${filesDir}). With more than one process, set S3_BUCKET (S3-compatible storage, ` +
        'see docs/operations.md), or give every process the same DATA_DIR on one shared volume.'
      );
    }
  }
  return null;
}

export interface InstanceRegistry {
  readonly id: number;
  /** Records whether this process's job worker is running (read by /ready of API processes). */
  setWorkerRunning(running: boolean): Promise<void>;
  /** Live processes whose job worker runs. */
  liveWorkers(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Registers this process, or throws StorageConflictError. The registration lives on its own
 * session: if that session is lost, the process registers again when it comes back.
 */
export async function registerInstance(config: Config, databaseUrl: string, log: Logger, db: pg.Pool): Promise<InstanceRegistry> {
  const storage = storageOf(config);
  const markerDir = path.join(config.filesDir, '.instances');
  const marker = storage === 'local' ? randomBytes(12).toString('hex') : null;
  if (marker) {
    mkdirSync(markerDir, { recursive: true });
    writeFileSync(path.join(markerDir, marker), `${hostname()} ${process.pid}\n`);
  }
  let id = 0;
  let workerRunning = false;

  const register = async (client: pg.Client) => {
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock($1, 0)', [INSTANCE_LOCK_SPACE]);
      await client.query(`delete from instances i where not ${LIVE}`); // processes that are gone
      const { rows: peers } = await client.query<InstanceRow>(`select * from instances i order by id`);
      const problem = storageConflict(storage, config.filesDir, peers, (m) => existsSync(path.join(markerDir, m)));
      if (problem) throw new StorageConflictError(problem);
      const { rows } = await client.query<{ id: number }>(
        `insert into instances (role, host, pid, version, storage, files_marker, worker_running)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [config.role, hostname(), process.pid, serverPackage.version, storage, marker, workerRunning],
      );
      id = (rows[0] as { id: number }).id;
      // taken inside the transaction: by the time others can see the row, it is live
      await client.query('select pg_advisory_lock($1, $2)', [INSTANCE_LOCK_SPACE, id]);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
  };

  let first = true;
  const session = new LockSession(databaseUrl, log, 'instances', {
    onRestored: async (client) => {
      if (first) return;
      // the lock went with the lost session: register again (a refusal now is only logged)
      await register(client).catch((err) => log.error({ err }, 'could not register this process again'));
    },
  });
  try {
    await register(await session.session());
    first = false;
  } catch (err) {
    await session.close();
    if (marker) rmSync(path.join(markerDir, marker), { force: true });
    throw err;
  }

  return {
    get id() {
      return id;
    },
    async setWorkerRunning(running) {
      workerRunning = running;
      await db.query('update instances set worker_running = $2, updated_at = now() where id = $1', [id, running]);
    },
    async liveWorkers() {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from instances i where role in ('all', 'worker') and worker_running and ${LIVE}`,
      );
      return rows[0]?.n ?? 0;
    },
    async close() {
      await db.query('delete from instances where id = $1', [id]).catch(() => {});
      await session.close();
      if (marker) rmSync(path.join(markerDir, marker), { force: true });
    },
  };
}

/** What /ready asks of this process: its registration and its job worker (main.ts fills it in). */
export interface ProcessState {
  registry: InstanceRegistry | null;
  /** null: this process runs no job worker (ROLE=api, or a test app) */
  workerRunning: (() => boolean) | null;
}

const states = new WeakMap<object, ProcessState>();

/** The process's state for this context (empty until main.ts fills it in). */
export function processState(ctx: object): ProcessState {
  let s = states.get(ctx);
  if (!s) {
    s = { registry: null, workerRunning: null };
    states.set(ctx, s);
  }
  return s;
}
