/** GET /api/dashboard/customers/{id}: customers added, consent withdrawn and STOP replies (audience rollup). */
import type { AudienceMetrics, DashboardFilter } from '@risala/shared/schemas/dashboard';
import { CHANNELS, type Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bucketDays, dayBucket, resolveRange } from './range.ts';
import { dayEndSql, dayStartSql, resolveScope } from './source.ts';

type Row = {
  at: string;
  day: string;
  added: number;
  withdrawn_email: number;
  withdrawn_sms: number;
  withdrawn_whatsapp: number;
  stop_replies: number;
};

export async function audienceMetrics(db: DbOrTx, accountId: number, filter: DashboardFilter): Promise<AudienceMetrics> {
  // the audience belongs to brands, not campaigns: only the brand filter applies (and the channel to withdrawals)
  const s = await resolveScope(db, accountId, { brand_id: filter.brand_id });
  const range = resolveRange(filter, s.timezone);
  const tz = s.timezone;
  const { rows } = await db.execute<Row>(sql`
    select to_char(r.hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') as at, (r.hour at time zone ${tz})::date::text as day,
           sum(r.added)::float8 as added, sum(r.withdrawn_email)::float8 as withdrawn_email, sum(r.withdrawn_sms)::float8 as withdrawn_sms,
           sum(r.withdrawn_whatsapp)::float8 as withdrawn_whatsapp, sum(r.stop_replies)::float8 as stop_replies
      from analytics_audience_hourly r
     where r.account_id = ${accountId} ${filter.brand_id !== undefined ? sql`and r.brand_id = ${filter.brand_id}` : sql``}
       and r.hour >= ${dayStartSql(range.prev_from, tz)} and r.hour < ${dayEndSql(range.to, tz)}
     group by 1, 2`);
  const channels: readonly Channel[] = filter.channel ? [filter.channel] : CHANNELS;
  const withdrawn = (r: Row) => channels.reduce((t, c) => t + Number(r[`withdrawn_${c}`]), 0);
  const stops = (r: Row) => (filter.channel === 'email' ? 0 : Number(r.stop_replies));
  const current = { added: 0, withdrawn: 0, stop_replies: 0 };
  const previous = { added: 0, withdrawn: 0, stop_replies: 0 };
  const byChannel = new Map<Channel, number>(channels.map((c) => [c, 0]));
  const points = new Map<string, { at: string; added: number; withdrawn: number; stop_replies: number }>();
  if (range.bucket !== 'hour') for (const d of bucketDays(range)) points.set(d, { at: d, added: 0, withdrawn: 0, stop_replies: 0 });
  for (const r of rows) {
    const into = r.day < range.from ? previous : current;
    into.added += Number(r.added);
    into.withdrawn += withdrawn(r);
    into.stop_replies += stops(r);
    if (r.day < range.from) continue;
    for (const c of channels) byChannel.set(c, (byChannel.get(c) ?? 0) + Number(r[`withdrawn_${c}`]));
    const key = range.bucket === 'hour' ? r.at : dayBucket(r.day, range);
    const p = points.get(key) ?? (range.bucket === 'hour' ? { at: key, added: 0, withdrawn: 0, stop_replies: 0 } : null);
    if (!p) continue;
    points.set(key, p);
    p.added += Number(r.added);
    p.withdrawn += withdrawn(r);
    p.stop_replies += stops(r);
  }
  const series = [...points.values()].sort((a, b) => a.at.localeCompare(b.at));
  return { range, current, previous, withdrawn_by_channel: [...byChannel].map(([channel, n]) => ({ channel, withdrawn: n })), series };
}
