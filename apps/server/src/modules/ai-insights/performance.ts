/**
 * GET /api/ai/performance: one campaign per channel against the account's other campaigns of the
 * window — or, without a campaign, every campaign launched in the window, each against the others
 * (as the route's summary says: "the campaigns or one campaign").
 */
import type { Performance } from '@risala/shared/schemas/ai-insights';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Lang, prepareWriter, write } from '../ai/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { requireCampaign } from '../campaigns/index.ts';
import * as detect from './detectors.ts';
import { HISTORY_DAYS } from './insights.service.ts';
import { builtinPerformance } from './phrasing.ts';
import * as source from './source.ts';

/** The most campaigns one answer compares (most recently launched first). */
export const PERFORMANCE_CAMPAIGNS = 20;

type Campaign = NonNullable<Performance['campaign']>;

const rates = detect.funnelRates;
const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.round((a - b) * 10) / 10);

/** A campaign per channel against the other campaigns of the window. */
async function againstOthers(ctx: AppContext, accountId: number, campaignId: number): Promise<Performance['channels']> {
  const mine = await source.campaignFunnelByChannel(ctx.db, accountId, campaignId);
  const base = await source.baselineWithout(ctx.db, accountId, campaignId, HISTORY_DAYS);
  return mine.map((m) => {
    const b = base.find((x) => x.channel === m.channel) ?? source.emptyCounts();
    const cr = rates(m);
    const br = rates(b);
    return {
      channel: m.channel,
      campaign: cr,
      baseline: br,
      delta: {
        delivery_rate: minus(cr.delivery_rate, br.delivery_rate),
        open_rate: minus(cr.open_rate, br.open_rate),
        click_rate: minus(cr.click_rate, br.click_rate),
      },
      significant: b.sent > 0 && m.sent > 0 && Math.abs(detect.zScore(m.delivered, m.sent, b.delivered, b.sent)) >= detect.Z_99,
    };
  });
}

async function launchedCampaigns(ctx: AppContext, accountId: number): Promise<Campaign[]> {
  const { rows } = await ctx.db.execute<{ id: number; name: string; status: string; launched_at: Date | string | null }>(sql`
    select id, name, status, launched_at from campaigns
     where account_id = ${accountId} and launched_at >= now() - make_interval(days => ${HISTORY_DAYS}::int)
     order by launched_at desc, id desc limit ${PERFORMANCE_CAMPAIGNS}`);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    status: r.status,
    launched_at: r.launched_at ? new Date(r.launched_at).toISOString() : null,
  }));
}

export async function performance(ctx: AppContext, auth: AuthContext, campaignId: number | undefined, lang: Lang): Promise<Performance> {
  let campaign: Campaign | null = null;
  let channels: Performance['channels'] = [];
  const campaigns: Performance['campaigns'] = [];
  if (campaignId) {
    const c = await requireCampaign(ctx.db, auth.accountId, campaignId);
    campaign = { id: c.id, name: c.name, status: c.status, launched_at: c.launched_at ? c.launched_at.toISOString() : null };
    channels = await againstOthers(ctx, auth.accountId, campaignId);
  } else {
    for (const c of await launchedCampaigns(ctx, auth.accountId)) {
      campaigns.push({ campaign: c, channels: await againstOthers(ctx, auth.accountId, c.id) });
    }
  }
  const writer = await prepareWriter(ctx, auth.accountId);
  const written = await write(ctx, auth.accountId, writer, {
    feature: 'insights',
    task: 'performance',
    language: lang,
    facts: { campaign, campaigns, baseline_days: HISTORY_DAYS, channels },
    draft: builtinPerformance(lang, { campaign, channels, campaigns }, HISTORY_DAYS),
    instructions: campaign
      ? "Compare this campaign with the account's baseline channel by channel, plainly, and say which differences are larger than chance (FACTS.channels[].significant). Keep every figure as in FACTS."
      : 'Compare the campaigns of the window with each other, channel by channel, plainly: which did better or worse than the others and whether the difference is larger than chance (FACTS.campaigns[].channels[].significant). Keep every figure as in FACTS.',
  });
  return {
    campaign,
    channels,
    campaigns,
    summary: written.text,
    language: lang,
    engine: written.engine,
    model: written.model,
    fallback: written.fallback,
  };
}
