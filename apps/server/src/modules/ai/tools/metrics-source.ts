/**
 * Where the assistant's campaign and channel figures come from — in one place, so it can move to
 * the dashboard's rollup tables by changing only this file. Until then it reads
 * `messages` (indexed by account and created_at, or by campaign), limited to a window.
 */
import type { CampaignFunnel } from '@risala/shared/schemas/campaigns';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { FUNNEL_COUNTS } from '../../campaigns/index.ts';
import { readableError } from '../../messaging/index.ts';
import type { Lang } from '../language.ts';

/** A funnel without the campaign report's unsubscribes (opened: email opened or WhatsApp read). */
export type Funnel = Omit<CampaignFunnel, 'channel' | 'variant' | 'unsubscribed'>;

// the campaign report's own definition of each step, so the assistant and the report never disagree
const FUNNEL = FUNNEL_COUNTS;

const funnelOf = (r: Record<string, unknown>): Funnel => ({
  targeted: Number(r.targeted),
  sent: Number(r.sent),
  delivered: Number(r.delivered),
  opened: Number(r.opened),
  clicked: Number(r.clicked),
  failed: Number(r.failed),
});

/** A rate in percent with one decimal, or null when there is nothing to divide by. */
export const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

export interface CampaignResult {
  total: Funnel;
  by_channel: (Funnel & { channel: string })[];
}

/** One campaign's funnel, in total and per channel (test sends are not part of a campaign's messages). */
export async function campaignFunnel(db: DbOrTx, accountId: number, campaignId: number): Promise<CampaignResult> {
  const { rows } = await db.execute<Record<string, unknown> & { channel: string | null }>(sql`
    select m.channel, ${FUNNEL} from messages m
     where m.account_id = ${accountId} and m.campaign_id = ${campaignId}
     group by grouping sets ((m.channel), ())`);
  const total = rows.find((r) => r.channel === null);
  return {
    total: total ? funnelOf(total) : funnelOf({}),
    by_channel: rows.filter((r) => r.channel !== null).map((r) => ({ channel: r.channel as string, ...funnelOf(r) })),
  };
}

/** Every channel's funnel over the last `days` days (all messages: campaigns and single sends). */
export async function channelFunnels(db: DbOrTx, accountId: number, days: number) {
  const { rows } = await db.execute<Record<string, unknown> & { channel: string }>(sql`
    select m.channel, ${FUNNEL} from messages m
     where m.account_id = ${accountId} and m.created_at >= now() - make_interval(days => ${days}::int)
     group by m.channel order by m.channel`);
  return rows.map((r) => ({ channel: r.channel, ...funnelOf(r) }));
}

export interface HourRow {
  hour: number;
  sent: number;
  delivered: number;
  engaged: number;
}

/** Messages by hour of sending in the account's time zone: sent, delivered and engaged (opened, read or clicked). */
export async function hourlyEngagement(db: DbOrTx, accountId: number, timeZone: string, days: number, channel: string | null) {
  const { rows } = await db.execute<{ hour: number; sent: number; delivered: number; engaged: number }>(sql`
    select extract(hour from m.sent_at at time zone ${timeZone})::int as hour,
           count(*)::int as sent,
           count(*) filter (where m.delivered_at is not null or m.status in ('DELIVERED', 'READ'))::int as delivered,
           count(*) filter (where m.read_at is not null or m.clicked_at is not null)::int as engaged
      from messages m
     where m.account_id = ${accountId} and m.created_at >= now() - make_interval(days => ${days}::int)
       and m.sent_at is not null ${channel ? sql`and m.channel = ${channel}` : sql``}
     group by 1 order by 1`);
  return rows.map((r) => ({ hour: Number(r.hour), sent: Number(r.sent), delivered: Number(r.delivered), engaged: Number(r.engaged) }));
}

/** The most frequent failure reasons (FAILED, BLOCKED, NOT_ALLOWED), readable in the reader's language. */
export async function failureReasons(
  db: DbOrTx,
  accountId: number,
  lang: Lang,
  opts: { days: number; campaignId: number | null; limit: number },
) {
  const { rows } = await db.execute<{ status: string; error_code: string | null; error_message: string | null; n: number }>(sql`
    select m.status, m.error_code, min(m.error_message) as error_message, count(*)::int as n from messages m
     where m.account_id = ${accountId} and m.status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED')
       and ${opts.campaignId ? sql`m.campaign_id = ${opts.campaignId}` : sql`m.created_at >= now() - make_interval(days => ${opts.days}::int)`}
     group by m.status, m.error_code order by n desc limit ${opts.limit}`);
  return rows.map((r) => ({
    status: r.status,
    code: r.error_code,
    reason: readableError(r.error_code, r.error_message, lang) ?? r.status,
    count: Number(r.n),
  }));
}
