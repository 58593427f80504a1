/** GET /api/dashboard/channel-metrics: totals per channel and sender for the filters. */
import type { ChannelMetrics, DashboardFilter } from '@risala/shared/schemas/dashboard';
import type { Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { resolveRange } from './range.ts';
import { type MeasureRow, resolveScope, source, sums } from './source.ts';
import { add, emptyAcc, toTotals } from './totals.ts';

export async function channelMetrics(db: DbOrTx, accountId: number, filter: DashboardFilter): Promise<ChannelMetrics> {
  const s = await resolveScope(db, accountId, filter);
  const range = resolveRange(filter, s.timezone);
  const { rows } = await db.execute<MeasureRow & { channel: Channel; sender: string }>(sql`
    select r.channel, r.sender, ${sums()}
      from ${source(s, { table: 'analytics_senders_daily', time: 'day', from: range.from, to: range.to, keys: ['channel', 'sender'] })}
     group by 1, 2 having sum(r.n) <> 0 or sum(r.unsubscribed) <> 0 order by 1, sum(r.n) desc, 2`);
  return { range, items: rows.map((r) => ({ channel: r.channel, sender: r.sender, ...toTotals(add(emptyAcc(), r)) })) };
}
