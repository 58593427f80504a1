/**
 * The rollups as AI plans and AI Analytics read them: a window's funnels per channel
 * (campaign messages, or all but one campaign), the engagement cells by weekday and hour, campaigns'
 * totals per channel, operator prefixes and failure codes over a window. Windows are local days of
 * the account's rollup zone, both ends inclusive, counted back from today. Same rule as the
 * dashboard: each read is a rollup plus its unfolded deltas in one statement.
 */
import type { Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dayNumber, dayText, todayIn } from './range.ts';
import { fromDelta, fromRollup, measureCols, resolveScope, type Scope, source } from './source.ts';

const FUNNEL = ['n', 'sent', 'delivered', 'opened', 'clicked', 'engaged', 'failed', 'unsubscribed', 'credits'] as const;
const FUNNEL_SUMS = sql.raw(FUNNEL.map((m) => `sum(r.${m})::float8 as ${m}`).join(', '));

export interface HistoryCounts {
  /** messages created (the report's "targeted") */
  n: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  engaged: number;
  failed: number;
  unsubscribed: number;
  credits: number;
}

const countsOf = (r: Record<string, unknown>): HistoryCounts =>
  Object.fromEntries(FUNNEL.map((m) => [m, Number(r[m] ?? 0)])) as unknown as HistoryCounts;

/** The local days between `fromDays` and `toDays` days ago (from > to; 0 is today). */
export interface DaysAgo {
  fromDays: number;
  toDays: number;
}

async function scopeAndDays(db: DbOrTx, accountId: number, w: DaysAgo): Promise<{ s: Scope; from: string; to: string }> {
  const s = await resolveScope(db, accountId, {});
  const today = dayNumber(todayIn(s.timezone));
  return { s, from: dayText(today - (w.fromDays - 1)), to: dayText(today - w.toDays) };
}

/** Each channel's funnel over a window: campaign messages only (and not `excludeCampaign`'s), or every message. */
export async function windowFunnels(db: DbOrTx, accountId: number, w: DaysAgo, opts: { campaignsOnly: boolean; excludeCampaign?: number }) {
  const { s, from, to } = await scopeAndDays(db, accountId, w);
  const { rows } = await db.execute<Record<string, unknown> & { channel: Channel }>(sql`
    select r.channel, ${FUNNEL_SUMS}
      from ${source(s, { table: 'analytics_daily', time: 'day', from, to, keys: ['campaign_id', 'channel'], measures: FUNNEL })}
     where ${opts.campaignsOnly ? sql`r.campaign_id <> 0` : sql`true`} ${opts.excludeCampaign ? sql`and r.campaign_id <> ${opts.excludeCampaign}` : sql``}
     group by r.channel`);
  return rows.map((r) => ({ channel: r.channel, ...countsOf(r) }));
}

/** Sent, delivered and engaged by channel, weekday (0 Sunday) and hour, in the account's zone. */
export async function engagementByHour(db: DbOrTx, accountId: number, w: DaysAgo) {
  const { s, from, to } = await scopeAndDays(db, accountId, w);
  const { rows } = await db.execute<{ channel: Channel; dow: number; hour: number; sent: number; delivered: number; engaged: number }>(sql`
    select r.channel, extract(dow from r.hour at time zone ${s.timezone})::int as dow, extract(hour from r.hour at time zone ${s.timezone})::int as hour,
           sum(r.sent)::float8 as sent, sum(r.delivered)::float8 as delivered, sum(r.engaged)::float8 as engaged
      from ${source(s, { table: 'analytics_hourly', time: 'hour', from, to, keys: ['channel'], measures: ['sent', 'delivered', 'engaged'] })}
     group by 1, 2, 3 having sum(r.sent) > 0`);
  return rows.map((r) => ({
    channel: r.channel,
    dow: Number(r.dow),
    hour: Number(r.hour),
    sent: Number(r.sent),
    delivered: Number(r.delivered),
    engaged: Number(r.engaged),
  }));
}

/** Campaigns' totals per channel, unsubscribes included (the per-campaign rollup and its deltas). */
export async function campaignsByChannel(db: DbOrTx, accountId: number, campaignIds: number[]) {
  if (campaignIds.length === 0) return [];
  const ids = sql`r.campaign_id = any(${sql.param(campaignIds)}::int[])`;
  const { rows } = await db.execute<Record<string, unknown> & { campaign_id: number; channel: Channel }>(sql`
    select r.campaign_id, r.channel, ${FUNNEL_SUMS} from (
      select r.campaign_id, r.channel, ${measureCols(fromRollup, FUNNEL)} from analytics_campaigns r where r.account_id = ${accountId} and ${ids}
      union all
      select r.campaign_id, r.channel, ${measureCols(fromDelta, FUNNEL)} from analytics_deltas r where r.account_id = ${accountId} and ${ids}
    ) r group by 1, 2`);
  return rows.map((r) => ({ campaign_id: Number(r.campaign_id), channel: r.channel, ...countsOf(r) }));
}

/** Sent and delivered per operator prefix ('+966 50') and channel over a window. */
export async function destinations(db: DbOrTx, accountId: number, w: DaysAgo) {
  const { s, from, to } = await scopeAndDays(db, accountId, w);
  const { rows } = await db.execute<{ channel: Channel; dest: string; sent: number; delivered: number }>(sql`
    select r.channel, r.dest, sum(r.sent)::float8 as sent, sum(r.delivered)::float8 as delivered
      from ${source(s, { table: 'analytics_dest_daily', time: 'day', from, to, keys: ['channel', 'dest'], measures: ['n', 'sent', 'delivered', 'failed'], deltaWhere: sql`r.dest <> ''` })}
     where r.dest <> '' group by 1, 2`);
  return rows.map((r) => ({ channel: r.channel, dest: r.dest, sent: Number(r.sent), delivered: Number(r.delivered) }));
}

/** Failed, blocked and not-allowed messages per channel, state and code over a window. */
export async function failures(db: DbOrTx, accountId: number, w: DaysAgo) {
  const { s, from, to } = await scopeAndDays(db, accountId, w);
  const { rows } = await db.execute<{ channel: Channel; status: string; error_code: string; n: number }>(sql`
    select r.channel, r.status, r.error_code, sum(r.n)::float8 as n
      from ${source(s, { table: 'analytics_failures_daily', time: 'day', from, to, keys: ['channel', 'status', 'error_code'], measures: ['n'], deltaWhere: sql`r.status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED')` })}
     group by 1, 2, 3 having sum(r.n) > 0`);
  return rows.map((r) => ({ channel: r.channel, status: r.status, code: r.error_code, n: Number(r.n) }));
}
