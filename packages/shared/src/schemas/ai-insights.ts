/**
 * AI Analytics (spec §2 /analytics, §7 `analytics`, `analytics-stream`, analytics dashboard,
 * `performance`, `insights`): insights computed from the account's data, each with its figures, a
 * short explanation in the reader's language, its confidence (sample size) and one action that
 * opens the right screen pre-filled; a campaign compared with the account's baseline; the charts.
 */
import { z } from 'zod';
import { CHANNELS } from './messages.ts';

export const INSIGHT_KINDS = [
  'delivery_drop',
  'unsubscribe_spike',
  'failure_growth',
  'channel_vs_baseline',
  'segment_vs_baseline',
  'best_send_time',
  'fatigue',
  'credits_forecast',
  'reachability',
] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

export const INSIGHT_SEVERITIES = ['critical', 'warning', 'opportunity', 'info'] as const;

const envelope = <T extends z.ZodType>(data: T) => z.object({ statusCode: z.number(), message: z.string(), data });
const engine = z.enum(['builtin', 'openai-compatible']);

/** Where an insight's one action goes: a screen (pre-filled through its URL), or a call that prepares something first (a group) and then opens it. */
export const insightActionSchema = z.object({
  kind: z.enum(['open', 'create_group']),
  label: z.string(),
  url: z.string(),
  /** create_group: POST this path, then open the URL it answers with */
  endpoint: z.string().nullable(),
});

export const insightSchema = z.object({
  /** stable while the situation lasts (kind + subject) */
  id: z.string(),
  kind: z.enum(INSIGHT_KINDS),
  severity: z.enum(INSIGHT_SEVERITIES),
  channel: z.enum(CHANNELS).nullable(),
  title: z.string(),
  explanation: z.string(),
  /** the figures the insight rests on, as computed */
  figures: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  confidence: z.object({ level: z.enum(['high', 'medium', 'low']), sample: z.number() }),
  action: insightActionSchema,
});
export type Insight = z.infer<typeof insightSchema>;

export const analyticsQuerySchema = z.object({
  days: z.coerce.number().int().min(7).max(90).default(30),
  lang: z.enum(['en', 'ar']).optional(),
});

export const insightsResultSchema = z.object({
  insights: z.array(insightSchema),
  days: z.number(),
  generated_at: z.string(),
  /** where the figures were read: the dashboard's rollups, or messages (windowed) until they exist */
  source: z.enum(['rollups', 'messages']),
});
export const insightsEnvelopeSchema = envelope(insightsResultSchema);

export const analyticsResultSchema = insightsResultSchema.extend({
  summary: z.string(),
  language: z.enum(['en', 'ar']),
  engine,
  model: z.string().nullable(),
  fallback: z.boolean(),
});
export type AnalyticsResult = z.infer<typeof analyticsResultSchema>;
export const analyticsEnvelopeSchema = envelope(analyticsResultSchema);

const rates = z.object({
  sent: z.number(),
  delivered: z.number(),
  opened: z.number(),
  clicked: z.number(),
  delivery_rate: z.number().nullable(),
  open_rate: z.number().nullable(),
  click_rate: z.number().nullable(),
});

export const analyticsDashboardSchema = z.object({
  days: z.number(),
  insights: z.array(insightSchema),
  /** each channel now against its own baseline (the 90 days before) */
  channels: z.array(z.object({ channel: z.enum(CHANNELS), current: rates, baseline: rates })),
  /** the engagement heatmap per channel and its best slot */
  best_times: z.array(
    z.object({
      channel: z.enum(CHANNELS),
      cells: z.array(z.object({ dow: z.number(), hour: z.number(), sent: z.number(), engaged: z.number(), delivered: z.number() })),
      best: z.object({ dow: z.number(), hour: z.number(), rate: z.number().nullable(), sample: z.number() }).nullable(),
    }),
  ),
  /** per channel: credits are bought and spent per channel, so one channel can run out while another sits full */
  credits: z.array(
    z.object({
      channel: z.enum(CHANNELS),
      balance: z.number(),
      burn_per_day: z.number(),
      days_left: z.number().nullable(),
      /** the balance day by day at the current pace, from today */
      projection: z.array(z.object({ day: z.string(), balance: z.number() })),
    }),
  ),
  failures: z.array(z.object({ code: z.string(), reason: z.string(), recent: z.number(), before: z.number() })),
  source: z.enum(['rollups', 'messages']),
  generated_at: z.string(),
});
export type AnalyticsDashboard = z.infer<typeof analyticsDashboardSchema>;
export const analyticsDashboardEnvelopeSchema = envelope(analyticsDashboardSchema);

export const performanceQuerySchema = z.object({
  /** one campaign against the others; without it, every campaign of the window against the others */
  campaign_id: z.coerce.number({ error: 'validation.id' }).int().positive({ error: 'validation.id' }).optional(),
  lang: z.enum(['en', 'ar']).optional(),
});

const performanceCampaign = z.object({ id: z.number(), name: z.string(), status: z.string(), launched_at: z.string().nullable() });
const performanceChannel = z.object({
  channel: z.enum(CHANNELS),
  campaign: rates,
  baseline: rates,
  /** percentage points against the baseline; null when either side has nothing to divide by */
  delta: z.object({ delivery_rate: z.number().nullable(), open_rate: z.number().nullable(), click_rate: z.number().nullable() }),
  /** the difference in delivery rate is larger than chance at this sample size */
  significant: z.boolean(),
});

export const performanceSchema = z.object({
  /** the campaign asked for; null when the answer is for all campaigns */
  campaign: performanceCampaign.nullable(),
  /** the campaign per channel against the account's other campaigns (empty for all campaigns) */
  channels: z.array(performanceChannel),
  /** without campaign_id: every campaign launched in the window (most recent first), each against the others */
  campaigns: z.array(z.object({ campaign: performanceCampaign, channels: z.array(performanceChannel) })),
  summary: z.string(),
  language: z.enum(['en', 'ar']),
  engine,
  model: z.string().nullable(),
  fallback: z.boolean(),
});
export type Performance = z.infer<typeof performanceSchema>;
export const performanceEnvelopeSchema = envelope(performanceSchema);

export const createdGroupEnvelopeSchema = envelope(
  z.object({ group_id: z.number(), name: z.string(), members: z.number(), url: z.string() }),
);

/** The streamed events of marketing-plan-stream and analytics-stream. */
export type GenerationStreamEvent =
  | { event: 'start'; data: { engine: string; model: string | null } }
  | { event: 'delta'; data: { text: string } }
  /** a model's text failed the numbers check: the built-in text replaces what was shown */
  | { event: 'replace'; data: { text: string; reason: string } }
  | { event: 'done'; data: unknown }
  | { event: 'error'; data: { statusCode: number; code: string; message: string } };
