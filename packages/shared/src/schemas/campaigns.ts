import { z } from 'zod';
import { envelopeOf, idEnvelopeSchema, optionalString, pageOf, pageQuerySchema } from './common.ts';
import { CHANNELS, MESSAGE_STATES, messageEventDtoSchema, scheduleAtSchema } from './messages.ts';

/** Campaign states and the transitions the state machine allows. */
export const CAMPAIGN_STATES = [
  'DRAFT',
  'SCHEDULED',
  'WAITING_FOR_APPROVAL',
  'RUNNING',
  'PAUSED',
  'COMPLETED',
  'COMPLETED_WITH_ERRORS',
  'CANCELED',
] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const CAMPAIGN_TRANSITIONS: Record<CampaignState, readonly CampaignState[]> = {
  DRAFT: ['SCHEDULED', 'WAITING_FOR_APPROVAL', 'RUNNING', 'CANCELED'],
  WAITING_FOR_APPROVAL: ['SCHEDULED', 'RUNNING', 'DRAFT', 'CANCELED'],
  SCHEDULED: ['RUNNING', 'DRAFT', 'CANCELED'],
  RUNNING: ['PAUSED', 'COMPLETED', 'COMPLETED_WITH_ERRORS', 'CANCELED'],
  PAUSED: ['RUNNING', 'CANCELED'],
  COMPLETED: [],
  COMPLETED_WITH_ERRORS: [],
  CANCELED: [],
};

export const canTransition = (from: CampaignState, to: CampaignState) => CAMPAIGN_TRANSITIONS[from].includes(to);

export const BATCH_APPROVAL_STATES = ['PORTAL_WAITING_FOR_APPROVAL', 'PORTAL_APPROVED', 'PORTAL_REJECTED', 'APPROVED', 'REJECTED'] as const;
export const PROCESSING_STATES = ['PROCESSING', 'IN_PROGRESS', 'COMPLETED', 'COMPLETED_WITH_ERRORS'] as const;

const id = z.number().int().positive();

export const campaignAudienceSchema = z.object({
  group_ids: z.array(id).max(100).default([]),
  exclude_group_ids: z.array(id).max(100).default([]),
});

export const campaignContentSchema = z.object({
  sms: z.object({ template_id: id.nullish(), text: z.string().max(1600).nullish() }).optional(),
  email: z
    .object({
      template_id: id.nullish(),
      content_id: id.nullish(),
      subject: optionalString(255),
      html: z.string().max(500_000).nullish(),
      /** a design of the visual builder (MJML): the server renders `html` from it when the draft is saved */
      mjml: z.string().max(500_000).nullish(),
    })
    .optional(),
  whatsapp: z.object({ whatsapp_template_id: id.nullish(), params: z.array(z.string().max(1024)).max(20).default([]) }).optional(),
});
export type CampaignContent = z.infer<typeof campaignContentSchema>;

export const AB_METRICS = ['delivery', 'open', 'click'] as const;

export const abTestSchema = z.object({
  /** share of the audience per test variant (A and B each get this percent; the rest waits for the winner) */
  split_percent: z.number().int().min(5, { error: 'validation.min' }).max(50, { error: 'validation.max' }),
  metric: z.enum(AB_METRICS),
  after_hours: z.number().int().min(1, { error: 'validation.min' }).max(72, { error: 'validation.max' }),
  variant_b: campaignContentSchema,
});

/** Drafts save automatically: every field is optional here; deploy checks completeness. */
export const campaignDraftSchema = z.object({
  name: optionalString(150),
  brand_id: id.nullish(),
  objective: optionalString(500),
  channels: z
    .array(z.enum(CHANNELS))
    .max(3)
    .refine((v) => new Set(v).size === v.length, { error: 'validation.gateway.duplicate' })
    .optional(),
  audience: campaignAudienceSchema.optional(),
  content: campaignContentSchema.optional(),
  senders: z.object({ sms_sender_id: id.nullish(), email_sender_id: id.nullish(), whatsapp_sender_id: id.nullish() }).optional(),
  ab_test: abTestSchema.nullish(),
  schedule_at: scheduleAtSchema,
});
export type CampaignDraftInput = z.infer<typeof campaignDraftSchema>;

export const campaignListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(CAMPAIGN_STATES).optional(),
  channel: z.enum(CHANNELS).optional(),
  brand_id: z.coerce.number().int().positive().optional(),
  sort: z.enum(['created_at', 'updated_at', 'name', 'status', 'launched_at']).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const campaignFunnelSchema = z.object({
  channel: z.union([z.enum(CHANNELS), z.literal('all')]),
  variant: z.string().nullable(),
  targeted: z.number(),
  sent: z.number(),
  delivered: z.number(),
  opened: z.number(),
  clicked: z.number(),
  failed: z.number(),
  unsubscribed: z.number(),
});
export type CampaignFunnel = z.infer<typeof campaignFunnelSchema>;

/** POST /api/campaigns/deploy (§7): the same as /api/campaigns/{id}/deploy, the campaign named in the body. */
export const campaignDeploySchema = z.object({
  campaign_id: z.number({ error: 'validation.required' }).int().positive(),
});

/** POST /api/campaigns/{id}/test-send: a few numbers and/or emails; each channel of the campaign that has an address. */
export const campaignTestSendSchema = z
  .object({
    numbers: z.array(z.string().trim().min(1).max(32)).max(5, { error: 'validation.testRecipients' }).default([]),
    emails: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .pipe(z.email({ error: 'validation.email' })),
      )
      .max(5, { error: 'validation.testRecipients' })
      .default([]),
  })
  .refine((v) => v.numbers.length + v.emails.length > 0, { error: 'validation.required', path: ['numbers'] });
export type CampaignTestSendInput = z.infer<typeof campaignTestSendSchema>;

export const BATCH_VIEWS = ['approval', 'gateway', 'scheduled', 'canceled', 'all'] as const;

export const batchListQuerySchema = pageQuerySchema.extend({
  view: z.enum(BATCH_VIEWS).default('all'),
  campaign_id: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(100).optional(),
});

export const batchRejectSchema = z.object({
  reason: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(500, { error: 'validation.tooLong' }),
});

export const batchRescheduleSchema = z.object({
  schedule_at: z
    .string({ error: 'validation.required' })
    .datetime({ offset: true, error: 'validation.dateTime' })
    .refine((v) => new Date(v).getTime() > Date.now() + 5 * 60_000, { error: 'validation.scheduledTime' }),
});

/** Email campaigns (§7): an email-only campaign sent now or at schedule_at. */
export const emailCampaignSendSchema = z.object({
  name: optionalString(150),
  brand_id: id,
  audience: campaignAudienceSchema.refine((a) => a.group_ids.length > 0, { error: 'validation.required', path: ['group_ids'] }),
  email: z.object({
    template_id: id.nullish(),
    content_id: id.nullish(),
    subject: optionalString(255),
    html: z.string().max(500_000).nullish(),
  }),
  email_sender_id: id.nullish(),
});
export const emailCampaignScheduleSchema = emailCampaignSendSchema.extend({
  schedule_at: batchRescheduleSchema.shape.schedule_at,
});
export const emailCampaignTestSchema = z.object({
  emails: campaignTestSendSchema.shape.emails.refine((v) => v.length > 0, { error: 'validation.required' }),
  email: emailCampaignSendSchema.shape.email,
  email_sender_id: id.nullish(),
});

// ── responses ────────────────────────────────────────────────────────────────

/** The A/B test as stored: the draft's settings, and the winner once decided. */
export const abTestStateSchema = abTestSchema.extend({
  winner: z.enum(['A', 'B']).optional(),
  decided_at: z.string().optional(),
});

/** A campaign row as the API answers it (snake_case; jsonb columns as stored). */
export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  brand_id: z.number().nullable(),
  objective: z.string().nullable(),
  channels: z.array(z.enum(CHANNELS)),
  audience: z.object({ group_ids: z.array(z.number()).optional(), exclude_group_ids: z.array(z.number()).optional() }),
  content: campaignContentSchema,
  senders: z.object({
    sms_sender_id: z.number().nullish(),
    email_sender_id: z.number().nullish(),
    whatsapp_sender_id: z.number().nullish(),
  }),
  ab_test: abTestStateSchema.nullable(),
  ai_plan_id: z.number().nullable(),
  status: z.enum(CAMPAIGN_STATES),
  schedule_at: z.string().nullable(),
  launched_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  targeted: z.number(),
  estimated_cost: z.string(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** GET /api/campaigns/{id} only: the account's time zone */
  timezone: z.string().optional(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const audienceCountSchema = z.object({
  /** customers in the groups and segments, minus exclusions */
  total: z.number(),
  /** of those, who can receive on one of the channels */
  reachable: z.number(),
  /** customers per channel after the fallback order */
  by_channel: z.partialRecord(z.enum(CHANNELS), z.number()),
  /** per variant (A/B test) and channel */
  by_variant: z.array(z.object({ variant: z.string().nullable(), channel: z.enum(CHANNELS), count: z.number() })),
});
export type AudienceCount = z.infer<typeof audienceCountSchema>;

export const channelEstimateSchema = z.object({
  channel: z.enum(CHANNELS),
  messages: z.number(),
  /** SMS parts per message, lowest and highest (1 for other channels) */
  parts_min: z.number(),
  parts_max: z.number(),
  credits: z.number(),
  /** every recipient's message was counted (false: the credits are extrapolated from a sample) */
  exact: z.boolean(),
  balance: z.number(),
  enough: z.boolean(),
  cost: z.string(),
});
export type ChannelEstimate = z.infer<typeof channelEstimateSchema>;

export const campaignEstimateSchema = z.object({
  audience: audienceCountSchema,
  channels: z.array(channelEstimateSchema),
  messages: z.number(),
  cost: z.string(),
});
export type CampaignEstimate = z.infer<typeof campaignEstimateSchema>;

export const campaignProgressSchema = z.object({
  status: z.enum(CAMPAIGN_STATES),
  targeted: z.number(),
  created: z.number(),
  done: z.number(),
  by_status: z.record(z.string(), z.number()),
  percent: z.number(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

/** A batch row (the deploy answer lists the campaign's). */
export const batchRowSchema = z.object({
  id: z.number(),
  campaign_id: z.number().nullable(),
  batch_id: z.string(),
  variant: z.string().nullable(),
  message_count: z.number(),
  message_cost: z.string(),
  scheduled_at: z.string().nullable(),
  request_priority: z.number(),
  request_type: z.string(),
  request_source: z.string(),
  approval_status: z.string().nullable(),
  approved_by: z.number().nullable(),
  approved_at: z.string().nullable(),
  gateway_status: z.string().nullable(),
  gateway_reviewer: z.number().nullable(),
  rejection_reason: z.string().nullable(),
  rejected_date: z.string().nullable(),
  processing_status: z.string().nullable(),
  requires_gateway_review: z.boolean(),
  canceled_at: z.string().nullable(),
  canceled_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET /api/batches: the row with its campaign, the account's time zone and who acted. */
export const batchSchema = batchRowSchema.extend({
  campaign_name: z.string().nullable(),
  campaign_status: z.enum(CAMPAIGN_STATES).nullable(),
  timezone: z.string(),
  scheduled_date: z.string().nullable(),
  scheduled_time: z.string().nullable(),
  approved_by_username: z.string().nullable(),
  gateway_reviewer_username: z.string().nullable(),
  batch_canceled_by_username: z.string().nullable(),
});
export type Batch = z.infer<typeof batchSchema>;

/**
 * A campaign's results in the list (Campaign History), from the same rollups as its report: rates
 * as fractions, delivered of sent, opened/read and clicked of delivered. Null for a draft.
 */
export const campaignResultsSchema = z.object({
  messages: z.number(),
  sent: z.number(),
  delivered: z.number(),
  /** opened (email) or read (WhatsApp) */
  opened: z.number(),
  clicked: z.number(),
  failed: z.number(),
  /** in the invoice currency, decimal text */
  cost: z.string(),
  delivery_rate: z.number(),
  open_rate: z.number(),
  click_rate: z.number(),
});
export type CampaignResults = z.infer<typeof campaignResultsSchema>;

/** A row of the campaign list: the campaign and its results. */
export const campaignListItemSchema = campaignSchema.extend({ results: campaignResultsSchema.nullable() });
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

export const campaignEnvelopeSchema = envelopeOf(campaignSchema);
export const campaignPageEnvelopeSchema = envelopeOf(pageOf(campaignListItemSchema));
export const campaignDeployedEnvelopeSchema = envelopeOf(
  campaignSchema.extend({ batches: z.array(batchRowSchema), estimate: campaignEstimateSchema }),
);
export const campaignPausedEnvelopeSchema = envelopeOf(z.object({ status: z.literal('PAUSED'), held: z.number() }));
export const campaignResumedEnvelopeSchema = envelopeOf(z.object({ status: z.literal('RUNNING'), released: z.number() }));
export const campaignCancelledEnvelopeSchema = envelopeOf(z.object({ status: z.literal('CANCELED'), cancelled: z.number() }));
export const audienceCountEnvelopeSchema = envelopeOf(audienceCountSchema);
export const campaignEstimateEnvelopeSchema = envelopeOf(campaignEstimateSchema);
export const testSendEnvelopeSchema = envelopeOf(z.object({ batch_id: z.string(), message_ids: z.array(z.number()) }));
export const campaignProgressEnvelopeSchema = envelopeOf(campaignProgressSchema);
export const campaignDeletedEnvelopeSchema = idEnvelopeSchema;

export const batchPageEnvelopeSchema = envelopeOf(pageOf(batchSchema));
export const batchApprovalEnvelopeSchema = envelopeOf(
  z.object({ id: z.number(), approval_status: z.enum(BATCH_APPROVAL_STATES), rejection_reason: z.string().optional() }),
);
export const batchGatewayEnvelopeSchema = envelopeOf(z.object({ id: z.number(), gateway_status: z.enum(['APPROVED', 'REJECTED']) }));
export const batchScheduledEnvelopeSchema = envelopeOf(z.object({ id: z.number(), scheduled_at: z.string() }));
export const batchCancelledEnvelopeSchema = envelopeOf(z.object({ id: z.number(), cancelled: z.number() }));

/** GET /api/email-campaigns/{campaignId}/details/{id}: one recipient with the message's timeline. */
export const emailRecipientDetailSchema = z.object({
  id: z.number(),
  customer_id: z.number().nullable(),
  recipient: z.string(),
  sender: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.enum(MESSAGE_STATES),
  error_code: z.string().nullable(),
  /** a readable reason in the caller's language */
  error_message: z.string().nullable(),
  created_at: z.string(),
  queued_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
  clicked_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  batch_id: z.string().nullable(),
  variant: z.string().nullable(),
  events: z.array(messageEventDtoSchema),
});
export const emailRecipientDetailEnvelopeSchema = envelopeOf(emailRecipientDetailSchema);

/** GET /api/email-campaigns/customer-groups/{userId}: the groups to choose an audience from. */
export const groupOptionPageEnvelopeSchema = envelopeOf(
  pageOf(
    z.object({
      id: z.number(),
      group_name: z.string(),
      group_description: z.string().nullable(),
      type: z.string(),
      status: z.string(),
      contacts_count: z.number(),
    }),
  ),
);
