import type { Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dayNumber, dayText, todayIn } from './range.ts';
import { resolveScope, source } from './source.ts';

export interface ChannelPace {
  channel: Channel;
  balance: number;
  /** credits charged over the window */
  spent: number;
  /** spent / days, unrounded: each screen rounds for itself */
  per_day: number;
  /** whole days the balance lasts at that pace; null when nothing was spent */
  days_left: number | null;
}

/** Whole days a balance lasts at `spent` credits over `days` days (null: nothing spent, it does not run out). */
export function daysLeftAt(balance: number, spent: number, days: number): number | null {
  return spent > 0 ? Math.floor(Math.max(0, balance) / (spent / days)) : null;
}

/**
 * The one credit pace every screen states (the dashboard's days left, AI Analytics' credits chart
 * and its credits_forecast insight): each channel's balance, what the rollups say was charged over
 * the last `days` days in the account's zone (today included), and the days it lasts at that pace.
 */
export async function creditsPace(db: DbOrTx, accountId: number, days = 30): Promise<{ days: number; by_channel: ChannelPace[] }> {
  const s = await resolveScope(db, accountId, {});
  const today = dayNumber(todayIn(s.timezone));
  const [{ rows: balances }, { rows: used }] = await Promise.all([
    db.execute<{ channel: Channel; balance: number }>(sql`
      select channel, balance::float8 as balance from credits where account_id = ${accountId} order by channel`),
    db.execute<{ channel: Channel; credits: number }>(sql`
      select r.channel, coalesce(sum(r.credits), 0)::float8 as credits
        from ${source(s, { table: 'analytics_daily', time: 'day', from: dayText(today - (days - 1)), to: dayText(today), keys: ['channel'], measures: ['credits'] })}
       group by 1`),
  ]);
  const spentOf = new Map(used.map((r) => [r.channel, Number(r.credits)]));
  return {
    days,
    by_channel: balances.map((b) => {
      const balance = Number(b.balance);
      const spent = spentOf.get(b.channel) ?? 0;
      return { channel: b.channel, balance, spent, per_day: spent / days, days_left: daysLeftAt(balance, spent, days) };
    }),
  };
}
