/**
 * AI plans: make one (from an objective, a brand, a budget and a window, or for a campaign draft),
 * read, list, count, edit (recomputed, back to DRAFT), delete; write its text with the account's
 * engine (whole or streamed, saved when finished) and rewrite its segments' messages
 * (/personalize-ai-plans). Approval and Apply live in lifecycle.ts and apply.ts.
 */
import { formatCalendarDay } from '@risala/shared/time';
import {
  AI_PLAN_EDITABLE,
  type AiPlan,
  type AiPlanRequest,
  type AiPlanState,
  type AiPlanUpdate,
  aiPlanRequestSchema,
  type campaignPlanRequestSchema,
  type PlanBody,
  type PlanSegment,
  type personalizeRequestSchema,
} from '@risala/shared/schemas/ai-plans';
import { redactContacts } from '@risala/shared/grounding';
import { translate } from '@risala/shared/i18n/index.ts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type Lang, prepareWriter, type WriteEvent, write } from '../ai/index.ts';
import { briefText, type ContentRequest, writeVariants } from '../ai-content/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { requireCampaign } from '../campaigns/index.ts';
import { notify } from '../notifications/index.ts';
import { buildPlan, replaceVariants, topicFor } from './builder.ts';
import { builtinNarrative, NARRATIVE_INSTRUCTIONS, planFacts } from './narrative.ts';
import * as repo from './plans.repo.ts';

export async function requirePlan(ctx: AppContext, accountId: number, id: number, lock = false, db: DbOrTx = ctx.db) {
  const row = await repo.findPlan(db, accountId, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export function stateError(status: string) {
  return new AppError('AI_PLAN_STATE_INVALID', { params: { status: { key: `aiPlans.status.${status}` } }, data: { status } });
}

/** "Sales · Acme · Dec 8, 2026": its start day written as the reader writes a date (not "2026-12-08"). */
const defaultName = (lang: Lang, input: AiPlanRequest, brand: string) =>
  `${translate(lang, `aiPlans.objectives.${input.objective}`)} · ${brand} · ${formatCalendarDay(input.start_date, lang)}`;

/** POST /api/campaigns/ai/plan (and /api/ai-plans): a DRAFT plan, computed now, its text from the built-in templates. */
export async function createPlan(
  ctx: AppContext,
  auth: AuthContext,
  input: AiPlanRequest,
  opts: { campaignId?: number; chosenBy?: 'user' | 'draft' } = {},
): Promise<AiPlan> {
  const plan = await buildPlan(ctx, auth, input, opts.chosenBy ?? 'user');
  const lang = auth.language === 'ar' ? 'ar' : 'en';
  const name = input.name?.trim() || defaultName(lang, input, plan.brand.name);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertPlan(tx, {
      account_id: auth.accountId,
      brand_id: input.brand_id,
      campaign_id: opts.campaignId ?? null,
      name,
      objective: input.objective,
      status: 'DRAFT',
      input,
      plan,
      narrative: builtinNarrative(lang, name, plan),
      narrative_language: lang,
      engine: 'builtin',
      created_by: auth.userId,
    });
    await notify(tx, { accountId: auth.accountId, userId: auth.userId }, 'ai_plan_status', 'aiPlanReady', { name });
    return created;
  });
  return repo.toDto(ctx.db, row);
}

/** POST /api/campaigns/{id}/ai-planning: a plan for a campaign draft — its brand, audience and channels unless given. */
export async function planForDraft(
  ctx: AppContext,
  auth: AuthContext,
  campaignId: number,
  body: z.infer<typeof campaignPlanRequestSchema>,
): Promise<AiPlan> {
  const c = await requireCampaign(ctx.db, auth.accountId, campaignId);
  if (c.status !== 'DRAFT') throw new AppError('CAMPAIGN_STATE_INVALID', { data: { status: c.status } });
  const audience = (c.audience ?? {}) as { group_ids?: number[]; exclude_group_ids?: number[] };
  const fromDraft = body.group_ids.length === 0 && (audience.group_ids?.length ?? 0) > 0;
  const input = aiPlanRequestSchema.parse({
    ...body,
    brand_id: body.brand_id ?? c.brand_id ?? undefined,
    group_ids: fromDraft ? audience.group_ids : body.group_ids,
    exclude_group_ids: fromDraft ? (audience.exclude_group_ids ?? []) : body.exclude_group_ids,
    channels: body.channels?.length ? body.channels : c.channels.length ? c.channels : undefined,
    name: body.name ?? c.name,
  });
  return createPlan(ctx, auth, input, { campaignId, chosenBy: fromDraft ? 'draft' : 'user' });
}

export async function getPlan(ctx: AppContext, auth: AuthContext, id: number): Promise<AiPlan> {
  return repo.toDto(ctx.db, await requirePlan(ctx, auth.accountId, id));
}

export const listPlans = (ctx: AppContext, auth: AuthContext, q: Parameters<typeof repo.listPlans>[2]) =>
  repo.listPlans(ctx.db, auth.accountId, q);
export const planStats = (ctx: AppContext, auth: AuthContext) => repo.planStats(ctx.db, auth.accountId);

/** PUT /api/ai-plans/{id}: a new name, or new inputs — recomputed now and back to DRAFT. Only while DRAFT or REJECTED. */
export async function updatePlan(ctx: AppContext, auth: AuthContext, id: number, patch: AiPlanUpdate): Promise<AiPlan> {
  const row = await requirePlan(ctx, auth.accountId, id);
  if (!AI_PLAN_EDITABLE.includes(row.status as AiPlanState)) throw stateError(row.status);
  const { name, ...inputs } = patch;
  const lang = auth.language === 'ar' ? 'ar' : 'en';
  const newName = name?.trim() || row.name;
  const changed = Object.values(inputs).some((v) => v !== undefined);
  let values: repo.PlanValues = { name: newName };
  if (changed) {
    const input = aiPlanRequestSchema.parse({
      ...(row.input as object),
      ...Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== undefined)),
    });
    const plan = await buildPlan(ctx, auth, input, row.campaign_id ? 'draft' : 'user');
    values = {
      ...values,
      input,
      plan,
      brand_id: input.brand_id,
      objective: input.objective,
      narrative: builtinNarrative(lang, newName, plan),
      narrative_language: lang,
      engine: 'builtin',
      model: null,
      status: 'DRAFT',
      rejection_reason: null,
      decided_by: null,
      decided_at: null,
    };
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const locked = await requirePlan(ctx, auth.accountId, id, true, tx);
    if (!AI_PLAN_EDITABLE.includes(locked.status as AiPlanState)) throw stateError(locked.status);
    return repo.updatePlan(tx, auth.accountId, id, values);
  });
  return repo.toDto(ctx.db, updated);
}

export async function deletePlan(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await requirePlan(ctx, auth.accountId, id);
  if (row.status === 'PENDING_APPROVAL') throw stateError(row.status);
  await repo.deletePlan(ctx.db, auth.accountId, id);
  return { id };
}

export interface NarrativeResult {
  id: number;
  narrative: string;
  language: Lang;
  engine: AiPlan['engine'];
  model: string | null;
  fallback: boolean;
}

/**
 * The plan's text written by the account's engine from its facts (streamed through `emit` when
 * given) and saved when it finishes; a cancelled writing saves nothing.
 */
export async function prepareNarrative(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await requirePlan(ctx, auth.accountId, id);
  return { row, writer: await prepareWriter(ctx, auth.accountId) };
}

export async function writeNarrative(
  ctx: AppContext,
  auth: AuthContext,
  prepared: Awaited<ReturnType<typeof prepareNarrative>>,
  lang: Lang,
  emit?: (e: WriteEvent) => void,
  signal?: AbortSignal,
): Promise<NarrativeResult | null> {
  const { row, writer } = prepared;
  const id = row.id;
  const plan = row.plan as PlanBody;
  const link = (row.input as AiPlanRequest).link;
  const written = await write(ctx, auth.accountId, writer, {
    feature: 'plan',
    task: 'plan',
    language: lang,
    facts: planFacts(row.name, plan, {
      notes: redactContacts((row.input as AiPlanRequest).notes),
      notes_translations: (row.input as AiPlanRequest).notes_translations ?? null,
    }),
    draft: builtinNarrative(lang, row.name, plan),
    instructions: NARRATIVE_INSTRUCTIONS,
    links: link ? [link] : [],
    emit,
    signal,
  });
  if (written.cancelled) return null;
  await repo.updatePlan(ctx.db, auth.accountId, id, {
    narrative: written.text,
    narrative_language: lang,
    engine: written.engine,
    model: written.model,
  });
  return { id, narrative: written.text, language: lang, engine: written.engine, model: written.model, fallback: written.fallback };
}

/** The stored text, in the language it was written in. */
export async function storedNarrative(ctx: AppContext, auth: AuthContext, id: number): Promise<NarrativeResult> {
  const row = await requirePlan(ctx, auth.accountId, id);
  return {
    id,
    narrative: row.narrative,
    language: row.narrative_language as Lang,
    engine: row.engine as AiPlan['engine'],
    model: row.model,
    fallback: false,
  };
}

/** POST /api/campaigns/personalize-ai-plans: each segment's messages written again by the account's engine, in its language. */
export async function personalizePlan(ctx: AppContext, auth: AuthContext, body: z.infer<typeof personalizeRequestSchema>): Promise<AiPlan> {
  const row = await requirePlan(ctx, auth.accountId, body.plan_id);
  if (!AI_PLAN_EDITABLE.includes(row.status as AiPlanState)) throw stateError(row.status);
  const input = row.input as AiPlanRequest;
  const plan = structuredClone(row.plan as PlanBody);
  const writer = await prepareWriter(ctx, auth.accountId);
  const brief = input.brief_id ? await briefText(ctx.db, auth.accountId, input.brief_id) : null;
  const wanted = new Set<PlanSegment['key']>(body.segments ?? plan.segments.map((s) => s.key));
  for (const seg of plan.segments.filter((s) => wanted.has(s.key))) {
    const request = (channel: 'sms' | 'email'): ContentRequest => ({
      channel,
      language: seg.language,
      objective: input.objective,
      topic: topicFor(input, seg.language),
      link: input.link ?? null,
      brand: { id: plan.brand.id, name: plan.brand.name, voice_tone: plan.brand.voice_tone },
      brief,
      audience: { segment: seg.key, customers: seg.total, reachable: seg.reachable },
      variants: body.variants,
      maxParts: seg.language === 'ar' ? 2 : 1,
    });
    const sms = seg.content.sms.length ? (await writeVariants(ctx, auth.accountId, writer, request('sms'))).variants : undefined;
    const email = seg.content.email.length ? (await writeVariants(ctx, auth.accountId, writer, request('email'))).variants : undefined;
    await replaceVariants(ctx, auth, input, plan, seg.key, { sms, email });
  }
  const lang = auth.language === 'ar' ? 'ar' : 'en';
  const updated = await ctx.db.transaction(async (tx) => {
    const locked = await requirePlan(ctx, auth.accountId, row.id, true, tx);
    if (!AI_PLAN_EDITABLE.includes(locked.status as AiPlanState)) throw stateError(locked.status);
    return repo.updatePlan(tx, auth.accountId, row.id, {
      plan,
      narrative: builtinNarrative(lang, row.name, plan),
      narrative_language: lang,
      engine: 'builtin',
      model: null,
    });
  });
  return repo.toDto(ctx.db, updated);
}
