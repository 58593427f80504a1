/**
 * Jobs a dead worker held go back to the queue. graphile-worker locks the jobs a worker pool has
 * fetched (its local queue holds up to 100) with the pool's id, and only gives them back on a
 * clean shutdown — after a SIGKILL or a power cut they would wait for the 4-hour lock expiry, and
 * their messages with them. So each pool holds a PostgreSQL session advisory lock named after its
 * id for as long as its process lives (PostgreSQL drops it when the session dies), and every
 * process looks now and then for jobs locked by a pool whose advisory lock anyone can take: that
 * pool is gone, and `force_unlock_workers` frees its jobs. Handlers are idempotent, so a job run
 * again after its worker died mid-run is safe. A lost liveness session is replaced within a
 * second and takes its locks again; in between, another process's check may free this process's
 * jobs (they would run twice, which idempotence allows).
 */
import pg from 'pg';
import type { Logger } from 'pino';

/** the advisory lock namespace of live worker pools ("RW") */
const LOCK_SPACE = 0x5257;
const CHECK_EVERY_MS = 10_000;
/** a pool takes its advisory lock within milliseconds of creation; a lock younger than this is left alone */
const MIN_LOCK_AGE_S = 3;

export interface Liveness {
  /** this process's pool: held for as long as the process lives */
  hold(poolId: string): Promise<void>;
  /** frees the jobs of pools that are gone; answers how many pools were freed */
  recover(): Promise<number>;
  close(): Promise<void>;
}

/** waits between reconnection attempts after the liveness session is lost */
const RECONNECT_MS = [250, 1_000, 5_000];

/** `onRestored`: called when a lost session is replaced (the database came back, say). */
export async function startLiveness(connectionString: string, log: Logger, onRestored?: () => void): Promise<Liveness> {
  const own = new Set<string>();
  let closed = false;
  let attempts = 0;
  let client: pg.Client | null = null;
  /**
   * The session that holds this process's pool locks. When it is lost (a network cut, PostgreSQL
   * restarted or an admin ended it) PostgreSQL has already dropped the locks: a new session takes
   * them again at once, so other processes find these pools alive at their next check.
   */
  const open = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString });
    c.on('error', (err) => log.error({ err }, 'worker liveness connection lost'));
    c.on('end', () => {
      if (!closed && client === c) reconnect();
    });
    await c.connect();
    for (const id of own) await c.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE, id]);
    return c;
  };
  const reconnect = () => {
    const wait = RECONNECT_MS[Math.min(attempts++, RECONNECT_MS.length - 1)];
    setTimeout(() => {
      if (closed) return;
      open()
        .then((c) => {
          if (closed) return void c.end().catch(() => {});
          client = c;
          attempts = 0;
          log.info({ pools: own.size }, 'worker liveness connection restored');
          onRestored?.();
        })
        .catch((err) => {
          log.error({ err }, 'worker liveness could not reconnect');
          reconnect();
        });
    }, wait).unref();
  };
  client = await open();
  /** the current session (a lost one answers with errors until it is replaced) */
  const session = () => client as pg.Client;
  const recover = async () => {
    const { rows } = await session().query<{ locked_by: string }>(
      `select distinct locked_by from graphile_worker._private_jobs
        where locked_by is not null and locked_at < now() - make_interval(secs => $1)`,
      [MIN_LOCK_AGE_S],
    );
    let freed = 0;
    for (const { locked_by: id } of rows) {
      if (own.has(id)) continue;
      const { rows: got } = await session().query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_SPACE, id]);
      if (!got[0]?.ok) continue; // its process is alive
      await session().query('select graphile_worker.force_unlock_workers($1::text[])', [[id]]);
      await session().query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, id]);
      log.warn({ pool: id }, 'freed the jobs of a worker pool that is gone');
      freed++;
    }
    return freed;
  };
  const timer = setInterval(() => {
    recover().catch((err) => log.error({ err }, 'worker liveness check failed'));
  }, CHECK_EVERY_MS);
  timer.unref();
  return {
    async hold(poolId) {
      own.add(poolId);
      await session().query('select pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE, poolId]);
    },
    recover,
    async close() {
      closed = true;
      clearInterval(timer);
      await session()
        .end()
        .catch(() => {});
    },
  };
}
