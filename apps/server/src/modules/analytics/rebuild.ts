/**
 * Recompute rollups from messages (and the audience rollup from customers and replies): the
 * `npm run analytics:rebuild` command, and what runs when an account's time zone changed (its
 * daily rollups are cut in local days). Each account in one REPEATABLE READ transaction taken
 * while holding the fold's lock: the deltas it deletes are exactly those its snapshot of messages
 * already counts; deltas committed after the snapshot stay for the next fold.
 */
import type pg from 'pg';

/** The advisory lock the fold takes per transaction (analytics_fold) and a rebuild for its run. */
const LOCK = [21317, 0] as const;

export async function rebuildAccount(pool: pg.Pool, accountId: number): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1, $2)', [...LOCK]);
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await client.query('begin isolation level repeatable read');
          await client.query('select analytics_rebuild_account($1)', [accountId]);
          await client.query('select analytics_rebuild_audience($1)', [accountId]);
          await client.query('commit');
          return;
        } catch (err) {
          await client.query('rollback').catch(() => {});
          // an import or a STOP reply touched the same audience row meanwhile: take a new snapshot
          if ((err as { code?: string }).code !== '40001' || attempt >= 5) throw err;
        }
      }
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [...LOCK]);
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Every account (or the given ones), one after the other; answers how many were rebuilt. */
export async function rebuildRollups(pool: pg.Pool, accountIds?: number[], onAccount?: (id: number) => void): Promise<number> {
  const ids = accountIds ?? (await pool.query<{ id: number }>('select id from accounts order by id')).rows.map((r) => r.id);
  for (const id of ids) {
    await rebuildAccount(pool, id);
    onAccount?.(id);
  }
  return ids.length;
}

/** Accounts whose time zone changed since their daily rollups were cut. */
export async function accountsWithMovedZone(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    'select a.id from analytics_zones z join accounts a on a.id = z.account_id where a.timezone <> z.timezone',
  );
  return rows.map((r) => r.id);
}
