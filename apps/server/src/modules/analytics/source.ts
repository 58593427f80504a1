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

export const MEASURES = [
  'n',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'engaged',
  'failed',
  'pending',
  'cancelled',
  'unsubscribed',
  'credits',
  'cost',
] as const;
export type Measure = (typeof MEASURES)[number];

/** A measure as read from a rollup, or from an unfolded delta (which has the state instead of two of them). */
export const fromRollup = (m: string) => sql.raw(`r.${m}`);
export const fromDelta = (m: string) =>
  sql.raw(
    m === 'pending'
      ? `case when r.status in ('PENDING', 'SCHEDULED', 'QUEUED') then r.n else 0 end`
      : m === 'cancelled'
        ? `case when r.status = 'CANCELLED' then r.n else 0 end`
        : `r.${m}`,
  );

interface SourceSpec {
  table: string;
  /** daily tables: local days of the account's zone; hourly: the hour itself */
  time: 'day' | 'hour';
  from: string;
  to: string;
  /** key columns both the rollup and the deltas have (campaign_id, channel, status, error_code, sender, dest) */
  keys: readonly string[];
  measures?: readonly string[];
  /** rows of the deltas this rollup keeps (e.g. failures only) */
  deltaWhere?: SQL;
}

/**
 * A rollup's rows for local days [from, to] plus the matching deltas not folded yet, as rows aliased
 * `r` with the time column (`day` or `hour`), the keys and the measures.
 */
export function source(s: Scope, spec: SourceSpec): SQL {
  const tz = s.timezone;
  const measures = spec.measures ?? MEASURES;
  const keys = spec.keys.map((k) => sql.raw(`r.${k}`));
  const cols = (m: (x: string) => SQL) => sql.join([...keys, ...measures.map((x) => sql`${m(x)} as ${sql.raw(x)}`)], sql`, `);
  const range = sql`r.hour >= ${dayStartSql(spec.from, tz)} and r.hour < ${dayEndSql(spec.to, tz)}`;
  const rollupTime = spec.time === 'day' ? sql`r.day between ${spec.from}::date and ${spec.to}::date` : range;
  const deltaTime = spec.time === 'day' ? sql`(r.hour at time zone ${tz})::date as day` : sql`r.hour`;
  return sql`(
    select r.${sql.raw(spec.time)}, ${cols(fromRollup)} from ${sql.raw(spec.table)} r where ${scopeWhere(s)} and ${rollupTime}
    union all
    select ${deltaTime}, ${cols(fromDelta)} from analytics_deltas r where ${scopeWhere(s)} and ${range} ${spec.deltaWhere ? sql`and ${spec.deltaWhere}` : sql``}
  ) r`;
}

/** The measures of a rollup row or of a delta row, as a column list. */
export const measureCols = (from: (m: string) => SQL, measures: readonly string[] = MEASURES) =>
  sql.join(
    measures.map((x) => sql`${from(x)} as ${sql.raw(x)}`),
    sql`, `,
  );

/** Sums of the measures, as numbers (cost as exact text). */
export function sums(measures: readonly string[] = MEASURES): SQL {
  return sql.raw(measures.map((m) => (m === 'cost' ? 'sum(r.cost)::text as cost' : `sum(r.${m})::float8 as ${m}`)).join(', '));
}

export type MeasureRow = {
  n: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  engaged: number;
  failed: number;
  pending: number;
  cancelled: number;
  unsubscribed: number;
  credits: number;
  cost: string | null;
};
