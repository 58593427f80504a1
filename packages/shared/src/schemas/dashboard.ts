import { z } from 'zod';
import { CHANNELS, RANGE_PRESETS, type RangePreset, SETUP_STEPS, type SetupStep } from '../constants.ts';

/**
 * GET /api/dashboard/getting-started: which first steps the account has taken, for the checklist
 * a new account sees on its landing page (the insights themselves come with the dashboard work).
 */
export { SETUP_STEPS, type SetupStep };

export const gettingStartedSchema = z.object({
  /** a sender of the account's own (an SMS sender id, an email domain or a WhatsApp number), not a sandbox one */
  sender: z.boolean(),
  brand: z.boolean(),
  customers: z.boolean(),
  /** an approved SMS/email template or an approved WhatsApp template (not the sandbox's samples) */
  approved_template: z.boolean(),
  sent_message: z.boolean(),
  launched_campaign: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;

// ── Insights (spec §2 Insights Dashboard, §7 Dashboard paths) ────────────────────────────────

/** Where each rollup widget takes its time buckets: hours up to 2 days, days up to 62, else weeks. */
export const BUCKETS = ['hour', 'day', 'week'] as const;
export type Bucket = (typeof BUCKETS)[number];
/** The longest range a dashboard request may cover (a year and a day: a leap year's 366). */
export const MAX_RANGE_DAYS = 366;
export { RANGE_PRESETS, type RangePreset };

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'dashboard.validation.date' });
const optionalId = z.coerce.number().int().positive({ error: 'validation.id' }).optional();

/**
 * The dashboard's filters: local days in the account's time zone (both inclusive) or a preset
 * (default: the last 30 days), a channel, a brand, a campaign. The server checks the range (from ≤ to, ≤ 366 days).
 */
export const dashboardFilterSchema = z.object({
  /** a preset the server resolves in the account's time zone (from/to, when given, win) */
  preset: z.enum(RANGE_PRESETS).optional(),
  from: day.optional(),
  to: day.optional(),
  channel: z.enum(CHANNELS).optional(),
  brand_id: optionalId,
  campaign_id: optionalId,
});
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;

export const dashboardRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** the period before, of the same length (the KPI cards' change) */
  prev_from: z.string(),
  prev_to: z.string(),
  timezone: z.string(),
  bucket: z.enum(BUCKETS),
});
export type DashboardRange = z.infer<typeof dashboardRangeSchema>;

/** Counts of messages created in a period, by what has happened to them so far. */
export const totalsSchema = z.object({
  /** messages created (queued) */
  messages: z.number(),
  sent: z.number(),
  delivered: z.number(),
  /** opened (email) or read (WhatsApp) */
  opened: z.number(),
  clicked: z.number(),
  /** FAILED, BLOCKED or NOT_ALLOWED */
  failed: z.number(),
  unsubscribed: z.number(),
  credits: z.number(),
  /** in the invoice currency (SAR), decimal text */
  cost: z.string(),
});
export type Totals = z.infer<typeof totalsSchema>;

const seriesPointSchema = z.object({
  /** the bucket's start (ISO instant) */
  at: z.string(),
  sms: z.number(),
  email: z.number(),
  whatsapp: z.number(),
  delivered: z.number(),
  /** sent and not (yet) delivered */
  sent: z.number(),
  failed: z.number(),
  /** not sent yet: pending, scheduled, queued */
  pending: z.number(),
  /** cancelled */
  cancelled: z.number(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const funnelRowSchema = z.object({
  channel: z.enum(CHANNELS),
  queued: z.number(),
  sent: z.number(),
  delivered: z.number(),
  opened: z.number(),
  clicked: z.number(),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;

export const campaignRankSchema = z.object({
  campaign_id: z.number(),
  name: z.string(),
  sent: z.number(),
  delivered: z.number(),
  opened: z.number(),
  clicked: z.number(),
  /** opened or clicked per delivered, 0..1 */
  engagement_rate: z.number(),
});
export type CampaignRank = z.infer<typeof campaignRankSchema>;

export const failureReasonSchema = z.object({
  /** the stored error code ('' when none was recorded); the history filters by it */
  code: z.string(),
  /** FAILED, BLOCKED or NOT_ALLOWED */
  status: z.string(),
  /** readable, in the caller's language */
  reason: z.string(),
  count: z.number(),
});
export type FailureReason = z.infer<typeof failureReasonSchema>;

export const heatCellSchema = z.object({
  /** 0 Sunday … 6 Saturday, in the account's time zone */
  dow: z.number(),
  hour: z.number(),
  delivered: z.number(),
  /** opened or clicked messages sent in that hour of the week */
  engaged: z.number(),
});
export type HeatCell = z.infer<typeof heatCellSchema>;

export const destinationSchema = z.object({
  /** '+966 50': calling code and operator prefix */
  prefix: z.string(),
  /** ISO country of the calling code (null when it is shared, e.g. +1) */
  country: z.string().nullable(),
  sent: z.number(),
  delivered: z.number(),
  failed: z.number(),
});
export type Destination = z.infer<typeof destinationSchema>;

export const fallbackSchema = z.object({
  /** campaigns in the range with more than one channel */
  campaigns: z.number(),
  /** delivered on the campaign's first channel */
  primary_delivered: z.number(),
  /** delivered on a later channel: recipients reached only by a fallback */
  fallback_delivered: z.number(),
  by_channel: z.array(z.object({ channel: z.enum(CHANNELS), delivered: z.number() })),
});
export type Fallback = z.infer<typeof fallbackSchema>;

export const creditsOutlookSchema = z.object({
  /** all channels' credits together (each channel's credit is its own unit: see by_channel) */
  balance: z.number(),
  by_channel: z.array(
    z.object({
      channel: z.enum(CHANNELS),
      balance: z.number(),
      /** this channel's average credits used per day over the last 30 days */
      burn_per_day: z.number(),
      /** at that rate; null when nothing was used */
      days_left: z.number().nullable(),
    }),
  ),
  /** all channels' average credits used per day over the last 30 days */
  burn_per_day: z.number(),
  /** days until the first channel runs out at its own pace; null when nothing was used */
  days_left: z.number().nullable(),
  /** the channel that runs out first */
  first_out: z.enum(CHANNELS).nullable(),
});
export type CreditsOutlook = z.infer<typeof creditsOutlookSchema>;

/** GET /api/dashboard/analytics/{id}: the overview for the filters. */
export const dashboardOverviewSchema = z.object({
  range: dashboardRangeSchema,
  current: totalsSchema,
  previous: totalsSchema,
  credits: creditsOutlookSchema,
  series: z.array(seriesPointSchema),
  funnel: z.array(funnelRowSchema),
  top_delivered: z.array(campaignRankSchema),
  top_engagement: z.array(campaignRankSchema),
  failures: z.array(failureReasonSchema),
  heatmap: z.array(heatCellSchema),
  fallback: fallbackSchema,
  destinations: z.array(destinationSchema),
  /** the newest live event already counted (resume GET /events after it) */
  last_event_id: z.number(),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

/** GET /api/dashboard/customers/{id}: audience growth for the filters (brand and range). */
export const audienceMetricsSchema = z.object({
  range: dashboardRangeSchema,
  current: z.object({ added: z.number(), withdrawn: z.number(), stop_replies: z.number() }),
  previous: z.object({ added: z.number(), withdrawn: z.number(), stop_replies: z.number() }),
  withdrawn_by_channel: z.array(z.object({ channel: z.enum(CHANNELS), withdrawn: z.number() })),
  series: z.array(z.object({ at: z.string(), added: z.number(), withdrawn: z.number(), stop_replies: z.number() })),
});
export type AudienceMetrics = z.infer<typeof audienceMetricsSchema>;

/** GET /api/dashboard/channel-metrics: per channel and sender for the filters. */
export const channelMetricsSchema = z.object({
  range: dashboardRangeSchema,
  items: z.array(totalsSchema.extend({ channel: z.enum(CHANNELS), sender: z.string() })),
});
export type ChannelMetrics = z.infer<typeof channelMetricsSchema>;

export const CAMPAIGN_METRIC_SORTS = [
  'launched_at',
  'name',
  'messages',
  'sent',
  'delivered',
  'delivery_rate',
  'open_rate',
  'click_rate',
  'failed',
  'cost',
] as const;
export const campaignMetricsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'validation.min' }).default(1),
  limit: z.coerce.number().int().min(1, { error: 'validation.min' }).max(100, { error: 'validation.max' }).default(20),
  sort: z.enum(CAMPAIGN_METRIC_SORTS).default('launched_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  channel: z.enum(CHANNELS).optional(),
  brand_id: optionalId,
});
export type CampaignMetricsQuery = z.infer<typeof campaignMetricsQuerySchema>;

export const campaignMetricSchema = totalsSchema.extend({
  campaign_id: z.number(),
  name: z.string(),
  status: z.string(),
  brand_id: z.number().nullable(),
  channels: z.array(z.string()),
  launched_at: z.string().nullable(),
  delivery_rate: z.number(),
  open_rate: z.number(),
  click_rate: z.number(),
});
export type CampaignMetric = z.infer<typeof campaignMetricSchema>;

export const campaignMetricsPageSchema = z.object({
  items: z.array(campaignMetricSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type CampaignMetricsPage = z.infer<typeof campaignMetricsPageSchema>;

/** GET /api/dashboard/campaigns/{id}: one campaign from the rollups. */
export const campaignDashboardSchema = z.object({
  campaign: campaignMetricSchema,
  by_channel: z.array(totalsSchema.extend({ channel: z.enum(CHANNELS) })),
  by_status: z.array(z.object({ status: z.string(), count: z.number() })),
  series: z.array(
    z.object({ day: z.string(), messages: z.number(), delivered: z.number(), failed: z.number(), opened: z.number(), clicked: z.number() }),
  ),
  failures: z.array(failureReasonSchema),
});
export type CampaignDashboard = z.infer<typeof campaignDashboardSchema>;

/** One live event: the net state changes the pipeline committed since the previous one. */
export const dashboardEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  changes: z.array(
    z.object({
      campaign_id: z.number(),
      channel: z.string(),
      /** '' for an unsubscribe (an event, not a state) */
      status: z.string(),
      n: z.number(),
      opened: z.number(),
      clicked: z.number(),
      unsubscribed: z.number(),
    }),
  ),
});
export type DashboardEvent = z.infer<typeof dashboardEventSchema>;

export const dashboardEventsQuerySchema = z.object({
  /** events after this id (the SSE stream reads Last-Event-ID instead) */
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1, { error: 'validation.min' }).max(500, { error: 'validation.max' }).default(100),
});
export const dashboardEventsPageSchema = z.object({
  items: z.array(dashboardEventSchema),
  /** pass as `after` for the next page (the last id returned, or `after` when none) */
  last_event_id: z.number(),
  has_more: z.boolean(),
});
export type DashboardEventsPage = z.infer<typeof dashboardEventsPageSchema>;

export { envelopeOf } from './common.ts';
