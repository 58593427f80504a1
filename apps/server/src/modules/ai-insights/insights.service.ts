/**
 * AI Analytics: the account's figures read (source.ts), the detectors run, the insights phrased in
 * the reader's language; a summary written by the account's engine from them; a campaign against
 * its baseline; the dashboard's charts; and the one action that prepares something first (a group
 * of over-messaged customers to exclude).
 */
import type { AnalyticsDashboard, Insight } from '@risala/shared/schemas/ai-insights';
import type { Channel } from '@risala/shared/schemas/messages';
import { translate } from '@risala/shared/i18n/index.ts';
import { momentText } from '@risala/shared/time';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { type Lang, prepareWriter, type WriteEvent, type Writer, write } from '../ai/index.ts';
import { accountTimeZone, type AuthContext } from '../auth/index.ts';
import { addMembers, groupAudienceWhere, insertGroup } from '../groups/index.ts';
import { readableError } from '../messaging/index.ts';
import * as detect from './detectors.ts';
import { builtinSummary, phrase } from './phrasing.ts';
import { rankInsights } from './ranking.ts';
import * as source from './source.ts';

export const RECENT_DAYS = 7;
export const BASELINE_DAYS = 28;
export const HISTORY_DAYS = 90;

async function accountZone(ctx: AppContext, accountId: number) {
  const { rows } = await ctx.db.execute<{ timezone: string }>(sql`select timezone from accounts where id = ${accountId}`);
  return rows[0]?.timezone ?? 'UTC';
}

/**
 * Groups against everyone else: by engagement when anything was opened or clicked, else by
 * delivery over the channels that report deliveries (SMS, WhatsApp; plain SMTP email does not).
 */
async function groupInsights(ctx: AppContext, accountId: number, byChannel: (source.Counts & { channel: Channel })[]) {
  const engaged = byChannel.some((c) => c.opened + c.clicked > 0);
  const channels: Channel[] = engaged ? ['sms', 'email', 'whatsapp'] : byChannel.filter((c) => c.delivered > 0).map((c) => c.channel);
  if (channels.length === 0) return [];
  const overall = sum(byChannel.filter((c) => channels.includes(c.channel)));
  const { rows } = await ctx.db.execute<{ id: number; group_name: string; type: string; rules: unknown }>(sql`
    select id, group_name, type, rules from customer_groups where account_id = ${accountId} and status = 'ACTIVE' order by contacts_count desc, id limit 10`);
  const funnels = await source.groupFunnels(
    ctx.db,
    accountId,
    rows.map((g) => ({ id: g.id, where: groupAudienceWhere(g) })),
    HISTORY_DAYS,
    channels,
  );
  const named = funnels.map((f) => ({ ...f, name: rows.find((g) => g.id === f.group_id)?.group_name ?? '' }));
  return detect.segmentsVsBaseline(named, overall, HISTORY_DAYS);
}

const sum = (rows: source.Counts[]): source.Counts =>
  rows.reduce(
    (a, r) => ({
      targeted: a.targeted + r.targeted,
      sent: a.sent + r.sent,
      delivered: a.delivered + r.delivered,
      opened: a.opened + r.opened,
      clicked: a.clicked + r.clicked,
      failed: a.failed + r.failed,
    }),
    source.emptyCounts(),
  );

/** Every insight that holds now, most pressing first. */
export async function computeInsights(ctx: AppContext, accountId: number, lang: Lang, days: number): Promise<Insight[]> {
  const db = ctx.db;
  const timeZone = await accountZone(ctx, accountId);
  const campaigns = await source.campaignChannels(db, accountId, HISTORY_DAYS);
  const byCampaign = new Map<
    number,
    { campaign_id: number; name: string; delivered: number; unsubscribed: number; launched_at: string | null }
  >();
  for (const c of campaigns) {
    const x = byCampaign.get(c.campaign_id) ?? {
      campaign_id: c.campaign_id,
      name: c.name,
      delivered: 0,
      unsubscribed: 0,
      launched_at: c.launched_at,
    };
    x.delivered += c.delivered;
    x.unsubscribed += c.unsubscribed;
    byCampaign.set(c.campaign_id, x);
  }
  const since = Date.now() - days * 86_400_000;
  const spikes = detect.unsubscribeSpikes([...byCampaign.values()]).filter((f) => {
    const c = byCampaign.get(Number(f.id.split(':')[1]));
    return c?.launched_at ? Date.parse(c.launched_at) >= since : false;
  });
  const failures = (await source.failureWindows(db, accountId, RECENT_DAYS, BASELINE_DAYS)).map((f) => ({
    ...f,
    reason: readableError(f.code || null, f.message, lang) ?? translate(lang, `messages.status.${f.status}`),
  }));
  const byChannel = await source.channelWindow(db, accountId, HISTORY_DAYS);
  const found = [
    ...detect.deliveryDrops(await source.deliveryByRoute(db, accountId, RECENT_DAYS, BASELINE_DAYS), RECENT_DAYS, BASELINE_DAYS),
    ...spikes,
    ...detect.failureGrowth(failures, RECENT_DAYS, BASELINE_DAYS),
    ...detect.channelVsBaseline(
      await source.channelWindow(db, accountId, days),
      await source.channelWindow(db, accountId, days + HISTORY_DAYS, days),
      days,
    ),
    ...(await groupInsights(ctx, accountId, byChannel)),
    ...detect.bestSendTimes(await source.engagementCells(db, accountId, timeZone, HISTORY_DAYS), HISTORY_DAYS),
    ...detect.fatigue(await source.frequentRecipients(db, accountId, detect.FATIGUE_DAYS, detect.FATIGUE_MESSAGES)),
    ...detect.creditsForecast(await source.creditsPace(db, accountId, 30)),
    ...detect.reachability(await source.audienceReach(db, accountId)),
  ];
  return phrase(lang, rankInsights(found));
}

export const insightFacts = (insights: Insight[], days: number) => ({
  days,
  count: insights.length,
  act_now: insights.filter((i) => i.severity === 'critical' || i.severity === 'warning').length,
  opportunities: insights.filter((i) => i.severity === 'opportunity').length,
  insights: insights.map((i) => ({
    kind: i.kind,
    severity: i.severity,
    channel: i.channel,
    title: i.title,
    explanation: i.explanation,
    figures: i.figures,
    confidence: i.confidence,
  })),
});

const SUMMARY_INSTRUCTIONS = [
  'Summarise these insights for a marketer: what matters most first, in a few short paragraphs or bullets, each with its figures and what to do about it.',
  'Keep every figure exactly as in FACTS (you may round a rate). Do not add insights, causes or figures that are not in FACTS; say how sure each one is when its confidence is low.',
].join('\n');

/** GET /api/ai/analytics and POST analytics-stream: the insights and a summary written by the account's engine. */
export async function analytics(
  ctx: AppContext,
  auth: AuthContext,
  writer: Writer,
  lang: Lang,
  days: number,
  emit?: (e: WriteEvent) => void,
  signal?: AbortSignal,
) {
  const insights = await computeInsights(ctx, auth.accountId, lang, days);
  const written = await write(ctx, auth.accountId, writer, {
    feature: 'insights',
    task: 'insights',
    language: lang,
    facts: insightFacts(insights, days),
    draft: builtinSummary(lang, insights, days),
    instructions: SUMMARY_INSTRUCTIONS,
    emit,
    signal,
  });
  return {
    insights,
    days,
    generated_at: new Date().toISOString(),
    source: source.SOURCE,
    summary: written.text,
    language: lang,
    engine: written.engine,
    model: written.model,
    fallback: written.fallback,
  };
}

export const prepareAnalytics = (ctx: AppContext, auth: AuthContext) => prepareWriter(ctx, auth.accountId);

/** GET /api/ai/analytics/dashboard: the insights with the figures the charts draw. */
export async function dashboard(ctx: AppContext, auth: AuthContext, lang: Lang, days: number): Promise<AnalyticsDashboard> {
  const accountId = auth.accountId;
  const timeZone = await accountZone(ctx, accountId);
  const insights = await computeInsights(ctx, accountId, lang, days);
  const current = await source.channelWindow(ctx.db, accountId, days);
  const baseline = await source.channelWindow(ctx.db, accountId, days + HISTORY_DAYS, days);
  const channels = (['sms', 'email', 'whatsapp'] as Channel[])
    .filter((ch) => current.some((x) => x.channel === ch) || baseline.some((x) => x.channel === ch))
    .map((channel) => ({
      channel,
      current: detect.funnelRates(current.find((x) => x.channel === channel) ?? source.emptyCounts()),
      baseline: detect.funnelRates(baseline.find((x) => x.channel === channel) ?? source.emptyCounts()),
    }));
  const cells = await source.engagementCells(ctx.db, accountId, timeZone, HISTORY_DAYS);
  const best = detect.bestSendTimes(cells, HISTORY_DAYS);
  const best_times = (['sms', 'email', 'whatsapp'] as Channel[])
    .filter((ch) => cells.some((c) => c.channel === ch))
    .map((channel) => {
      const b = best.find((x) => x.channel === channel);
      return {
        channel,
        cells: cells
          .filter((c) => c.channel === channel)
          .map(({ dow, hour, sent, engaged, delivered }) => ({ dow, hour, sent, engaged, delivered })),
        best: b
          ? { dow: Number(b.figures.dow), hour: Number(b.figures.hour), rate: b.figures.rate as number | null, sample: b.sample }
          : null,
      };
    });
  const pace = await source.creditsPace(ctx.db, accountId, 30);
  const today = Date.now();
  const credits = pace.by_channel.map(({ channel, balance, per_day, days_left }) => {
    const projection = Array.from({ length: 31 }, (_, i) => ({
      day: new Date(today + i * 86_400_000).toISOString().slice(0, 10),
      balance: Math.max(0, Math.round(balance - per_day * i)),
    }));
    // the dashboard's and the credits_forecast insight's days: one pace (analytics/credits-pace.ts)
    return { channel, balance, burn_per_day: Math.round(per_day * 10) / 10, days_left, projection };
  });
  const failures = (await source.failureWindows(ctx.db, accountId, RECENT_DAYS, BASELINE_DAYS))
    .sort((a, b) => b.recent + b.before - (a.recent + a.before))
    .slice(0, 8)
    .map((f) => ({
      code: f.code || f.status,
      reason: readableError(f.code || null, f.message, lang) ?? translate(lang, `messages.status.${f.status}`),
      recent: f.recent,
      before: f.before,
    }));
  return {
    days,
    insights,
    channels,
    best_times,
    credits,
    failures,
    source: source.SOURCE,
    generated_at: new Date().toISOString(),
  };
}

/** POST /api/ai/insights/fatigue-group: a static group of the customers messaged too often, to exclude from the next campaign. */
export async function fatigueGroup(ctx: AppContext, auth: AuthContext, lang: Lang = auth.language === 'ar' ? 'ar' : 'en') {
  const ids = await source.frequentRecipientIds(ctx.db, auth.accountId, detect.FATIGUE_DAYS, detect.FATIGUE_MESSAGES);
  if (ids.length === 0) throw new AppError('NOT_FOUND');
  // today in the account's zone, written as the reader writes a date
  const date = momentText(new Date(), await accountTimeZone(ctx.db, auth.accountId), lang, { style: 'day' });
  const base = translate(lang, 'analytics.fatigueGroup', { threshold: detect.FATIGUE_MESSAGES, days: detect.FATIGUE_DAYS, date });
  return ctx.db.transaction(async (tx) => {
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${base} (${n})`;
      const { rows } = await tx.execute<{ id: number }>(
        sql`select id from customer_groups where account_id = ${auth.accountId} and lower(group_name) = lower(${name})`,
      );
      if (rows.length && n < 20) continue;
      const g = await insertGroup(tx, {
        account_id: auth.accountId,
        group_name: name,
        group_description: null,
        type: 'static',
        rules: null,
        contacts_count: 0,
        created_by: auth.userId,
      });
      await addMembers(tx, auth.accountId, g.id, ids);
      return { group_id: g.id, name, members: ids.length, url: `/customer/groups/${g.id}` };
    }
  });
}
