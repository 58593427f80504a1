/**
 * Where AI Analytics and AI plans read the account's history — in one place. Channel, hour,
 * campaign, operator-prefix, failure and credit figures come from the dashboard's rollups (through
 * the analytics module's front door), counted with the same definitions as the campaign
 * report. Three reads are not in any rollup and stay on `messages`, led by the account and bounded
 * by a window on created_at (messages_account_created_idx): delivery per connection, who was
 * messaged how often, and what a group's members did.
 */
import type { Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countFor } from '../ai/index.ts';
import * as rollups from '../analytics/index.ts';
import { FUNNEL_COUNTS } from '../campaigns/index.ts';

export const SOURCE: 'rollups' | 'messages' = 'rollups';

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

const fromRollup = (r: rollups.HistoryCounts): Counts => ({
  targeted: r.n,
  sent: r.sent,
  delivered: r.delivered,
  opened: r.opened,
  clicked: r.clicked,
  failed: r.failed,
});

/** Each channel's funnel over campaign messages of a window of days ago (local days: 0 is today). */
export async function channelWindow(
  db: DbOrTx,
  accountId: number,
  fromDays: number,
  toDays = 0,
): Promise<(Counts & { channel: Channel })[]> {
  const rows = await rollups.windowFunnels(db, accountId, { fromDays, toDays }, { campaignsOnly: true });
  return rows.map((r) => ({ channel: r.channel, ...fromRollup(r) }));
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

/** The engagement heatmap: by channel, weekday and hour in the account's zone (the rollups' zone). */
export async function engagementCells(db: DbOrTx, accountId: number, _timeZone: string, days: number): Promise<Cell[]> {
  return rollups.engagementByHour(db, accountId, { fromDays: days, toDays: 0 });
}

export interface CampaignChannel extends Counts {
  campaign_id: number;
  name: string;
  launched_at: string | null;
  channel: Channel;
  unsubscribed: number;
}

/** Every campaign launched in the window, per channel: its funnel and unsubscribes. */
export async function campaignChannels(db: DbOrTx, accountId: number, days: number): Promise<CampaignChannel[]> {
  const { rows: launched } = await db.execute<{ id: number; name: string; launched_at: string | null }>(sql`
    select id, name, launched_at from campaigns where account_id = ${accountId} and launched_at >= now() - make_interval(days => ${days}::int)`);
  const byId = new Map(launched.map((c) => [Number(c.id), c]));
  const rows = await rollups.campaignsByChannel(db, accountId, [...byId.keys()]);
  return rows
    .filter((r) => r.n > 0)
    .map((r) => {
      const c = byId.get(r.campaign_id);
      return {
        campaign_id: r.campaign_id,
        name: String(c?.name ?? ''),
        launched_at: c?.launched_at ? new Date(c.launched_at).toISOString() : null,
        channel: r.channel,
        unsubscribed: r.unsubscribed,
        ...fromRollup(r),
      };
    });
}

/** One campaign's funnel per channel. */
export async function campaignFunnelByChannel(
  db: DbOrTx,
  accountId: number,
  campaignId: number,
): Promise<(Counts & { channel: Channel })[]> {
  const rows = await rollups.campaignsByChannel(db, accountId, [campaignId]);
  return rows.filter((r) => r.n > 0).map((r) => ({ channel: r.channel, ...fromRollup(r) }));
}

/** Each channel's funnel over campaigns of the window, leaving one campaign out (its baseline). */
export async function baselineWithout(
  db: DbOrTx,
  accountId: number,
  campaignId: number,
  days: number,
): Promise<(Counts & { channel: Channel })[]> {
  const rows = await rollups.windowFunnels(
    db,
    accountId,
    { fromDays: days, toDays: 0 },
    { campaignsOnly: true, excludeCampaign: campaignId },
  );
  return rows.map((r) => ({ channel: r.channel, ...fromRollup(r) }));
}

export interface RouteDelivery {
  kind: 'connection' | 'dest';
  key: string;
  label: string;
  channel: Channel;
  recent: { sent: number; delivered: number };
  baseline: { sent: number; delivered: number };
}

const recentAndBefore = (recentDays: number, baselineDays: number) => ({
  recent: { fromDays: recentDays, toDays: 0 },
  before: { fromDays: recentDays + baselineDays, toDays: recentDays },
});

/**
 * SMS/WhatsApp delivery by operator prefix (the rollups) and by connection (no rollup keeps the
 * connection: messages, windowed): the recent days against the days before.
 */
export async function deliveryByRoute(db: DbOrTx, accountId: number, recentDays: number, baselineDays: number): Promise<RouteDelivery[]> {
  const w = recentAndBefore(recentDays, baselineDays);
  const sentish = sql`(m.sent_at is not null or m.status in ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED'))`;
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with w as (
      select m.channel, m.connection_id, m.created_at >= now() - make_interval(days => ${recentDays}::int) as recent,
             (m.delivered_at is not null or m.status in ('DELIVERED', 'READ')) as delivered
        from messages m
       where m.account_id = ${accountId} and m.channel in ('sms', 'whatsapp') and m.connection_id is not null
         and ${window(recentDays + baselineDays, 0)} and ${sentish}
    )
    select w.channel, w.connection_id::text as key, coalesce(c.connection_name, '#' || w.connection_id) as label,
           count(*) filter (where recent)::int as r_sent, count(*) filter (where recent and w.delivered)::int as r_delivered,
           count(*) filter (where not recent)::int as b_sent, count(*) filter (where not recent and w.delivered)::int as b_delivered
      from w left join connections c on c.id = w.connection_id and c.account_id = ${accountId}
     group by 1, 2, 3`);
  const connections: RouteDelivery[] = rows.map((r) => ({
    kind: 'connection',
    key: String(r.key),
    label: String(r.label),
    channel: r.channel as Channel,
    recent: { sent: Number(r.r_sent), delivered: Number(r.r_delivered) },
    baseline: { sent: Number(r.b_sent), delivered: Number(r.b_delivered) },
  }));
  const [recent, before] = await Promise.all([
    rollups.destinations(db, accountId, w.recent),
    rollups.destinations(db, accountId, w.before),
  ]);
  const dests = new Map<string, RouteDelivery>();
  const entry = (channel: Channel, dest: string) => {
    const key = `${channel}|${dest}`;
    const e = dests.get(key) ?? {
      kind: 'dest' as const,
      key: dest,
      label: dest,
      channel,
      recent: { sent: 0, delivered: 0 },
      baseline: { sent: 0, delivered: 0 },
    };
    dests.set(key, e);
    return e;
  };
  for (const r of recent) Object.assign(entry(r.channel, r.dest).recent, { sent: r.sent, delivered: r.delivered });
  for (const r of before) Object.assign(entry(r.channel, r.dest).baseline, { sent: r.sent, delivered: r.delivered });
  return [...connections, ...[...dests.values()].filter((d) => d.channel === 'sms' || d.channel === 'whatsapp')];
}

/** Failures by code (and state): the recent days against the days before. */
export async function failureWindows(db: DbOrTx, accountId: number, recentDays: number, baselineDays: number) {
  const w = recentAndBefore(recentDays, baselineDays);
  const [recent, before] = await Promise.all([rollups.failures(db, accountId, w.recent), rollups.failures(db, accountId, w.before)]);
  const out = new Map<string, { status: string; code: string; message: string | null; channel: Channel; recent: number; before: number }>();
  const entry = (r: { channel: Channel; status: string; code: string }) => {
    const key = `${r.channel}|${r.status}|${r.code}`;
    const e = out.get(key) ?? { status: r.status, code: r.code, message: null, channel: r.channel, recent: 0, before: 0 };
    out.set(key, e);
    return e;
  };
  for (const r of recent) entry(r).recent += r.n;
  for (const r of before) entry(r).before += r.n;
  return [...out.values()];
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
export async function frequentRecipientIds(
  db: DbOrTx,
  accountId: number,
  days: number,
  threshold: number,
  limit = 50_000,
): Promise<number[]> {
  const { rows } = await db.execute<{ customer_id: number }>(sql`
    select m.customer_id from messages m
     where m.account_id = ${accountId} and m.customer_id is not null and m.campaign_id is not null and ${window(days, 0)}
       and m.status not in ('CANCELLED', 'NOT_ALLOWED', 'BLOCKED')
     group by m.customer_id having count(*) >= ${threshold} order by m.customer_id limit ${limit}`);
  return rows.map((r) => Number(r.customer_id));
}

/** Credits left per channel, spent over the last `days` days and the days they last: the dashboard's own pace. */
export const creditsPace = (db: DbOrTx, accountId: number, days: number) => rollups.creditsPace(db, accountId, days);

/** The funnel of messages sent to each group's current members over the window (static groups and segments). */
export async function groupFunnels(
  db: DbOrTx,
  accountId: number,
  groups: { id: number; where: ReturnType<typeof sql> }[],
  days: number,
  channels: Channel[],
) {
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
