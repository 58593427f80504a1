/**
 * Keeps the rollups folded: every second the worker moves the committed deltas into the rollup
 * tables (analytics_fold(); one process at a time, others skip), every 10 s rebuilds accounts whose
 * time zone changed, every 10 minutes drops live events older than a day. Reads never wait for it:
 * they add the deltas not folded yet.
 */
import type { AppContext } from '../../context.ts';
import { EVENTS_KEEP_HOURS } from './events.ts';
import { accountsWithMovedZone, rebuildAccount } from './rebuild.ts';

export const FOLD_EVERY_MS = 1000;

export interface RollupFolder {
  /** fold now (tests, and the rebuild command's final step) */
  foldNow(): Promise<number>;
  stop(): Promise<void>;
}

export async function foldOnce(ctx: Pick<AppContext, 'db'>): Promise<number> {
  const { rows } = await ctx.db.$client.query<{ moved: number }>('select analytics_fold() as moved');
  return Number(rows[0]?.moved ?? 0);
}

export function startRollupFolder(ctx: AppContext, everyMs = FOLD_EVERY_MS): RollupFolder {
  let stopped = false;
  let ticks = 0;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    ticks += 1;
    await foldOnce(ctx);
    if (ticks % 10 === 1) {
      for (const id of await accountsWithMovedZone(ctx.db.$client)) {
        ctx.log.info({ accountId: id }, 'time zone changed: rebuilding the account’s rollups');
        await rebuildAccount(ctx.db.$client, id);
      }
    }
    if (ticks % 600 === 1) {
      await ctx.db.$client.query(`delete from analytics_events where at < now() - make_interval(hours => $1)`, [EVENTS_KEEP_HOURS]);
    }
  };
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(tick).catch((err) => ctx.log.error({ err }, 'rollup fold failed'));
  }, everyMs);
  timer.unref();
  return {
    foldNow: () => {
      const next = running.then(() => foldOnce(ctx));
      running = next.catch(() => {});
      return next;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
