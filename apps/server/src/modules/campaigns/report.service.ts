/**
 * The campaign report, read from the analytics rollups (never by counting the campaign's messages,
 * so it can be read again on every live event): the funnel per channel and per variant plus the
 * total, the changes over time, cost and credits, failures by reason, clicks per link, one message
 * of each channel and variant as it was sent, and an A/B test's comparison with how sure it is.
 * Also the per-recipient CSV, streamed in keyset pages. Test sends are not part of it.
 */
import { Readable } from 'node:stream';
import { translate } from '@risala/shared/i18n/index.ts';
import type { AbResult, CampaignReport, ReportFunnel } from '@risala/shared/schemas/campaign-report';
import type { Channel } from '@risala/shared/schemas/messages';
import { isoInZone, timeZoneName } from '@risala/shared/time';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accountTimeZone, type AuthContext } from '../auth/index.ts';
import { csvCell } from '../../lib/csv-formula.ts';
import { type BatchFigures, campaignBatchFigures, campaignFailures, campaignTimeline } from '../analytics/index.ts';
import { type Lang, readableError } from '../messaging/index.ts';
import { twoProportionTest } from './ab-stats.ts';
import { abOf, requireCampaign } from './campaigns.service.ts';
import { trackingKeys } from './content.ts';
import { linkClicks } from './link-clicks.ts';
import { withoutTracking } from './tracking.ts';

/** The funnel's counts over `messages m` (targeted, sent, delivered, opened, clicked, failed): the assistant's definition, the same as the rollups'. */
export const FUNNEL_COUNTS = sql`count(*)::int as targeted,
  count(*) filter (where m.sent_at is not null or m.status in ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED'))::int as sent,
  count(*) filter (where m.delivered_at is not null or m.status in ('DELIVERED', 'READ'))::int as delivered,
  count(*) filter (where m.read_at is not null)::int as opened,
  count(*) filter (where m.clicked_at is not null)::int as clicked,
  count(*) filter (where m.status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED'))::int as failed`;

type Variant = 'A' | 'B' | 'REST';

const emptyFunnel = (channel: ReportFunnel['channel'], variant: Variant | null): ReportFunnel => ({
  channel,
  variant,
  messages: 0,
  pending: 0,
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  failed: 0,
  cancelled: 0,
  unsubscribed: 0,
});

function addTo(f: ReportFunnel, r: BatchFigures) {
  f.messages += Number(r.n);
  f.pending += Number(r.pending);
  f.sent += Number(r.sent);
  f.delivered += Number(r.delivered);
  f.opened += Number(r.opened);
  f.clicked += Number(r.clicked);
  f.failed += Number(r.failed);
  f.cancelled += Number(r.cancelled);
  f.unsubscribed += Number(r.unsubscribed);
}

/** Per channel, per channel and variant (A/B tests only), and the total. */
export function funnelOf(figures: BatchFigures[], variants: Map<number, Variant>, channels: Channel[], ab: boolean): ReportFunnel[] {
  const rows = new Map<string, ReportFunnel>();
  const row = (channel: ReportFunnel['channel'], variant: Variant | null) => {
    const k = `${channel}:${variant ?? ''}`;
    let f = rows.get(k);
    if (!f) {
      f = emptyFunnel(channel, variant);
      rows.set(k, f);
    }
    return f;
  };
  for (const ch of channels) row(ch, null);
  for (const r of figures) {
    addTo(row(r.channel, null), r);
    addTo(row('all', null), r);
    const v = variants.get(r.batch_id);
    if (ab && v) addTo(row(r.channel, v), r);
  }
  if (!rows.has('all:')) row('all', null);
  return [...rows.values()];
}

const HITS = { delivery: 'delivered', open: 'opened', click: 'clicked' } as const;

/** The A and B variants over every channel on the test's metric, and how sure the difference is. */
export function abResultOf(
  figures: BatchFigures[],
  variants: Map<number, Variant>,
  ab: NonNullable<ReturnType<typeof abOf>>,
  launchedAt: Date | null,
): AbResult {
  const measure = HITS[ab.metric];
  const out = (['A', 'B'] as const).map((variant) => {
    let messages = 0;
    let hits = 0;
    for (const r of figures) {
      if (variants.get(r.batch_id) !== variant) continue;
      messages += Number(r.n) - Number(r.cancelled);
      hits += Number(r[measure]);
    }
    return { variant, messages, hits, rate: messages ? hits / messages : 0 };
  });
  const [a, b] = out as [(typeof out)[number], (typeof out)[number]];
  const test = twoProportionTest(a, b);
  return {
    metric: ab.metric,
    variants: out,
    leader: a.rate === b.rate ? null : a.rate > b.rate ? 'A' : 'B',
    winner: ab.winner ?? null,
    decided_at: ab.decided_at ?? null,
    decides_at: launchedAt ? new Date(launchedAt.getTime() + ab.after_hours * 3_600_000).toISOString() : null,
    ...test,
  };
}

/** The first message of each of the campaign's batches and channels, as sent (tracking taken out). */
async function samples(
  ctx: AppContext,
  db: DbOrTx,
  accountId: number,
  campaignId: number,
  variants: Map<number, Variant>,
  channels: Channel[],
) {
  const { rows } = await db.execute<{
    batch_id: number;
    channel: Channel;
    subject: string | null;
    body: string;
    html: string | null;
    name: string | null;
  }>(sql`
    select b.id as batch_id, s.channel, s.subject, s.body, s.html, s.name
      from batches b
      cross join unnest(${sql.param(channels)}::text[]) as ch(channel)
      cross join lateral (
        select m.channel, m.subject, m.body, m.payload ->> 'html' as html, nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '') as name
          from messages m left join customers c on c.id = m.customer_id and c.account_id = m.account_id
         where m.batch_id = b.id and m.channel = ch.channel and m.account_id = ${accountId}
         order by m.id limit 1) s
     where b.account_id = ${accountId} and b.campaign_id = ${campaignId} and b.request_type <> 'test'
     order by b.id, s.channel`);
  const keys = trackingKeys(ctx);
  const seen = new Set<string>();
  return rows.flatMap((r) => {
    const variant = variants.get(Number(r.batch_id)) ?? null;
    const k = `${r.channel}:${variant ?? ''}`;
    if (seen.has(k)) return [];
    seen.add(k);
    return [
      {
        channel: r.channel,
        variant,
        recipient_name: r.name,
        subject: r.subject,
        text: r.body,
        html: r.html ? withoutTracking(keys, r.html) : null,
      },
    ];
  });
}

export async function campaignReport(ctx: AppContext, auth: AuthContext, id: number, lang: Lang): Promise<CampaignReport> {
  const c = await requireCampaign(ctx.db, auth.accountId, id);
  const db = ctx.db;
  const { rows: acct } = await db.execute<{ timezone: string }>(sql`select timezone from accounts where id = ${auth.accountId}`);
  const timezone = acct[0]?.timezone ?? 'UTC';
  const { rows: batchRows } = await db.execute<{ id: number; variant: Variant | null }>(sql`
    select id, variant from batches where account_id = ${auth.accountId} and campaign_id = ${id} and request_type <> 'test'`);
  const variants = new Map<number, Variant>();
  for (const b of batchRows) if (b.variant) variants.set(Number(b.id), b.variant);
  const start = c.launched_at ?? c.schedule_at ?? c.created_at;
  const span = (c.completed_at ?? new Date()).getTime() - start.getTime();
  const bucket = span <= 3 * 3_600_000 ? 'minute' : span <= 3 * 86_400_000 ? 'hour' : 'day';
  const channels = c.channels as Channel[];
  const [figures, timeline, failures, links, sent] = await Promise.all([
    campaignBatchFigures(db, auth.accountId, id),
    campaignTimeline(db, auth.accountId, id, bucket, timezone),
    campaignFailures(db, auth.accountId, id, lang),
    linkClicks(db, auth.accountId, id),
    samples(ctx, db, auth.accountId, id, variants, channels),
  ]);
  const ab = abOf(c);
  let credits = 0;
  let cost5 = 0;
  for (const r of figures) {
    credits += Number(r.credits);
    cost5 += Math.round(Number(r.cost ?? 0) * 100_000);
  }
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    campaign: {
      id: c.id,
      name: c.name,
      status: c.status,
      channels,
      launched_at: iso(c.launched_at),
      completed_at: iso(c.completed_at),
      schedule_at: iso(c.schedule_at),
    },
    timezone,
    targeted: c.targeted,
    funnel: funnelOf(figures, variants, channels, Boolean(ab)),
    bucket,
    timeline,
    cost: (cost5 / 100_000).toFixed(5),
    credits,
    estimated_cost: String(c.estimated_cost),
    failures,
    links,
    samples: sent,
    ab: ab ? abResultOf(figures, variants, ab, c.launched_at) : null,
  };
}

const CHUNK = 2000;
const COLUMNS = [
  'message_id',
  'customer_id',
  'recipient',
  'channel',
  'variant',
  'status',
  'sent_at',
  'delivered_at',
  'read_at',
  'clicked_at',
  'error',
] as const;
const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
const TIME_COLUMNS: ReadonlySet<string> = new Set(['sent_at', 'delivered_at', 'read_at', 'clicked_at']);

/**
 * GET /api/campaigns/{id}/recipients.csv: one row per message (UTF-8 with BOM), headers in the
 * caller's language; times in the account's zone with its offset, the zone named in their headers.
 */
export async function recipientsCsv(ctx: AppContext, auth: AuthContext, id: number, lang: Lang): Promise<Readable> {
  await requireCampaign(ctx.db, auth.accountId, id);
  async function* rows() {
    const zone = await accountTimeZone(ctx.db, auth.accountId);
    const iso = (v: unknown) => isoInZone(v as string | Date | null, zone);
    const zoneName = timeZoneName(zone, lang);
    const header = (k: string) => translate(lang, `campaigns.report.csvHeader.${k}`) + (TIME_COLUMNS.has(k) ? ` (${zoneName})` : '');
    yield `\ufeff${line(COLUMNS.map(header))}`;
    let after = 0;
    for (;;) {
      const { rows: chunk } = await ctx.db.execute<Record<string, unknown> & { id: string }>(sql`
        select m.id, m.customer_id, m.recipient, m.channel, b.variant, m.status, m.sent_at, m.delivered_at, m.read_at, m.clicked_at,
               m.error_code, m.error_message
          from messages m left join batches b on b.id = m.batch_id
         where m.account_id = ${auth.accountId} and m.campaign_id = ${id} and m.id > ${after}
         order by m.id limit ${CHUNK}`);
      if (chunk.length === 0) return;
      let text = '';
      for (const r of chunk) {
        text += line([
          r.id,
          r.customer_id,
          r.recipient,
          r.channel,
          r.variant,
          r.status,
          iso(r.sent_at),
          iso(r.delivered_at),
          iso(r.read_at),
          iso(r.clicked_at),
          readableError(r.error_code as string | null, r.error_message as string | null, lang),
        ]);
      }
      yield text;
      if (chunk.length < CHUNK) return;
      after = Number((chunk[chunk.length - 1] as { id: string }).id);
    }
  }
  return Readable.from(rows(), { objectMode: false });
}
