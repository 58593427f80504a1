/**
 * How every dashboard read is built: a rollup table plus the deltas not folded into it yet, read in
 * ONE statement (one snapshot: a delta is either still in analytics_deltas or already in the
 * rollup, never both), always led by the account id.
 */
import type { Channel } from '@risala/shared/schemas/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export interface Scope {
  accountId: number;
  /** the zone the account's daily rollups are cut in */
  timezone: string;
  channel?: Channel;
  /** campaigns to count (a brand or a campaign filter); null: every message */
  campaignIds: number[] | null;
}

/** The account's rollup zone, and the campaigns a brand / campaign filter stands for. */
export async function resolveScope(
  db: DbOrTx,
  accountId: number,
  f: { channel?: Channel; brand_id?: number; campaign_id?: number },
): Promise<Scope> {
  const { rows } = await db.execute<{ timezone: string }>(sql`
    select coalesce(z.timezone, a.timezone) as timezone from accounts a left join analytics_zones z on z.account_id = a.id where a.id = ${accountId}`);
  const timezone = rows[0]?.timezone ?? 'UTC';
  let campaignIds: number[] | null = null;
  if (f.brand_id !== undefined || f.campaign_id !== undefined) {
    // another account's brand or campaign is simply not found: 404, nothing about it leaks
    if (f.brand_id !== undefined) {
      const { rows: b } = await db.execute(sql`select 1 from brands where id = ${f.brand_id} and account_id = ${accountId}`);
      if (!b.length) throw new AppError('NOT_FOUND');
    }
    const { rows: c } = await db.execute<{ id: number }>(sql`
      select id from campaigns where account_id = ${accountId}
         ${f.brand_id !== undefined ? sql`and brand_id = ${f.brand_id}` : sql``}
         ${f.campaign_id !== undefined ? sql`and id = ${f.campaign_id}` : sql``}`);
    if (f.campaign_id !== undefined && !c.length && f.brand_id === undefined) throw new AppError('NOT_FOUND');
    campaignIds = c.map((r) => Number(r.id));
  }
  return { accountId, timezone, channel: f.channel, campaignIds };
}

/** The filter of a scope on a rollup or delta row (alias `r`). */
export function scopeWhere(s: Scope): SQL {
  const parts = [sql`r.account_id = ${s.accountId}`];
  if (s.channel) parts.push(sql`r.channel = ${s.channel}`);
  if (s.campaignIds) parts.push(sql`r.campaign_id = any(${sql.param(s.campaignIds)}::int[])`);
  return sql.join(parts, sql` and `);
}

/** The instant a local day starts at (`day` inclusive start, or the day after `to` as the exclusive end). */
export const dayStartSql = (day: string, tz: string) => sql`(${day}::date::timestamp at time zone ${tz})`;
export const dayEndSql = (day: string, tz: string) => sql`((${day}::date + 1)::timestamp at time zone ${tz})`;

/** Local days [from, to] of analytics_daily with their unfolded deltas, as rows aliased `r`. */
export function dailySource(s: Scope, from: string, to: string, columns: SQL): SQL {
  const tz = s.timezone;
  return sql`(
    select r.day, ${columns} from analytics_daily r where ${scopeWhere(s)} and r.day between ${from}::date and ${to}::date
    union all
    select (r.hour at time zone ${tz})::date as day, ${columns} from analytics_deltas r
     where ${scopeWhere(s)} and r.hour >= ${dayStartSql(from, tz)} and r.hour < ${dayEndSql(to, tz)}
  ) r`;
}

/** The hours of local days [from, to] of analytics_hourly with their unfolded deltas, as rows `r`. */
export function hourlySource(s: Scope, from: string, to: string, columns: SQL): SQL {
  const tz = s.timezone;
  const range = sql`r.hour >= ${dayStartSql(from, tz)} and r.hour < ${dayEndSql(to, tz)}`;
  return sql`(
    select r.hour, ${columns} from analytics_hourly r where ${scopeWhere(s)} and ${range}
    union all
    select r.hour, ${columns} from analytics_deltas r where ${scopeWhere(s)} and ${range}
  ) r`;
}

export const MEASURES = sql`r.n, r.sent, r.delivered, r.opened, r.clicked, r.engaged, r.failed, r.unsubscribed, r.credits, r.cost`;
export const SUMS = sql`sum(r.n)::float8 as n, sum(r.sent)::float8 as sent, sum(r.delivered)::float8 as delivered, sum(r.opened)::float8 as opened,
  sum(r.clicked)::float8 as clicked, sum(r.engaged)::float8 as engaged, sum(r.failed)::float8 as failed,
  sum(r.unsubscribed)::float8 as unsubscribed, sum(r.credits)::float8 as credits, sum(r.cost)::text as cost`;

export type MeasureRow = {
  n: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  engaged: number;
  failed: number;
  unsubscribed: number;
  credits: number;
  cost: string | null;
};
