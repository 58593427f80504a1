/**
 * The campaign report: the funnel (targeted, sent, delivered, opened or read, clicked, failed,
 * unsubscribed) per channel and per variant plus the total, a timeline in minute or hour buckets,
 * cost and credits, and the top errors with readable reasons; and the per-recipient CSV, streamed
 * in keyset pages. Test sends are not part of it.
 */
import { Readable } from 'node:stream';
import { translate } from '@risala/shared/i18n/index.ts';
import type { CampaignFunnel } from '@risala/shared/schemas/campaigns';
import { isoInZone, timeZoneName } from '@risala/shared/time';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accountTimeZone, type AuthContext } from '../auth/index.ts';
import { csvCell } from '../../lib/csv-formula.ts';
import { type Lang, readableError } from '../messaging/index.ts';
import { requireCampaign } from './campaigns.service.ts';

/** The funnel's counts over `messages m` (targeted, sent, delivered, opened, clicked, failed): one definition, also the assistant's. */
export const FUNNEL_COUNTS = sql`count(*)::int as targeted,
  count(*) filter (where m.sent_at is not null or m.status in ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED'))::int as sent,
  count(*) filter (where m.delivered_at is not null or m.status in ('DELIVERED', 'READ'))::int as delivered,
  count(*) filter (where m.read_at is not null)::int as opened,
  count(*) filter (where m.clicked_at is not null)::int as clicked,
  count(*) filter (where m.status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED'))::int as failed`;

const FUNNEL = sql`${FUNNEL_COUNTS},
  count(*) filter (where exists (select 1 from message_events e where e.message_id = m.id and e.event = 'UNSUBSCRIBED')) as unsubscribed`;

type FunnelRow = Record<'targeted' | 'sent' | 'delivered' | 'opened' | 'clicked' | 'failed' | 'unsubscribed' | 'g', string> & { channel: string; variant: string | null };

const toFunnel = (r: FunnelRow): CampaignFunnel => ({
  channel: r.channel as CampaignFunnel['channel'],
  variant: r.variant,
  targeted: Number(r.targeted),
  sent: Number(r.sent),
  delivered: Number(r.delivered),
  opened: Number(r.opened),
  clicked: Number(r.clicked),
  failed: Number(r.failed),
  unsubscribed: Number(r.unsubscribed),
});

export async function campaignReport(ctx: AppContext, auth: AuthContext, id: number, lang: Lang) {
  const c = await requireCampaign(ctx.db, auth.accountId, id);
  const scope = sql`m.account_id = ${auth.accountId} and m.campaign_id = ${id}`;
  const { rows } = await ctx.db.execute<FunnelRow>(sql`
    select coalesce(m.channel, 'all') as channel, b.variant, grouping(m.channel, b.variant) as g, ${FUNNEL}
      from messages m left join batches b on b.id = m.batch_id
     where ${scope} group by grouping sets ((m.channel, b.variant), (m.channel), ())`);
  // grouping sets: (channel, variant) rows, per-channel totals (variant null) and the grand total
  const funnel = rows.filter((r) => c.ab_test || Number(r.g) !== 0).map(toFunnel);
  const span = (c.completed_at ?? new Date()).getTime() - (c.launched_at ?? c.created_at).getTime();
  const bucket = span <= 3 * 3_600_000 ? 'minute' : span <= 7 * 86_400_000 ? 'hour' : 'day';
  const { rows: timeline } = await ctx.db.execute<{ at: string; sent: string; delivered: string; opened: string; clicked: string; failed: string }>(sql`
    select to_char(t.at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
           count(*) filter (where t.kind = 's') as sent, count(*) filter (where t.kind = 'd') as delivered,
           count(*) filter (where t.kind = 'o') as opened, count(*) filter (where t.kind = 'c') as clicked,
           count(*) filter (where t.kind = 'f') as failed
      from messages m
      cross join lateral (values ('s', m.sent_at), ('d', m.delivered_at), ('o', m.read_at), ('c', m.clicked_at), ('f', m.failed_at)) as v(kind, ts)
      cross join lateral (select v.kind, date_trunc(${bucket}, v.ts at time zone 'UTC') as at) t
     where ${scope} and v.ts is not null group by t.at order by t.at`);
  const { rows: totals } = await ctx.db.execute<{ cost: string; credits: string }>(sql`
    select coalesce(sum(m.cost), 0)::text as cost, coalesce(sum(m.credits), 0)::text as credits from messages m where ${scope}`);
  const { rows: errors } = await ctx.db.execute<{ error_code: string | null; error_message: string | null; n: string }>(sql`
    select m.error_code, min(m.error_message) as error_message, count(*) as n from messages m
     where ${scope} and m.status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED') group by m.error_code order by n desc limit 10`);
  return {
    campaign: { id: c.id, name: c.name, status: c.status, channels: c.channels, launched_at: c.launched_at, completed_at: c.completed_at, ab_test: c.ab_test },
    targeted: c.targeted,
    funnel,
    bucket,
    timeline: timeline.map((t) => ({ at: t.at, sent: Number(t.sent), delivered: Number(t.delivered), opened: Number(t.opened), clicked: Number(t.clicked), failed: Number(t.failed) })),
    cost: totals[0]?.cost ?? '0',
    credits: Number(totals[0]?.credits ?? 0),
    estimated_cost: c.estimated_cost,
    top_errors: errors.map((e) => ({ code: e.error_code, reason: readableError(e.error_code, e.error_message, lang), count: Number(e.n) })),
  };
}

const CHUNK = 2000;
const COLUMNS = ['message_id', 'customer_id', 'recipient', 'channel', 'variant', 'status', 'sent_at', 'delivered_at', 'read_at', 'clicked_at', 'error'] as const;
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
          r.id, r.customer_id, r.recipient, r.channel, r.variant, r.status, iso(r.sent_at), iso(r.delivered_at), iso(r.read_at), iso(r.clicked_at),
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
