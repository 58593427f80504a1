/**
 * GET /api/campaigns/{id}/report: a campaign's results, read from the analytics rollups (exact at
 * any moment: rollup plus the changes not folded yet), so it can be read again on every live event.
 */
import { z } from 'zod';
import { envelopeOf } from './common.ts';
import { failureReasonSchema } from './dashboard.ts';
import { CHANNELS } from './messages.ts';

export const REPORT_BUCKETS = ['minute', 'hour', 'day'] as const;
export const AB_VARIANTS = ['A', 'B', 'REST'] as const;

/** The funnel of one channel (or 'all') and one variant (null: every variant together). */
export const reportFunnelSchema = z.object({
  channel: z.enum([...CHANNELS, 'all']),
  variant: z.enum(AB_VARIANTS).nullable(),
  /** messages created for the campaign */
  messages: z.number(),
  /** still waiting to go out (pending, scheduled, queued) */
  pending: z.number(),
  sent: z.number(),
  delivered: z.number(),
  opened: z.number(),
  clicked: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  unsubscribed: z.number(),
});
export type ReportFunnel = z.infer<typeof reportFunnelSchema>;

export const reportPointSchema = z.object({
  /** the bucket's start (ISO instant; hour and day buckets are cut in the account's time zone) */
  at: z.string(),
  sent: z.number(),
  delivered: z.number(),
  opened: z.number(),
  clicked: z.number(),
  failed: z.number(),
});
export type ReportPoint = z.infer<typeof reportPointSchema>;

/** One message as a recipient got it (tracking links shown as their targets, no open pixel). */
export const reportSampleSchema = z.object({
  channel: z.enum(CHANNELS),
  variant: z.enum(AB_VARIANTS).nullable(),
  recipient_name: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
});

export const abVariantResultSchema = z.object({
  variant: z.enum(['A', 'B']),
  messages: z.number(),
  /** messages that did what the metric counts (delivered, opened or clicked) */
  hits: z.number(),
  rate: z.number(),
});

/**
 * An A/B test's comparison on its metric: a two-sided two-proportion z-test. `confidence` is
 * 1 − p; `significant` when p < 0.05; `enough_data` when each variant has at least 30 messages and
 * 5 hits and 5 misses (below that the normal approximation does not hold and nothing is claimed).
 */
export const abResultSchema = z.object({
  metric: z.enum(['delivery', 'open', 'click']),
  variants: z.array(abVariantResultSchema),
  /** the better rate so far (null when equal) */
  leader: z.enum(['A', 'B']).nullable(),
  /** the variant the campaign picked for the rest of the audience, once decided */
  winner: z.enum(['A', 'B']).nullable(),
  decided_at: z.string().nullable(),
  /** when the winner is picked (launch + after_hours) */
  decides_at: z.string().nullable(),
  p_value: z.number().nullable(),
  confidence: z.number().nullable(),
  significant: z.boolean(),
  enough_data: z.boolean(),
});
export type AbResult = z.infer<typeof abResultSchema>;

export const campaignReportSchema = z.object({
  campaign: z.object({
    id: z.number(),
    name: z.string(),
    status: z.string(),
    channels: z.array(z.enum(CHANNELS)),
    launched_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    schedule_at: z.string().nullable(),
  }),
  timezone: z.string(),
  targeted: z.number(),
  /** per channel (variant null), per channel and variant (A/B tests), and the total (channel 'all') */
  funnel: z.array(reportFunnelSchema),
  bucket: z.enum(REPORT_BUCKETS),
  timeline: z.array(reportPointSchema),
  cost: z.string(),
  credits: z.number(),
  estimated_cost: z.string(),
  failures: z.array(failureReasonSchema),
  links: z.array(z.object({ url: z.string(), clicks: z.number(), unique_clicks: z.number() })),
  samples: z.array(reportSampleSchema),
  ab: abResultSchema.nullable(),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;
export const campaignReportEnvelopeSchema = envelopeOf(campaignReportSchema);
