/**
 * AI campaign plans (spec §3 "AI plans", §7 `/api/campaigns/ai/plan`, `/{id}/ai-planning`,
 * `/personalize-ai-plans`, `/api/ai-plans/*`, `marketing-plan/{id}`): the request, the computed plan
 * (segments with live counts, channels and fallback order, send times, variants, A/B, cost, expected
 * ranges), the lifecycle and the lists. Every figure in a plan is computed by the product from the
 * account's data; the text around them is phrased by the built-in engine or a model.
 */
import { z } from 'zod';
import { optionalString, pageQuerySchema } from './common.ts';
import { CONTENT_LANGUAGES, contentVariantSchema, PLAN_OBJECTIVES } from './ai-content.ts';
import { channelEstimateSchema } from './campaigns.ts';
import { CHANNELS } from './messages.ts';

export { PLAN_OBJECTIVES, type PlanObjective } from './ai-content.ts';

export const AI_PLAN_STATES = ['DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'APPLIED'] as const;
export type AiPlanState = (typeof AI_PLAN_STATES)[number];

/** DRAFT → PENDING_APPROVAL → APPROVED | REJECTED; APPROVED → APPLIED; a rejected plan is edited (DRAFT) or resubmitted. */
export const AI_PLAN_TRANSITIONS: Record<AiPlanState, readonly AiPlanState[]> = {
  DRAFT: ['PENDING_APPROVAL'],
  PENDING_APPROVAL: ['APPROVED', 'REJECTED'],
  REJECTED: ['DRAFT', 'PENDING_APPROVAL'],
  APPROVED: ['APPLIED'],
  APPLIED: [],
};
/** States in which the plan's inputs may change (it is recomputed and goes back to DRAFT). */
export const AI_PLAN_EDITABLE: readonly AiPlanState[] = ['DRAFT', 'REJECTED'];

const id = z.number().int().positive();
const envelope = <T extends z.ZodType>(data: T) => z.object({ statusCode: z.number(), message: z.string(), data });
const isoDate = z.iso.date({ error: 'validation.date' });

const channelsSchema = z
  .array(z.enum(CHANNELS))
  .min(1, { error: 'validation.required' })
  .max(3)
  .refine((v) => new Set(v).size === v.length, { error: 'validation.gateway.duplicate' });

const planInputShape = {
  name: optionalString(150),
  objective: z.enum(PLAN_OBJECTIVES, { error: 'validation.invalid' }),
  brand_id: id,
  /** the most credits the plan may spend, all channels together */
  budget_credits: z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.min' })
    .max(100_000_000, { error: 'validation.max' }),
  /** the window to send in, as days of the account's time zone */
  start_date: isoDate,
  end_date: isoDate,
  /** the audience: these groups/segments (empty: the plan picks the one with the most reachable customers) */
  group_ids: z.array(id).max(20).default([]),
  exclude_group_ids: z.array(id).max(20).default([]),
  /** channels the plan may use; it orders them */
  channels: channelsSchema.default(['sms', 'email', 'whatsapp']),
  /** the message in the marketer's words: the offer, the news */
  notes: z.string().trim().min(1, { error: 'validation.required' }).max(500, { error: 'validation.tooLong' }),
  /** the same message in the segments' languages, when the marketer gives it (else `notes` is used as written) */
  notes_translations: z.object({ en: optionalString(500), ar: optionalString(500) }).nullish(),
  link: z.url({ error: 'validation.url' }).max(500, { error: 'validation.tooLong' }).nullish(),
  brief_id: id.nullish(),
};

const windowCheck = (v: { start_date: string; end_date: string }) => v.end_date >= v.start_date;

export const aiPlanRequestSchema = z.object(planInputShape).refine(windowCheck, { error: 'validation.dateRange', path: ['end_date'] });
export type AiPlanRequest = z.infer<typeof aiPlanRequestSchema>;

/** POST /api/campaigns/{id}/ai-planning: a plan for an existing draft (its brand, audience and channels unless given). */
export const campaignPlanRequestSchema = z
  .object({ ...planInputShape, brand_id: id.optional(), channels: channelsSchema.optional() })
  .refine(windowCheck, { error: 'validation.dateRange', path: ['end_date'] });

/** PUT /api/ai-plans/{id}: new inputs (recomputed) or only a new name. */
export const aiPlanUpdateSchema = z.object({ ...planInputShape }).partial();
export type AiPlanUpdate = z.infer<typeof aiPlanUpdateSchema>;

export const aiPlanRejectSchema = z.object({
  reason: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(500, { error: 'validation.tooLong' }),
});

/** POST /api/campaigns/personalize-ai-plans: message variants per segment, written again (by the account's engine). */
export const personalizeRequestSchema = z.object({
  plan_id: id,
  /** segments to rewrite (default: all) */
  segments: z
    .array(z.enum(['ar', 'en', 'all']))
    .max(3)
    .optional(),
  variants: z.number().int().min(2).max(5).default(3),
});

export const aiPlanListQuerySchema = pageQuerySchema.extend({
  status: z.enum(AI_PLAN_STATES).optional(),
  campaign_id: z.coerce.number().int().positive().optional(),
});

// ── the computed plan ────────────────────────────────────────────────────────

const channelCounts = z.object({ sms: z.number(), email: z.number(), whatsapp: z.number() });

/** Why a channel is left out or a default is used: a catalogue key and its parameters, read in the reader's language. */
export const planReasonSchema = z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).default({}) });
export type PlanReason = z.infer<typeof planReasonSchema>;

export const planChannelSchema = z.object({
  channel: z.enum(CHANNELS),
  /** 1-based place in the fallback order; null: not used */
  position: z.number().nullable(),
  /** customers of the segment this channel alone can reach */
  reachable: z.number(),
  /** the account's delivery rate on it (last 90 days), in percent; null without history */
  delivery_rate: z.number().nullable(),
  /** messages that rate rests on */
  sample: z.number(),
  sender: z.string().nullable(),
  reason: planReasonSchema.nullable(),
});

export const rangeSchema = z.object({ low: z.number(), high: z.number() }).nullable();

export const planSegmentSchema = z.object({
  key: z.enum(['ar', 'en', 'all']),
  language: z.enum(CONTENT_LANGUAGES),
  /** customers in the segment (after exclusions), and those who can receive on one of its channels */
  total: z.number(),
  reachable: z.number(),
  /** messages per channel after the fallback order (the launcher's count) */
  by_channel: channelCounts,
  channels: z.array(planChannelSchema),
  fallback: z.array(z.enum(CHANNELS)),
  send_time: z.object({
    at: z.string(),
    /** the wall time in the account's zone (YYYY-MM-DD HH:mm) */
    local: z.string(),
    dow: z.number(),
    hour: z.number(),
    source: z.enum(['history', 'default']),
    /** the engagement (or delivery) rate of that slot, and the messages it rests on */
    rate: z.number().nullable(),
    sample: z.number(),
    metric: z.enum(['engagement', 'delivery']).nullable(),
  }),
  content: z.object({
    sms: z.array(contentVariantSchema),
    email: z.array(contentVariantSchema),
    whatsapp: z.object({ template_id: z.number(), name: z.string(), language: z.string() }).nullable(),
  }),
  ab_test: z
    .object({ split_percent: z.number(), metric: z.enum(['delivery', 'open', 'click']), after_hours: z.number(), per_variant: z.number() })
    .nullable(),
  ab_reason: planReasonSchema.nullable(),
  /** the launcher's estimate for these settings (same function, same numbers) */
  estimate: z.object({
    messages: z.number(),
    credits: z.number(),
    cost: z.string(),
    channels: z.array(channelEstimateSchema),
  }),
  /** expected results from the account's own history (null: no history on that channel yet) */
  expected: z.object({
    delivered: rangeSchema,
    opened: rangeSchema,
    clicked: rangeSchema,
    basis: z.enum(['campaigns', 'pooled', 'none']),
    campaigns: z.number(),
    messages: z.number(),
  }),
  /** the launcher draft it became (after Apply) */
  campaign_id: z.number().nullable(),
});
export type PlanSegment = z.infer<typeof planSegmentSchema>;

export const planBodySchema = z.object({
  objective: z.enum(PLAN_OBJECTIVES),
  brand: z.object({ id: z.number(), name: z.string(), voice_tone: z.string().nullable() }),
  window: z.object({ start_date: z.string(), end_date: z.string(), time_zone: z.string() }),
  audience: z.object({
    groups: z.array(z.object({ id: z.number(), name: z.string(), type: z.string() })),
    exclude_groups: z.array(z.object({ id: z.number(), name: z.string(), type: z.string() })),
    chosen_by: z.enum(['user', 'largest', 'draft']),
    total: z.number(),
    reachable: z.number(),
  }),
  segments: z.array(planSegmentSchema),
  totals: z.object({
    reachable: z.number(),
    messages: z.number(),
    credits: z.number(),
    cost: z.string(),
    budget: z.number(),
    within_budget: z.boolean(),
    over_by: z.number(),
    balances: z.array(z.object({ channel: z.enum(CHANNELS), balance: z.number(), needed: z.number(), enough: z.boolean() })),
  }),
  /** the plan's own remarks (defaults used, channels dropped for the budget, …) */
  notes: z.array(planReasonSchema),
  computed_at: z.string(),
});
export type PlanBody = z.infer<typeof planBodySchema>;

export const aiPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(AI_PLAN_STATES),
  objective: z.enum(PLAN_OBJECTIVES),
  brand_id: z.number().nullable(),
  campaign_id: z.number().nullable(),
  input: z.record(z.string(), z.unknown()),
  plan: planBodySchema,
  /** the plan in words (Markdown), its language and who phrased it */
  narrative: z.string(),
  narrative_language: z.enum(CONTENT_LANGUAGES),
  engine: z.enum(['builtin', 'openai-compatible']),
  model: z.string().nullable(),
  created_by: z.number().nullable(),
  created_by_name: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  applied_campaign_ids: z.array(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AiPlan = z.infer<typeof aiPlanSchema>;
export const aiPlanEnvelopeSchema = envelope(aiPlanSchema);

export const aiPlanSummarySchema = aiPlanSchema.omit({ plan: true, narrative: true, input: true }).extend({
  reachable: z.number(),
  credits: z.number(),
  segments: z.number(),
  start_date: z.string(),
  end_date: z.string(),
});
export type AiPlanSummary = z.infer<typeof aiPlanSummarySchema>;
export const aiPlanListEnvelopeSchema = envelope(
  z.object({ items: z.array(aiPlanSummarySchema), page: z.number(), limit: z.number(), total: z.number() }),
);

export const aiPlanStatsSchema = z.object({
  total: z.number(),
  by_status: z.record(z.enum(AI_PLAN_STATES), z.number()),
  by_objective: z.record(z.enum(PLAN_OBJECTIVES), z.number()),
  applied_campaigns: z.number(),
  last_30_days: z.number(),
});
export const aiPlanStatsEnvelopeSchema = envelope(aiPlanStatsSchema);

export const planBodyEnvelopeSchema = envelope(z.object({ id: z.number(), status: z.enum(AI_PLAN_STATES), plan: planBodySchema }));

export const applyResultSchema = z.object({
  plan: aiPlanSchema,
  drafts: z.array(z.object({ campaign_id: z.number(), name: z.string(), segment: z.enum(['ar', 'en', 'all']), url: z.string() })),
});
export const applyEnvelopeSchema = envelope(applyResultSchema);

export const marketingPlanSchema = z.object({
  id: z.number(),
  narrative: z.string(),
  language: z.enum(CONTENT_LANGUAGES),
  engine: z.enum(['builtin', 'openai-compatible']),
  model: z.string().nullable(),
  /** the model's text failed the numbers check and the built-in phrasing was kept */
  fallback: z.boolean(),
});
export type MarketingPlan = z.infer<typeof marketingPlanSchema>;
export const marketingPlanEnvelopeSchema = envelope(marketingPlanSchema);

export const deletedPlanEnvelopeSchema = envelope(z.object({ id: z.number() }));
