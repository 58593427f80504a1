/**
 * The plan itself, computed from the account's data: the audience and its language segments with
 * live counts, each segment's channels in fallback order, its send time, its messages (built-in
 * variants; /personalize-ai-plans rewrites them with the account's engine), an A/B suggestion, the
 * launcher's own estimate for exactly these settings, a budget and credit check, and expected
 * results from the account's history. Nothing here is phrased; narrative.ts says it in words.
 */
import type { AiPlanRequest, PlanBody, PlanReason, PlanSegment } from '@risala/shared/schemas/ai-plans';
import type { CampaignContent } from '@risala/shared/schemas/campaigns';
import type { ContentVariant } from '@risala/shared/schemas/ai-content';
import type { Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { extractOffer, productWords } from '../ai/index.ts';
import { builtinVariants, briefText, type ContentRequest } from '../ai-content/index.ts';
import { campaignChannels, channelWindow, engagementCells } from '../ai-insights/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { findBrand } from '../brands/index.ts';
import { type CampaignRow, estimateOf } from '../campaigns/index.ts';
import { type ChannelHistory, channelCheck, orderChannels } from './channels.ts';
import { expectedFor, historyRates } from './expected.ts';
import { type PlanAudience, resolveAudience, type SegmentCounts, segmentAudience, languageSegments } from './segments.ts';
import { chooseSendTime, todayIn } from './timing.ts';

/** An A/B test needs this many recipients in each of A and B to say anything. */
export const MIN_AB_PER_VARIANT = 100;
const AB_SPLITS = [10, 15, 20, 25, 30, 40];
/** The longest window a plan covers. */
const MAX_WINDOW_DAYS = 92;
/** SMS parts a plan's messages may take: a GSM-7 (English) text fits one; Arabic (UCS-2, 70 a part) gets two. */
const PLAN_SMS_PARTS = { en: 1, ar: 2 } as const;

export type PlanInput = AiPlanRequest;

const pct1 = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

async function accountZone(db: DbOrTx, accountId: number) {
  const { rows } = await db.execute<{ timezone: string }>(sql`select timezone from accounts where id = ${accountId}`);
  return rows[0]?.timezone ?? 'UTC';
}

function checkWindow(input: PlanInput, timeZone: string) {
  const today = todayIn(timeZone);
  const field = (f: string, message: string) => new AppError('VALIDATION_ERROR', { errors: [{ field: f, message }] });
  if (input.end_date < today) throw field('end_date', 'validation.scheduledTime');
  const days = (Date.parse(input.end_date) - Date.parse(input.start_date)) / 86_400_000;
  if (days > MAX_WINDOW_DAYS) throw field('end_date', 'validation.max');
}

/**
 * What an A/B test of a plan's copy is judged on: what the copy changes — clicks when there is a
 * link to click, else opens (email) or reads (WhatsApp). Never delivery, which the copy does not
 * change; an SMS without a link has nothing to judge it by, so no test is suggested.
 */
interface AbPlan {
  split_percent: number;
  metric: 'open' | 'click';
  after_hours: number;
  per_variant: number;
}

function abMetric(primary: Channel, hasLink: boolean): 'open' | 'click' | null {
  if (hasLink) return 'click';
  return primary === 'sms' ? null : 'open';
}

function abSuggestion(
  reachable: number,
  primary: Channel | undefined,
  hasLink: boolean,
): { ab: AbPlan | null; reason: { key: string; params: Record<string, string | number> } | null } {
  const split = AB_SPLITS.find((s) => Math.floor((reachable * s) / 100) >= MIN_AB_PER_VARIANT);
  if (!primary || split === undefined) {
    return {
      ab: null,
      reason: {
        key: 'abTooSmall',
        params: { min: Math.ceil((MIN_AB_PER_VARIANT * 100) / (AB_SPLITS.at(-1) as number)), per_variant: MIN_AB_PER_VARIANT },
      },
    };
  }
  const metric = abMetric(primary, hasLink);
  if (!metric) return { ab: null, reason: { key: 'abNoMeasure', params: { channel: primary } } };
  return {
    ab: {
      split_percent: split,
      metric,
      after_hours: primary === 'email' ? 24 : primary === 'whatsapp' ? 6 : 4,
      per_variant: Math.floor((reachable * split) / 100),
    },
    reason: null,
  };
}

interface Context {
  ctx: AppContext;
  accountId: number;
  input: PlanInput;
  audience: PlanAudience;
  timeZone: string;
}

/** The draft content of a segment for its channels (variant A), and variant B for the A/B test. */
function campaignContent(seg: Pick<PlanSegment, 'content'>, channels: Channel[], variant: 0 | 1): CampaignContent {
  const out: CampaignContent = {};
  const sms = seg.content.sms[variant] ?? seg.content.sms[0];
  const email = seg.content.email[variant] ?? seg.content.email[0];
  if (channels.includes('sms') && sms?.sms) out.sms = { text: sms.sms.text };
  if (channels.includes('email') && email?.email) out.email = { subject: email.email.subject, html: email.email.html };
  if (channels.includes('whatsapp') && seg.content.whatsapp)
    out.whatsapp = { whatsapp_template_id: seg.content.whatsapp.template_id, params: [] };
  return out;
}

/** The row the launcher would have for a segment: the same function then estimates it. */
export function segmentRow(
  c: { accountId: number; input: PlanInput; audience: PlanAudience },
  seg: Pick<PlanSegment, 'content' | 'fallback' | 'ab_test'>,
): CampaignRow {
  return {
    account_id: c.accountId,
    channels: seg.fallback,
    audience: { group_ids: c.audience.group_ids, exclude_group_ids: c.audience.exclude_group_ids },
    content: campaignContent(seg, seg.fallback, 0),
    senders: {},
    ab_test: seg.ab_test
      ? {
          split_percent: seg.ab_test.split_percent,
          metric: seg.ab_test.metric,
          after_hours: seg.ab_test.after_hours,
          variant_b: campaignContent(seg, seg.fallback, 1),
        }
      : null,
  } as unknown as CampaignRow;
}

async function estimateSegment(
  c: Context,
  seg: Pick<PlanSegment, 'key' | 'content' | 'fallback' | 'ab_test'>,
): Promise<PlanSegment['estimate'] & { by_channel: Record<Channel, number>; total: number; reachable: number }> {
  const audience = await segmentAudience(c.ctx.db, c.accountId, c.audience, seg.key, seg.fallback, seg.ab_test?.split_percent ?? null);
  const e = await estimateOf(c.ctx.db, c.ctx.config.smsHomeOperator, segmentRow(c, seg), undefined, audience);
  const credits = e.channels.reduce((n, x) => n + x.credits, 0);
  return {
    messages: e.messages,
    credits,
    cost: e.cost,
    channels: e.channels,
    by_channel: {
      sms: e.audience.by_channel.sms ?? 0,
      email: e.audience.by_channel.email ?? 0,
      whatsapp: e.audience.by_channel.whatsapp ?? 0,
    },
    total: e.audience.total,
    reachable: e.audience.reachable,
  };
}

/** What a segment's messages are about: the marketer's words in its language when given, else as written. */
export const topicFor = (input: PlanInput, language: 'en' | 'ar') => input.notes_translations?.[language]?.trim() || input.notes;

/** An APPROVED WhatsApp template in the segment's language that needs no parameters. */
async function whatsappTemplate(db: DbOrTx, accountId: number, language: 'en' | 'ar') {
  const { rows } = await db.execute<{ id: number; name: string; language: string; components: { type: string; text?: string }[] }>(sql`
    select id, name, language, components from whatsapp_templates
     where account_id = ${accountId} and status = 'APPROVED' and (language = ${language} or language like ${`${language}\\_%`})
     order by updated_at desc limit 20`);
  const free = rows.find((r) => !/\{\{\d+\}\}/.test((r.components ?? []).find((x) => x.type === 'BODY')?.text ?? ''));
  return { template: free ? { template_id: free.id, name: free.name, language: free.language } : null, found: rows.length > 0 };
}

async function buildSegment(
  c: Context,
  counts: SegmentCounts,
  base: Omit<ContentRequest, 'channel' | 'language' | 'maxParts' | 'variants'>,
  history: Partial<Record<Channel, ChannelHistory>>,
  cells: Awaited<ReturnType<typeof engagementCells>>,
  rates: Partial<Record<Channel, ReturnType<typeof historyRates>>>,
  notes: PlanReason[],
): Promise<PlanSegment> {
  const { ctx, accountId, input } = c;
  const language = counts.language;
  const topic = topicFor(input, language);
  // the messages are written from the offer in the notes; what the writer could not use is said
  const offer = extractOffer(topic, { brand: base.brand.name, link: base.link });
  const unused = [...offer.unplaced, ...[productWords(offer, language).unused ?? []].flat()];
  if (unused.length)
    notes.push({ key: 'notUsed', params: { segment: counts.key, language, words: unused.join(language === 'ar' ? '، ' : ', ') } });
  const request = (channel: Channel): ContentRequest => ({
    ...base,
    topic,
    channel,
    language,
    maxParts: PLAN_SMS_PARTS[language],
    variants: 3,
  });
  const wa = input.channels.includes('whatsapp') ? await whatsappTemplate(ctx.db, accountId, language) : { template: null, found: false };
  const content: PlanSegment['content'] = {
    sms: input.channels.includes('sms') ? builtinVariants(request('sms')) : [],
    email: input.channels.includes('email') ? builtinVariants(request('email')) : [],
    whatsapp: wa.template,
  };
  const candidates = [];
  for (const channel of input.channels) {
    if (channel === 'whatsapp' && !wa.template) {
      candidates.push({
        channel,
        reachable: counts.reach.whatsapp,
        sender: null,
        reason: { key: wa.found ? 'whatsappTemplateParams' : 'noWhatsappTemplate', params: { language } },
      });
      continue;
    }
    const check = await channelCheck(ctx.db, accountId, channel, campaignContent({ content }, [channel], 0));
    candidates.push({ channel, reachable: counts.reach[channel], ...check });
  }
  const channels = orderChannels(input.objective, candidates, history);
  const fallback = channels.filter((x) => x.position !== null).map((x) => x.channel);
  const sendTime = chooseSendTime(cells, fallback[0] ?? input.channels[0] ?? 'sms', {
    start_date: input.start_date,
    end_date: input.end_date,
    time_zone: c.timeZone,
    deadline: offer.deadline,
  });
  if (sendTime.source === 'default')
    notes.push({ key: 'defaultSendTime', params: { segment: counts.key, channel: fallback[0] ?? 'sms', hour: sendTime.hour } });
  const draft = { key: counts.key, content, fallback, ab_test: null as PlanSegment['ab_test'] };
  const first = await estimateSegment(c, draft);
  const ab = abSuggestion(first.reachable, fallback[0], Boolean(input.link));
  draft.ab_test = ab.ab;
  const estimate = ab.ab ? await estimateSegment(c, draft) : first;
  return {
    key: counts.key,
    language,
    total: estimate.total,
    reachable: estimate.reachable,
    by_channel: estimate.by_channel,
    channels,
    fallback,
    send_time: sendTime,
    content,
    ab_test: ab.ab,
    ab_reason: ab.reason,
    estimate: { messages: estimate.messages, credits: estimate.credits, cost: estimate.cost, channels: estimate.channels },
    expected: expectedFor(Object.fromEntries(estimate.channels.map((x) => [x.channel, x.messages])), rates),
    campaign_id: null,
  };
}

/** Drops fallback channels, the costliest first, until the plan fits its budget (each drop is noted). */
async function fitBudget(
  c: Context,
  segments: PlanSegment[],
  notes: PlanReason[],
  rates: Partial<Record<Channel, ReturnType<typeof historyRates>>>,
) {
  const total = () => segments.reduce((n, s) => n + s.estimate.credits, 0);
  for (let i = 0; i < 6 && total() > c.input.budget_credits; i++) {
    let pick: { seg: PlanSegment; channel: Channel; credits: number } | null = null;
    for (const seg of segments) {
      if (seg.fallback.length < 2) continue;
      const channel = seg.fallback.at(-1) as Channel;
      const credits = seg.estimate.channels.find((x) => x.channel === channel)?.credits ?? 0;
      if (!pick || credits > pick.credits) pick = { seg, channel, credits };
    }
    if (!pick) break;
    const seg = pick.seg;
    const dropped = pick.channel;
    seg.fallback = seg.fallback.filter((x) => x !== dropped);
    seg.channels = seg.channels.map((x) =>
      x.channel === dropped
        ? { ...x, position: null, reason: { key: 'droppedForBudget', params: { channel: dropped } } }
        : { ...x, position: x.position === null ? null : seg.fallback.indexOf(x.channel) + 1 },
    );
    notes.push({ key: 'droppedForBudget', params: { segment: seg.key, channel: dropped } });
    const estimate = await estimateSegment(c, seg);
    seg.total = estimate.total;
    seg.reachable = estimate.reachable;
    seg.by_channel = estimate.by_channel;
    seg.estimate = { messages: estimate.messages, credits: estimate.credits, cost: estimate.cost, channels: estimate.channels };
    seg.expected = expectedFor(Object.fromEntries(estimate.channels.map((x) => [x.channel, x.messages])), rates);
  }
}

export async function buildPlan(
  ctx: AppContext,
  auth: AuthContext,
  input: PlanInput,
  chosenBy: 'user' | 'draft' = 'user',
): Promise<PlanBody> {
  const accountId = auth.accountId;
  const brand = await findBrand(ctx.db, accountId, input.brand_id);
  if (!brand) throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'brand_id', message: 'errors.NOT_FOUND' }] });
  const timeZone = await accountZone(ctx.db, accountId);
  checkWindow(input, timeZone);
  const audience = await resolveAudience(ctx.db, accountId, input, chosenBy);
  const counts = await languageSegments(ctx.db, accountId, audience, input.channels);
  const c: Context = { ctx, accountId, input, audience, timeZone };

  const [windowRows, cells, campaignRows] = [
    await channelWindow(ctx.db, accountId, 90),
    await engagementCells(ctx.db, accountId, timeZone, 90),
    await campaignChannels(ctx.db, accountId, 180),
  ];
  const history: Partial<Record<Channel, ChannelHistory>> = {};
  // a channel without delivery receipts (email over plain SMTP reports none) has no known rate, not 0%
  for (const w of windowRows) history[w.channel] = { delivery_rate: w.delivered > 0 ? pct1(w.delivered, w.sent) : null, sample: w.sent };
  const rates = Object.fromEntries(input.channels.map((ch) => [ch, historyRates(campaignRows, ch)])) as Partial<
    Record<Channel, ReturnType<typeof historyRates>>
  >;

  const base = {
    objective: input.objective,
    topic: input.notes,
    link: input.link ?? null,
    brand: { id: brand.id, name: brand.name, voice_tone: brand.voice_tone },
    brief: input.brief_id ? await briefText(ctx.db, accountId, input.brief_id) : null,
    audience: null,
  };
  const notes: PlanReason[] = [];
  const segments: PlanSegment[] = [];
  for (const seg of counts) segments.push(await buildSegment(c, seg, base, history, cells, rates, notes));
  for (const seg of segments) {
    for (const ch of seg.channels)
      if (ch.reason && ch.reason.key !== 'noReach') notes.push({ ...ch.reason, params: { ...ch.reason.params, segment: seg.key } });
  }
  await fitBudget(c, segments, notes, rates);

  const credits = segments.reduce((n, s) => n + s.estimate.credits, 0);
  const needed = new Map<Channel, { balance: number; needed: number }>();
  for (const s of segments) {
    for (const e of s.estimate.channels) {
      const prev = needed.get(e.channel) ?? { balance: e.balance, needed: 0 };
      needed.set(e.channel, { balance: e.balance, needed: prev.needed + e.credits });
    }
  }
  const balances = [...needed].map(([channel, v]) => ({ channel, balance: v.balance, needed: v.needed, enough: v.balance >= v.needed }));
  for (const b of balances)
    if (!b.enough) notes.push({ key: 'notEnoughCredits', params: { channel: b.channel, balance: b.balance, needed: b.needed } });
  if (credits > input.budget_credits)
    notes.push({ key: 'overBudget', params: { over: credits - input.budget_credits, budget: input.budget_credits } });
  if (Object.values(rates).every((r) => !r)) notes.push({ key: 'noHistory', params: {} });
  const reachable = segments.reduce((n, s) => n + s.reachable, 0);

  return {
    objective: input.objective,
    brand: { id: brand.id, name: brand.name, voice_tone: brand.voice_tone },
    window: { start_date: input.start_date, end_date: input.end_date, time_zone: timeZone },
    audience: {
      groups: audience.groups,
      exclude_groups: audience.exclude_groups,
      chosen_by: audience.chosen_by,
      total: segments.reduce((n, s) => n + s.total, 0),
      reachable,
    },
    segments,
    totals: {
      reachable,
      messages: segments.reduce((n, s) => n + s.estimate.messages, 0),
      credits,
      cost: segments.reduce((n, s) => n + Number(s.estimate.cost), 0).toFixed(5),
      budget: input.budget_credits,
      within_budget: credits <= input.budget_credits,
      over_by: Math.max(0, credits - input.budget_credits),
      balances,
    },
    notes,
    computed_at: new Date().toISOString(),
  };
}

/** The variants of a segment replaced (personalisation), the estimate recomputed for the new texts. */
export async function replaceVariants(
  ctx: AppContext,
  auth: AuthContext,
  input: PlanInput,
  plan: PlanBody,
  key: PlanSegment['key'],
  variants: { sms?: ContentVariant[]; email?: ContentVariant[] },
) {
  const audience: PlanAudience = {
    group_ids: plan.audience.groups.map((g) => g.id),
    exclude_group_ids: plan.audience.exclude_groups.map((g) => g.id),
    groups: plan.audience.groups,
    exclude_groups: plan.audience.exclude_groups,
    chosen_by: plan.audience.chosen_by,
  };
  const c: Context = { ctx, accountId: auth.accountId, input, audience, timeZone: plan.window.time_zone };
  const seg = plan.segments.find((s) => s.key === key);
  if (!seg) return;
  if (variants.sms?.length) seg.content.sms = variants.sms;
  if (variants.email?.length) seg.content.email = variants.email;
  const estimate = await estimateSegment(c, seg);
  seg.estimate = { messages: estimate.messages, credits: estimate.credits, cost: estimate.cost, channels: estimate.channels };
  plan.totals.credits = plan.segments.reduce((n, s) => n + s.estimate.credits, 0);
  plan.totals.messages = plan.segments.reduce((n, s) => n + s.estimate.messages, 0);
  plan.totals.cost = plan.segments.reduce((n, s) => n + Number(s.estimate.cost), 0).toFixed(5);
  plan.totals.within_budget = plan.totals.credits <= plan.totals.budget;
  plan.totals.over_by = Math.max(0, plan.totals.credits - plan.totals.budget);
}
