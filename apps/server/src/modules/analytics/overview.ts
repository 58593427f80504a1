/**
 * GET /api/dashboard/analytics/{id}: KPIs against the previous period, messages over time by
 * channel and by status, the funnel per channel, top campaigns, failure reasons, the engagement
 * heatmap, fallback effectiveness and destinations — from the rollups only, in five statements.
 */
import type {
  CampaignRank,
  CreditsOutlook,
  DashboardFilter,
  DashboardOverview,
  Destination,
  FailureReason,
  FunnelRow,
  HeatCell,
  SeriesPoint,
} from '@risala/shared/schemas/dashboard';
import { CHANNELS, type Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Lang } from '../messaging/index.ts';
import { creditsPace } from './credits-pace.ts';
import { countryOfPrefix } from './destinations.ts';
import { bucketDays, dayBucket, resolveRange } from './range.ts';
import { failureReason } from './reasons.ts';
import { dayEndSql, dayStartSql, type MeasureRow, resolveScope, source, sums } from './source.ts';
import { type Acc, accOf, add, emptyAcc, rate, toTotals } from './totals.ts';

type DailyRow = MeasureRow & { day: string; campaign_id: number; channel: Channel };
type Point = SeriesPoint;
const FAILURE_STATES = sql.raw(`('FAILED', 'BLOCKED', 'NOT_ALLOWED')`);
const TOP = 5;

const emptyPoint = (at: string): Point => ({
  at,
  sms: 0,
  email: 0,
  whatsapp: 0,
  delivered: 0,
  sent: 0,
  failed: 0,
  pending: 0,
  cancelled: 0,
});

/** A bucket's messages by channel and by what happened to them (the groups partition the messages). */
function addToPoint(p: Point, channel: Channel, r: MeasureRow) {
  const n = Number(r.n);
  if (CHANNELS.includes(channel)) p[channel] += n;
  const delivered = Number(r.delivered);
  const failed = Number(r.failed);
  const pending = Number(r.pending);
  const cancelled = Number(r.cancelled);
  p.delivered += delivered;
  p.failed += failed;
  p.pending += pending;
  p.cancelled += cancelled;
  p.sent += Math.max(0, n - delivered - failed - pending - cancelled);
}

/**
 * The account's credits per channel and how long each lasts at its own last-30-days pace (no
 * filter): an SMS credit and an email credit are different units, so the channel that runs out
 * first is the account's outlook.
 */
async function creditsOutlook(db: DbOrTx, accountId: number): Promise<CreditsOutlook> {
  const pace = await creditsPace(db, accountId, 30);
  const byChannel = pace.by_channel.map((c) => ({
    channel: c.channel,
    balance: c.balance,
    burn_per_day: Math.round(c.per_day * 100) / 100,
    days_left: c.days_left,
  }));
  const firstOut = byChannel.filter((c) => c.days_left !== null).sort((a, b) => (a.days_left as number) - (b.days_left as number))[0];
  return {
    balance: byChannel.reduce((t, b) => t + b.balance, 0),
    by_channel: byChannel,
    burn_per_day: Math.round((pace.by_channel.reduce((t, c) => t + c.spent, 0) / pace.days) * 100) / 100,
    days_left: firstOut?.days_left ?? null,
    first_out: firstOut?.channel ?? null,
  };
}

export async function overview(db: DbOrTx, accountId: number, filter: DashboardFilter, lang: Lang): Promise<DashboardOverview> {
  const s = await resolveScope(db, accountId, filter);
  const range = resolveRange(filter, s.timezone);
  const tz = s.timezone;
  const day = (table: string, keys: string[], measures?: readonly string[], deltaWhere?: ReturnType<typeof sql>) =>
    source(s, { table, time: 'day', from: range.from, to: range.to, keys, measures, deltaWhere });
  const hour = (keys: string[], measures?: readonly string[]) =>
    source(s, { table: 'analytics_hourly', time: 'hour', from: range.from, to: range.to, keys, measures });

  const [{ rows: daily }, { rows: fails }, { rows: heat }, { rows: hourly }, { rows: dests }, { rows: last }] = await Promise.all([
    db.execute<DailyRow>(sql`
      select r.day::text as day, r.campaign_id, r.channel, ${sums()}
        from ${source(s, { table: 'analytics_daily', time: 'day', from: range.prev_from, to: range.to, keys: ['campaign_id', 'channel'] })}
       group by 1, 2, 3`),
    db.execute<{ status: string; error_code: string; n: number }>(sql`
      select r.status, r.error_code, sum(r.n)::float8 as n
        from ${day('analytics_failures_daily', ['status', 'error_code'], ['n'], sql`r.status in ${FAILURE_STATES}`)}
       group by 1, 2 having sum(r.n) > 0 order by 3 desc, 2 limit 10`),
    db.execute<HeatCell>(sql`
      select extract(dow from h.hour at time zone ${tz})::int as dow, extract(hour from h.hour at time zone ${tz})::int as hour,
             sum(h.delivered)::float8 as delivered, sum(h.engaged)::float8 as engaged
        from (select r.hour, sum(r.delivered) as delivered, sum(r.engaged) as engaged
                from ${hour([], ['delivered', 'engaged'])} group by 1) h
       group by 1, 2`),
    range.bucket === 'hour'
      ? db.execute<MeasureRow & { at: string; channel: Channel }>(sql`
          select to_char(r.hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') as at, r.channel, ${sums()}
            from ${hour(['channel'])} group by 1, 2`)
      : Promise.resolve({ rows: [] as (MeasureRow & { at: string; channel: Channel })[] }),
    db.execute<{ dest: string; sent: number; delivered: number; failed: number }>(sql`
      select r.dest, sum(r.sent)::float8 as sent, sum(r.delivered)::float8 as delivered, sum(r.failed)::float8 as failed
        from ${day('analytics_dest_daily', ['dest'], ['n', 'sent', 'delivered', 'failed'], sql`r.dest <> ''`)}
       group by 1 order by 2 desc, 1 limit 15`),
    db.execute<{ id: number }>(sql`select coalesce(max(id), 0)::float8 as id from analytics_events where account_id = ${accountId}`),
  ]);

  const current = emptyAcc();
  const previous = emptyAcc();
  const points = new Map<string, Point>();
  if (range.bucket !== 'hour') for (const d of bucketDays(range)) points.set(d, emptyPoint(d));
  const funnel = new Map<Channel, Acc>();
  const byCampaign = new Map<number, Map<Channel, Acc>>();
  for (const r of daily) {
    if (r.day < range.from) {
      add(previous, r);
      continue;
    }
    add(current, r);
    add(accOf(funnel, r.channel), r);
    if (r.campaign_id !== 0) {
      const m = byCampaign.get(r.campaign_id) ?? new Map<Channel, Acc>();
      byCampaign.set(r.campaign_id, m);
      add(accOf(m, r.channel), r);
    }
    if (range.bucket !== 'hour') {
      const p = points.get(dayBucket(r.day, range));
      if (p) addToPoint(p, r.channel, r);
    }
  }
  if (range.bucket === 'hour') {
    // every hour of the range, in order, from the local midnight of `from`
    const { rows: hours } = await db.execute<{ at: string }>(sql`
      select to_char(h at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') as at
        from generate_series(${dayStartSql(range.from, tz)}, ${dayEndSql(range.to, tz)} - interval '1 hour', interval '1 hour') h`);
    for (const h of hours) points.set(h.at, emptyPoint(h.at));
    for (const r of hourly) {
      const p = points.get(r.at);
      if (p) addToPoint(p, r.channel, r);
    }
  }

  const campaignIds = [...byCampaign.keys()];
  const { rows: campaigns } = campaignIds.length
    ? await db.execute<{ id: number; name: string; channels: string[] }>(sql`
        select id, name, channels from campaigns where account_id = ${accountId} and id = any(${sql.param(campaignIds)}::int[])`)
    : { rows: [] as { id: number; name: string; channels: string[] }[] };
  const names = new Map(campaigns.map((c) => [c.id, c]));
  const ranks: CampaignRank[] = [];
  const fallback = { campaigns: 0, primary_delivered: 0, fallback_delivered: 0, by_channel: new Map<Channel, number>() };
  for (const [id, m] of byCampaign) {
    const total = emptyAcc();
    for (const a of m.values()) {
      for (const k of Object.keys(total) as (keyof Acc)[]) total[k] += a[k];
    }
    const c = names.get(id);
    if (!c) continue;
    ranks.push({
      campaign_id: id,
      name: c.name,
      sent: total.sent,
      delivered: total.delivered,
      opened: total.opened,
      clicked: total.clicked,
      engagement_rate: rate(total.engaged, total.delivered),
    });
    if (c.channels.length > 1) {
      fallback.campaigns += 1;
      for (const [channel, a] of m) {
        if (channel === c.channels[0]) fallback.primary_delivered += a.delivered;
        else {
          fallback.fallback_delivered += a.delivered;
          fallback.by_channel.set(channel, (fallback.by_channel.get(channel) ?? 0) + a.delivered);
        }
      }
    }
  }
  const byDelivered = [...ranks].sort((a, b) => b.delivered - a.delivered || a.name.localeCompare(b.name)).slice(0, TOP);
  const byEngagement = ranks
    .filter((r) => r.delivered > 0)
    .sort((a, b) => b.engagement_rate - a.engagement_rate || b.delivered - a.delivered)
    .slice(0, TOP);

  const funnelRows: FunnelRow[] = CHANNELS.filter((c) => funnel.has(c)).map((channel) => {
    const a = funnel.get(channel) as Acc;
    return { channel, queued: a.messages, sent: a.sent, delivered: a.delivered, opened: a.opened, clicked: a.clicked };
  });
  const failureRows: FailureReason[] = fails.map((f) => ({
    code: f.error_code,
    status: f.status,
    reason: failureReason(f.error_code, f.status, lang),
    count: Number(f.n),
  }));
  const destinations: Destination[] = dests.map((d) => ({
    prefix: d.dest,
    country: countryOfPrefix(d.dest),
    sent: Number(d.sent),
    delivered: Number(d.delivered),
    failed: Number(d.failed),
  }));

  return {
    range,
    current: toTotals(current),
    previous: toTotals(previous),
    credits: await creditsOutlook(db, accountId),
    series: [...points.values()],
    funnel: funnelRows,
    top_delivered: byDelivered,
    top_engagement: byEngagement,
    failures: failureRows,
    heatmap: heat.map((h) => ({ dow: Number(h.dow), hour: Number(h.hour), delivered: Number(h.delivered), engaged: Number(h.engaged) })),
    fallback: { ...fallback, by_channel: [...fallback.by_channel].map(([channel, delivered]) => ({ channel, delivered })) },
    destinations,
    last_event_id: Number(last[0]?.id ?? 0),
  };
}
