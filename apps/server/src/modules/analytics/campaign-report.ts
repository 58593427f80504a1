/**
 * What the campaign report reads from the rollups (each read the rollup plus the deltas not folded
 * yet, in one statement): the campaign's figures per channel and batch, its changes per time
 * bucket (when they were written), and its failures by reason.
 */
import type { REPORT_BUCKETS } from '@risala/shared/schemas/campaign-report';
import type { Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Lang } from '../messaging/index.ts';
import { failureReason } from './reasons.ts';
import { fromDelta, fromRollup, type MeasureRow, measureCols, sums } from './source.ts';

export type BatchFigures = MeasureRow & { channel: Channel; batch_id: number };

/** Per channel and batch (0: messages of no batch), every measure. */
export async function campaignBatchFigures(db: DbOrTx, accountId: number, campaignId: number): Promise<BatchFigures[]> {
  const { rows } = await db.execute<BatchFigures>(sql`
    select r.channel, r.batch_id, ${sums()} from (
      select r.channel, r.batch_id, ${measureCols(fromRollup)} from analytics_campaigns r where r.account_id = ${accountId} and r.campaign_id = ${campaignId}
      union all
      select r.channel, r.batch_id, ${measureCols(fromDelta)} from analytics_deltas r where r.account_id = ${accountId} and r.campaign_id = ${campaignId}
    ) r group by 1, 2`);
  return rows.map((r) => ({ ...r, batch_id: Number(r.batch_id) }));
}

export type TimelineFigure = {
  at: string;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  failed: number;
};

/** The campaign's changes per bucket (cut in the account's zone), by the minute each was written. */
export async function campaignTimeline(
  db: DbOrTx,
  accountId: number,
  campaignId: number,
  bucket: (typeof REPORT_BUCKETS)[number],
  timezone: string,
): Promise<TimelineFigure[]> {
  const unit = sql.raw(`'${bucket}'`);
  const { rows } = await db.execute<TimelineFigure>(sql`
    select to_char(date_trunc(${unit}, r.minute at time zone ${timezone}) at time zone ${timezone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
           sum(r.sent)::float8 as sent, sum(r.delivered)::float8 as delivered, sum(r.opened)::float8 as opened,
           sum(r.clicked)::float8 as clicked, sum(r.failed)::float8 as failed
      from (
        select r.minute, r.sent, r.delivered, r.opened, r.clicked, r.failed from analytics_campaign_minutes r
         where r.account_id = ${accountId} and r.campaign_id = ${campaignId}
        union all
        select r.minute, r.sent, r.delivered, r.opened, r.clicked, r.failed from analytics_deltas r
         where r.account_id = ${accountId} and r.campaign_id = ${campaignId}
      ) r group by 1 order by 1`);
  return rows
    .map((r) => ({
      at: r.at,
      sent: Number(r.sent),
      delivered: Number(r.delivered),
      opened: Number(r.opened),
      clicked: Number(r.clicked),
      failed: Number(r.failed),
    }))
    .filter((r) => r.sent || r.delivered || r.opened || r.clicked || r.failed);
}

/** The campaign's failed, blocked and refused messages by reason (the 10 largest). */
export async function campaignFailures(db: DbOrTx, accountId: number, campaignId: number, lang: Lang) {
  const { rows } = await db.execute<{ status: string; error_code: string; n: number }>(sql`
    select r.status, r.error_code, sum(r.n)::float8 as n from (
      select r.status, r.error_code, r.n from analytics_failures_daily r where r.account_id = ${accountId} and r.campaign_id = ${campaignId}
      union all
      select r.status, r.error_code, r.n from analytics_deltas r
       where r.account_id = ${accountId} and r.campaign_id = ${campaignId} and r.status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED')
    ) r group by 1, 2 having sum(r.n) > 0 order by 3 desc, 2 limit 10`);
  return rows.map((f) => ({
    code: f.error_code,
    status: f.status,
    reason: failureReason(f.error_code, f.status, lang),
    count: Number(f.n),
  }));
}

/** A campaign's messages per state (every batch and channel). */
export async function campaignStatusCounts(db: DbOrTx, accountId: number, campaignId: number): Promise<{ status: string; n: number }[]> {
  const { rows } = await db.execute<{ status: string; n: number }>(sql`
    select r.status, sum(r.n)::float8 as n from (
      select r.status, r.n from analytics_campaigns r where r.account_id = ${accountId} and r.campaign_id = ${campaignId}
      union all
      select r.status, r.n from analytics_deltas r where r.account_id = ${accountId} and r.campaign_id = ${campaignId} and r.status <> ''
    ) r group by 1 having sum(r.n) <> 0`);
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}
