/**
 * GET /api/dashboard/campaign-metrics (every launched campaign with its metrics, paged and
 * sortable by any of them) and GET /api/dashboard/campaigns/{id} (one campaign), from the
 * per-campaign rollup and the daily rollup.
 */
import type { CampaignResults } from '@risala/shared/schemas/campaigns';
import type { CampaignDashboard, CampaignMetric, CampaignMetricsPage, CampaignMetricsQuery } from '@risala/shared/schemas/dashboard';
import type { Channel } from '@risala/shared/schemas/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Lang } from '../messaging/index.ts';
import { failureReason } from './reasons.ts';
import { fromDelta, fromRollup, type MeasureRow, measureCols, sums } from './source.ts';
import { type Acc, accOf, add, emptyAcc, rate, toTotals } from './totals.ts';

/** A campaign's rows of the per-campaign rollup and its unfolded deltas (alias r). */
function campaignSource(accountId: number, where: SQL): SQL {
  return sql`(
    select r.campaign_id, r.channel, r.status, ${measureCols(fromRollup)} from analytics_campaigns r where r.account_id = ${accountId} and ${where}
    union all
    select r.campaign_id, r.channel, r.status, ${measureCols(fromDelta)} from analytics_deltas r where r.account_id = ${accountId} and r.campaign_id <> 0 and ${where}
  ) r`;
}

const SORTS: Record<CampaignMetricsQuery['sort'], SQL> = {
  launched_at: sql`c.launched_at`,
  name: sql`lower(c.name)`,
  messages: sql`coalesce(m.n, 0)`,
  sent: sql`coalesce(m.sent, 0)`,
  delivered: sql`coalesce(m.delivered, 0)`,
  delivery_rate: sql`coalesce(m.delivered / nullif(m.sent, 0), 0)`,
  open_rate: sql`coalesce(m.opened / nullif(m.delivered, 0), 0)`,
  click_rate: sql`coalesce(m.clicked / nullif(m.delivered, 0), 0)`,
  failed: sql`coalesce(m.failed, 0)`,
  cost: sql`coalesce(m.cost::numeric, 0)`,
};

type MetricRow = MeasureRow & {
  id: number;
  name: string;
  status: string;
  brand_id: number | null;
  channels: string[];
  launched_at: Date | string | null;
  total?: number;
};

function toMetric(r: Omit<MetricRow, keyof MeasureRow>, a: Acc): CampaignMetric {
  const totals = toTotals(a);
  return {
    campaign_id: Number(r.id),
    name: r.name,
    status: r.status,
    brand_id: r.brand_id,
    channels: r.channels,
    launched_at: r.launched_at ? new Date(r.launched_at).toISOString() : null,
    ...totals,
    delivery_rate: rate(totals.delivered, totals.sent),
    open_rate: rate(totals.opened, totals.delivered),
    click_rate: rate(totals.clicked, totals.delivered),
  };
}

export async function campaignMetrics(db: DbOrTx, accountId: number, q: CampaignMetricsQuery): Promise<CampaignMetricsPage> {
  const channel = q.channel ? sql`r.channel = ${q.channel}` : sql`true`;
  const { rows } = await db.execute<MetricRow>(sql`
    with m as (select r.campaign_id, ${sums()} from ${campaignSource(accountId, channel)} group by 1)
    select c.id, c.name, c.status, c.brand_id, c.channels, c.launched_at,
           coalesce(m.n, 0) as n, coalesce(m.sent, 0) as sent, coalesce(m.delivered, 0) as delivered, coalesce(m.opened, 0) as opened,
           coalesce(m.clicked, 0) as clicked, coalesce(m.engaged, 0) as engaged, coalesce(m.failed, 0) as failed,
           coalesce(m.unsubscribed, 0) as unsubscribed, coalesce(m.credits, 0) as credits, coalesce(m.cost, '0') as cost,
           count(*) over ()::int as total
      from campaigns c left join m on m.campaign_id = c.id
     where c.account_id = ${accountId} and c.status <> 'DRAFT'
       ${q.brand_id !== undefined ? sql`and c.brand_id = ${q.brand_id}` : sql``}
       ${q.channel ? sql`and ${q.channel} = any(c.channels)` : sql``}
     order by ${SORTS[q.sort]} ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')} nulls last, c.id desc
     limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && q.page > 1) {
    const { rows: n } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from campaigns c where c.account_id = ${accountId} and c.status <> 'DRAFT'
        ${q.brand_id !== undefined ? sql`and c.brand_id = ${q.brand_id}` : sql``} ${q.channel ? sql`and ${q.channel} = any(c.channels)` : sql``}`);
    total = Number(n[0]?.n ?? 0);
  }
  return { items: rows.map((r) => toMetric(r, add(emptyAcc(), r))), page: q.page, limit: q.limit, total };
}

export async function campaignDashboard(db: DbOrTx, accountId: number, id: number, lang: Lang): Promise<CampaignDashboard> {
  const { rows: found } = await db.execute<Omit<MetricRow, keyof MeasureRow>>(sql`
    select c.id, c.name, c.status, c.brand_id, c.channels, c.launched_at
      from campaigns c where c.id = ${id} and c.account_id = ${accountId}`);
  const c = found[0];
  if (!c) throw new AppError('NOT_FOUND');
  const where = sql`r.campaign_id = ${id}`;
  const zone = sql`coalesce((select timezone from analytics_zones where account_id = ${accountId}), 'UTC')`;
  const [{ rows: byKey }, { rows: days }, { rows: fails }] = await Promise.all([
    db.execute<MeasureRow & { channel: Channel; status: string }>(sql`
      select r.channel, r.status, ${sums()} from ${campaignSource(accountId, where)} group by 1, 2`),
    db.execute<MeasureRow & { day: string }>(sql`
      select r.day::text as day, ${sums()} from (
        select r.day, ${measureCols(fromRollup)} from analytics_daily r where r.account_id = ${accountId} and ${where}
        union all
        select (r.hour at time zone ${zone}) ::date, ${measureCols(fromDelta)} from analytics_deltas r where r.account_id = ${accountId} and ${where}
      ) r group by 1 order by 1`),
    db.execute<{ status: string; error_code: string; n: number }>(sql`
      select r.status, r.error_code, sum(r.n)::float8 as n from (
        select r.status, r.error_code, r.n from analytics_failures_daily r where r.account_id = ${accountId} and ${where}
        union all
        select r.status, r.error_code, r.n from analytics_deltas r
         where r.account_id = ${accountId} and ${where} and r.status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED')
      ) r group by 1, 2 having sum(r.n) > 0 order by 3 desc, 2 limit 10`),
  ]);
  const total = emptyAcc();
  const channels = new Map<Channel, Acc>();
  const statuses = new Map<string, number>();
  for (const r of byKey) {
    add(total, r);
    add(accOf(channels, r.channel), r);
    if (r.status && Number(r.n) !== 0) statuses.set(r.status, (statuses.get(r.status) ?? 0) + Number(r.n));
  }
  const series = days.map((r) => ({
    day: r.day,
    messages: Number(r.n),
    delivered: Number(r.delivered),
    failed: Number(r.failed),
    opened: Number(r.opened),
    clicked: Number(r.clicked),
  }));
  return {
    campaign: toMetric(c, total),
    by_channel: [...channels].map(([channel, a]) => ({ channel, ...toTotals(a) })),
    by_status: [...statuses].map(([status, count]) => ({ status, count })).sort((a, b) => b.count - a.count),
    series,
    failures: fails.map((f) => ({
      code: f.error_code,
      status: f.status,
      reason: failureReason(f.error_code, f.status, lang),
      count: Number(f.n),
    })),
  };
}

/**
 * The results of a page of campaigns (Campaign History), in one statement over the same rollups as
 * each campaign's report and the dashboard: a campaign with nothing counted yet is left out.
 */
export async function campaignResults(db: DbOrTx, accountId: number, ids: number[]): Promise<Map<number, CampaignResults>> {
  const out = new Map<number, CampaignResults>();
  if (ids.length === 0) return out;
  const { rows } = await db.execute<MeasureRow & { campaign_id: number }>(sql`
    select r.campaign_id, ${sums()} from ${campaignSource(accountId, sql`r.campaign_id = any(${sql.param(ids)}::int[])`)} group by 1`);
  for (const r of rows) {
    const totals = toTotals(add(emptyAcc(), r));
    out.set(Number(r.campaign_id), {
      messages: totals.messages,
      sent: totals.sent,
      delivered: totals.delivered,
      opened: totals.opened,
      clicked: totals.clicked,
      failed: totals.failed,
      cost: totals.cost,
      delivery_rate: rate(totals.delivered, totals.sent),
      open_rate: rate(totals.opened, totals.delivered),
      click_rate: rate(totals.clicked, totals.delivered),
    });
  }
  return out;
}
