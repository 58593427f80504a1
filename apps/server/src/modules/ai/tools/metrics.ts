/** Results tools: campaigns, a campaign's funnel, channels, the best hour to send, failure reasons. */
import { CAMPAIGN_STATES } from '@risala/shared/schemas/campaigns';
import { CHANNELS } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { judgeBest, MIN_BUCKET_EVENTS, MIN_BUCKET_SAMPLE } from '../../../lib/stats.ts';
import { campaignFunnel, channelFunnels, failureReasons, type Funnel, hourlyEngagement, rate } from './metrics-source.ts';
import { defineTool } from './registry.ts';

const rates = (f: Funnel) => ({
  delivery_rate: rate(f.delivered, f.sent),
  open_rate: rate(f.opened, f.delivered),
  click_rate: rate(f.clicked, f.delivered),
  failure_rate: rate(f.failed, f.targeted),
});

type CampaignRow = {
  id: number;
  name: string;
  status: string;
  channels: string[];
  launched_at: string | null;
  completed_at: string | null;
  targeted: number | null;
};

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

async function campaigns(
  db: DbOrTx,
  accountId: number,
  opts: { id?: number; search?: string; status?: string; launched?: boolean; limit: number },
) {
  const { rows } = await db.execute<CampaignRow>(sql`
    select id, name, status, channels, launched_at, completed_at, targeted from campaigns
     where account_id = ${accountId}
       ${opts.id ? sql`and id = ${opts.id}` : sql``}
       ${opts.search ? sql`and name ilike ${`%${opts.search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
       ${opts.status ? sql`and status = ${opts.status}` : sql``}
       ${opts.launched ? sql`and launched_at is not null` : sql``}
     order by coalesce(launched_at, created_at) desc, id desc limit ${opts.limit}`);
  return rows.map((r) => ({
    ...r,
    launched_at: iso(r.launched_at),
    completed_at: iso(r.completed_at),
    targeted: r.targeted === null ? null : Number(r.targeted),
  }));
}

export const listCampaignsTool = defineTool({
  name: 'list_campaigns',
  description: "List the account's campaigns, newest first, with id, name, status, channels and launch time.",
  input: z.object({
    search: z.string().trim().max(100).optional(),
    status: z.enum(CAMPAIGN_STATES).optional(),
    limit: z.number().int().min(1).max(20).default(10),
  }),
  permission: ['campaign', 'view'],
  async run({ ctx, auth }, input) {
    return { data: { campaigns: await campaigns(ctx.db, auth.accountId, input) } };
  },
});

export const campaignResultsTool = defineTool({
  name: 'campaign_results',
  description:
    'Results of one campaign (by id or by part of its name; without either, the most recently launched one): targeted, sent, delivered, opened/read, clicked, failed, in total and per channel, with rates in percent.',
  input: z.object({
    campaign_id: z.number().int().positive().optional(),
    name: z.string().trim().max(150).optional(),
  }),
  permission: ['campaign_history', 'view'],
  async run({ ctx, auth }, input) {
    const [c] = await campaigns(ctx.db, auth.accountId, {
      id: input.campaign_id,
      search: input.campaign_id ? undefined : input.name,
      launched: !input.campaign_id && !input.name,
      limit: 1,
    });
    if (!c) throw new AppError('NOT_FOUND');
    const funnel = await campaignFunnel(ctx.db, auth.accountId, c.id);
    return {
      data: {
        campaign: c,
        total: { ...funnel.total, ...rates(funnel.total) },
        by_channel: funnel.by_channel.map((f) => ({ ...f, ...rates(f) })),
        report_url: `/campaignhistory?campaign=${c.id}`,
      },
    };
  },
});

export const channelMetricsTool = defineTool({
  name: 'channel_metrics',
  description:
    'Per channel (sms, email, whatsapp) over the last N days: messages, sent, delivered, opened/read, clicked, failed and rates in percent.',
  input: z.object({ days: z.number().int().min(1).max(365).default(30) }),
  permission: ['message_history', 'view'],
  async run({ ctx, auth }, input) {
    const rows = await channelFunnels(ctx.db, auth.accountId, input.days);
    return { data: { days: input.days, channels: rows.map((r) => ({ ...r, ...rates(r) })) } };
  },
});

/** A percentage with one decimal, from a proportion. */
const pctOf = (x: number) => Math.round(x * 1000) / 10;

export const bestSendHourTool = defineTool({
  name: 'best_send_hour',
  description:
    "The hour of day (in the account's time zone) whose messages were opened, read or clicked the most, from the last N days (by delivery when nothing is engaged). A best hour is given only when every hour compared has at least `min_sample` messages and the best at least `min_events` engagements; `verdict` says whether it is clearly ahead (its 95% interval above the next hour's), only leading within the margin, or that there is not enough data yet. Returns every hour's figures too.",
  input: z.object({
    days: z.number().int().min(1).max(365).default(90),
    channel: z.enum(CHANNELS).optional(),
  }),
  permission: ['campaign_history', 'view'],
  async run({ ctx, auth }, input) {
    const { rows: acct } = await ctx.db.execute<{ timezone: string }>(sql`select timezone from accounts where id = ${auth.accountId}`);
    const timeZone = acct[0]?.timezone ?? 'UTC';
    const hours = await hourlyEngagement(ctx.db, auth.accountId, timeZone, input.days, input.channel ?? null);
    const engaged = hours.some((h) => h.engaged > 0);
    const metric = engaged ? 'engagement' : 'delivery';
    const verdict = judgeBest(
      hours.map((h) => ({
        key: h.hour,
        label: `${String(h.hour).padStart(2, '0')}:00`,
        events: engaged ? h.engaged : h.delivered,
        sample: engaged ? h.delivered : h.sent,
      })),
    );
    const named = verdict.kind === 'insufficient' ? null : verdict.best;
    return {
      data: {
        time_zone: timeZone,
        days: input.days,
        channel: input.channel ?? null,
        min_sample: MIN_BUCKET_SAMPLE,
        min_events: MIN_BUCKET_EVENTS,
        metric,
        verdict: verdict.kind,
        hours_compared: verdict.compared,
        best: named
          ? {
              hour: named.key,
              sent: hours.find((h) => h.hour === named.key)?.sent ?? named.sample,
              events: named.events,
              rate: pctOf(named.rate),
              low: pctOf(named.interval.low),
              high: pctOf(named.interval.high),
            }
          : null,
        next: verdict.kind === 'insufficient' ? null : { hour: verdict.next.key, rate: pctOf(verdict.next.rate) },
        hours,
      },
    };
  },
});

export const failureReasonsTool = defineTool({
  name: 'failure_reasons',
  description:
    'The most common reasons messages failed, were blocked or not allowed (readable texts and counts), over the last N days or for one campaign.',
  input: z.object({
    days: z.number().int().min(1).max(365).default(30),
    campaign_id: z.number().int().positive().optional(),
    limit: z.number().int().min(1).max(20).default(5),
  }),
  permission: ['message_history', 'view'],
  async run({ ctx, auth, lang }, input) {
    const reasons = await failureReasons(ctx.db, auth.accountId, lang, {
      days: input.days,
      campaignId: input.campaign_id ?? null,
      limit: input.limit,
    });
    return {
      data: {
        days: input.campaign_id ? null : input.days,
        campaign_id: input.campaign_id ?? null,
        reasons,
        total: reasons.reduce((n, r) => n + r.count, 0),
      },
    };
  },
});
