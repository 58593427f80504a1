/**
 * Where AI Analytics and AI plans read the account's history — in one place, so the switch to the
 * dashboard's rollups (issue 16) is a change to this file only. Until they land every read is on
 * `messages`, led by the account and bounded by a window on created_at (messages_account_created_idx),
 * and counted with the campaign report's own definitions (FUNNEL_COUNTS). Two reads are about
 * customers (who was messaged how often, what a group's members did) and stay on messages.
 */
import type { Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countFor } from '../ai/index.ts';
import { FUNNEL_COUNTS } from '../campaigns/report.service.ts';

export const SOURCE: 'rollups' | 'messages' = 'messages';

export interface Counts {
  targeted: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  failed: number;
}

const counts = (r: Record<string, unknown>): Counts => ({
  targeted: Number(r.targeted ?? 0),
  sent: Number(r.sent ?? 0),
  delivered: Number(r.delivered ?? 0),
  opened: Number(r.opened ?? 0),
  clicked: Number(r.clicked ?? 0),
  failed: Number(r.failed ?? 0),
});

export const emptyCounts = (): Counts => ({ targeted: 0, sent: 0, delivered: 0, opened: 0, clicked: 0, failed: 0 });

/** Messages created between `fromDays` and `toDays` days ago (from > to). */
const window = (fromDays: number, toDays: number) =>
  sql`m.created_at >= now() - make_interval(days => ${fromDays}::int) and m.created_at < now() - make_interval(days => ${toDays}::int)`;

/** Each channel's funnel over a window of days ago. */
export async function channelWindow(db: DbOrTx, accountId: number, fromDays: number, toDays = 0): Promise<(Counts & { channel: Channel })[]> {
  const { rows } = await db.execute<Record<string, unknown> & { channel: Channel }>(sql`
    select m.channel, ${FUNNEL_COUNTS} from messages m
     where m.account_id = ${accountId} and m.campaign_id is not null and ${window(fromDays, toDays)}
     group by m.channel`);
  return rows.map((r) => ({ channel: r.channel, ...counts(r) }));
}

export interface Cell {
  channel: Channel;
  /** 0 Sunday … 6 Saturday, in the account's zone */
  dow: number;
  hour: number;
  sent: number;
  delivered: number;
  engaged: number;
}

/** The engagement heatmap: by channel, weekday and hour of sending in the account's zone. */
export async function engagementCells(db: DbOrTx, accountId: number, timeZone: string, days: number): Promise<Cell[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select m.channel, extract(dow from m.sent_at at time zone ${timeZone})::int as dow, extract(hour from m.sent_at at time zone ${timeZone})::int as hour,
           count(*)::int as sent,
           count(*) filter (where m.delivered_at is not null or m.status in ('DELIVERED', 'READ'))::int as delivered,
           count(*) filter (where m.read_at is not null or m.clicked_at is not null)::int as engaged
      from messages m
     where m.account_id = ${accountId} and m.sent_at is not null and ${window(days, 0)}
     group by 1, 2, 3`);
  return rows.map((r) => ({
    channel: r.channel as Channel,
    dow: Number(r.dow),
    hour: Number(r.hour),
    sent: Number(r.sent),
    delivered: Number(r.delivered),
    engaged: Number(r.engaged),
  }));
}

export interface CampaignChannel extends Counts {
  campaign_id: number;
  name: string;
  launched_at: string | null;
  channel: Channel;
  unsubscribed: number;
}

/** Every campaign launched in the window, per channel: its funnel and unsubscribes (the report's definitions). */
export async function campaignChannels(db: DbOrTx, accountId: number, days: number): Promise<CampaignChannel[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select c.id as campaign_id, c.name, c.launched_at, m.channel, ${FUNNEL_COUNTS},
           count(*) filter (where exists (select 1 from message_events e where e.message_id = m.id and e.event = 'UNSUBSCRIBED'))::int as unsubscribed
      from campaigns c join messages m on m.campaign_id = c.id and m.account_id = c.account_id
     where c.account_id = ${accountId} and c.launched_at >= now() - make_interval(days => ${days}::int)
     group by c.id, c.name, c.launched_at, m.channel`);
  return rows.map((r) => ({
    campaign_id: Number(r.campaign_id),
    name: String(r.name),
    launched_at: r.launched_at ? new Date(r.launched_at as string).toISOString() : null,
    channel: r.channel as Channel,
    unsubscribed: Number(r.unsubscribed),
    ...counts(r),
  }));
}

/** One campaign's funnel per channel. */
export async function campaignFunnelByChannel(db: DbOrTx, accountId: number, campaignId: number): Promise<(Counts & { channel: Channel })[]> {
  const { rows } = await db.execute<Record<string, unknown> & { channel: Channel }>(sql`
    select m.channel, ${FUNNEL_COUNTS} from messages m where m.account_id = ${accountId} and m.campaign_id = ${campaignId} group by m.channel`);
  return rows.map((r) => ({ channel: r.channel, ...counts(r) }));
}

/** Each channel's funnel over campaigns of the window, leaving one campaign out (its baseline). */
export async function baselineWithout(db: DbOrTx, accountId: number, campaignId: number, days: number): Promise<(Counts & { channel: Channel })[]> {
  const { rows } = await db.execute<Record<string, unknown> & { channel: Channel }>(sql`
    select m.channel, ${FUNNEL_COUNTS} from messages m
     where m.account_id = ${accountId} and m.campaign_id is not null and m.campaign_id <> ${campaignId} and ${window(days, 0)}
     group by m.channel`);
  return rows.map((r) => ({ channel: r.channel, ...counts(r) }));
}

/** The operator prefix of a number ('+966 50'): the calling code and the first two national digits. */
const DEST = sql`case
  when m.channel not in ('sms', 'whatsapp') or left(m.recipient, 1) <> '+' then ''
  when substr(m.recipient, 2, 1) in ('1', '7') then left(m.recipient, 2) || ' ' || substr(m.recipient, 3, 2)
  when substr(m.recipient, 2, 2) in ('20','27','30','31','32','33','34','36','39','40','41','43','44','45','46','47','48','49',
    '51','52','53','54','55','56','57','58','60','61','62','63','64','65','66','81','82','84','86','90','91','92','93','94','95','98')
    then left(m.recipient, 3) || ' ' || substr(m.recipient, 4, 2)
  else left(m.recipient, 4) || ' ' || substr(m.recipient, 5, 2) end`;

export interface RouteDelivery {
  kind: 'connection' | 'dest';
  key: string;
  label: string;
  channel: Channel;
  recent: { sent: number; delivered: number };
  baseline: { sent: number; delivered: number };
}

/** SMS/WhatsApp delivery by connection and by operator prefix: the recent days against the days before. */
export async function deliveryByRoute(db: DbOrTx, accountId: number, recentDays: number, baselineDays: number): Promise<RouteDelivery[]> {
  const sentish = sql`(m.sent_at is not null or m.status in ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED', 'FAILED'))`;
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with w as (
      select m.channel, m.connection_id, ${DEST} as dest, m.created_at >= now() - make_interval(days => ${recentDays}::int) as recent,
             (m.delivered_at is not null or m.status in ('DELIVERED', 'READ')) as delivered
        from messages m
       where m.account_id = ${accountId} and m.channel in ('sms', 'whatsapp') and ${window(recentDays + baselineDays, 0)} and ${sentish}
    )
    select 'connection' as kind, w.channel, w.connection_id::text as key, coalesce(c.connection_name, '#' || w.connection_id) as label,
           count(*) filter (where recent)::int as r_sent, count(*) filter (where recent and w.delivered)::int as r_delivered,
           count(*) filter (where not recent)::int as b_sent, count(*) filter (where not recent and w.delivered)::int as b_delivered
      from w left join connections c on c.id = w.connection_id and c.account_id = ${accountId}
     where w.connection_id is not null group by 1, 2, 3, 4
    union all
    select 'dest', w.channel, w.dest, w.dest,
           count(*) filter (where recent)::int, count(*) filter (where recent and w.delivered)::int,
           count(*) filter (where not recent)::int, count(*) filter (where not recent and w.delivered)::int
      from w where w.dest <> '' group by 1, 2, 3, 4`);
  return rows.map((r) => ({
    kind: r.kind as 'connection' | 'dest',
    key: String(r.key),
    label: String(r.label),
    channel: r.channel as Channel,
    recent: { sent: Number(r.r_sent), delivered: Number(r.r_delivered) },
    baseline: { sent: Number(r.b_sent), delivered: Number(r.b_delivered) },
  }));
}

/** Failures by code (and status): the recent days against the days before. */
export async function failureWindows(db: DbOrTx, accountId: number, recentDays: number, baselineDays: number) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select m.status, coalesce(m.error_code, '') as code, min(m.error_message) as message, m.channel,
           count(*) filter (where m.created_at >= now() - make_interval(days => ${recentDays}::int))::int as recent,
           count(*) filter (where m.created_at < now() - make_interval(days => ${recentDays}::int))::int as before
      from messages m
     where m.account_id = ${accountId} and m.status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED') and ${window(recentDays + baselineDays, 0)}
     group by 1, 2, 4`);
  return rows.map((r) => ({
    status: String(r.status),
    code: String(r.code),
    message: (r.message as string | null) ?? null,
    channel: r.channel as Channel,
    recent: Number(r.recent),
    before: Number(r.before),
  }));
}

/** How many customers got at least `threshold` messages in the last `days` days, and the most any one got. */
export async function frequentRecipients(db: DbOrTx, accountId: number, days: number, threshold: number) {
  const { rows } = await db.execute<{ customers: number; messaged: number; top: number | null }>(sql`
    with per as (
      select m.customer_id, count(*) as n from messages m
       where m.account_id = ${accountId} and m.customer_id is not null and m.campaign_id is not null and ${window(days, 0)}
         and m.status not in ('CANCELLED', 'NOT_ALLOWED', 'BLOCKED')
       group by m.customer_id
    )
    select count(*) filter (where n >= ${threshold})::int as customers, count(*)::int as messaged, max(n)::int as top from per`);
  const r = rows[0];
  return { customers: Number(r?.customers ?? 0), messaged: Number(r?.messaged ?? 0), top: Number(r?.top ?? 0) };
}

/** The ids of those customers (for a group the marketer can exclude). */
export async function frequentRecipientIds(db: DbOrTx, accountId: number, days: number, threshold: number, limit = 50_000): Promise<number[]> {
  const { rows } = await db.execute<{ customer_id: number }>(sql`
    select m.customer_id from messages m
     where m.account_id = ${accountId} and m.customer_id is not null and m.campaign_id is not null and ${window(days, 0)}
       and m.status not in ('CANCELLED', 'NOT_ALLOWED', 'BLOCKED')
     group by m.customer_id having count(*) >= ${threshold} order by m.customer_id limit ${limit}`);
  return rows.map((r) => Number(r.customer_id));
}

/** Credits left per channel and spent per day over the last `days` days (what messages were charged). */
export async function creditsPace(db: DbOrTx, accountId: number, days: number) {
  const { rows: balances } = await db.execute<{ channel: Channel; balance: string }>(sql`
    select channel, balance from credits where account_id = ${accountId} order by channel`);
  const { rows } = await db.execute<{ channel: Channel; credits: string }>(sql`
    select m.channel, coalesce(sum(m.credits), 0) as credits from messages m
     where m.account_id = ${accountId} and ${window(days, 0)} group by m.channel`);
  return {
    balances: balances.map((b) => ({ channel: b.channel, balance: Number(b.balance) })),
    spent: rows.map((r) => ({ channel: r.channel, credits: Number(r.credits) })),
    days,
  };
}

/** The funnel of messages sent to each group's current members over the window (static groups and segments). */
export async function groupFunnels(db: DbOrTx, accountId: number, groups: { id: number; where: ReturnType<typeof sql> }[], days: number, channels: Channel[]) {
  const out: ({ group_id: number } & Counts)[] = [];
  for (const g of groups) {
    const { rows } = await db.execute<Record<string, unknown>>(sql`
      select ${FUNNEL_COUNTS} from messages m join customers on customers.id = m.customer_id and customers.account_id = m.account_id
       where m.account_id = ${accountId} and m.campaign_id is not null and ${window(days, 0)} and ${g.where}
         and m.channel = any(${sql.param(channels)}::text[])`);
    out.push({ group_id: g.id, ...counts(rows[0] ?? {}) });
  }
  return out;
}

/** The account's customers, those no channel can reach (consent, address, MT blacklist: the launcher's SQL), and those with no consent at all. */
export async function audienceReach(db: DbOrTx, accountId: number) {
  const count = await countFor(db, accountId, { group_ids: [], exclude_group_ids: [], channels: ['sms', 'email', 'whatsapp'] });
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from customers where account_id = ${accountId} and not consent_sms and not consent_email and not consent_whatsapp`);
  return { customers: count.total, unreachable: count.total - count.reachable, no_consent: Number(rows[0]?.n ?? 0) };
}
