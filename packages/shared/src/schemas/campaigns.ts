import { z } from 'zod';
import { optionalString, pageQuerySchema } from './common.ts';
import { CHANNELS, type Channel, scheduleAtSchema } from './messages.ts';

/** Campaign states (issue 5) and the transitions the state machine allows. */
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

export const audienceCountSchema = z.object({
  /** customers in the chosen groups and segments, minus the excluded ones */
  total: z.number(),
  /** of those, who can receive on one of the channels (one message each) */
  reachable: z.number(),
  by_channel: z.partialRecord(z.enum(CHANNELS), z.number()),
  by_variant: z.array(z.object({ variant: z.string().nullable(), channel: z.enum(CHANNELS), count: z.number() })),
});
export type AudienceCount = z.infer<typeof audienceCountSchema>;

/** A campaign as the list answers it (GET /api/campaigns). */
export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  brand_id: z.number().nullable(),
  objective: z.string().nullable(),
  channels: z.array(z.enum(CHANNELS)),
  audience: z.object({ group_ids: z.array(z.number()).optional(), exclude_group_ids: z.array(z.number()).optional() }).nullable(),
  content: campaignContentSchema.nullable(),
  senders: z
    .object({ sms_sender_id: z.number().nullish(), email_sender_id: z.number().nullish(), whatsapp_sender_id: z.number().nullish() })
    .nullable(),
  ab_test: abTestSchema.extend({ winner: z.enum(['A', 'B']).optional(), decided_at: z.string().optional() }).nullable(),
  status: z.enum(CAMPAIGN_STATES),
  schedule_at: z.string().nullable(),
  launched_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  targeted: z.number(),
  estimated_cost: z.string(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CampaignDto = z.infer<typeof campaignSchema>;

export const campaignPageSchema = z.object({ items: z.array(campaignSchema), page: z.number(), limit: z.number(), total: z.number() });

/** One channel of GET /api/campaigns/{id}/estimate. */
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

/** GET /api/campaigns/{id}/progress: messages created and those that have left the pipeline. */
export const campaignProgressSchema = z.object({
  status: z.enum(CAMPAIGN_STATES),
  targeted: z.number(),
  created: z.number(),
  done: z.number(),
  by_status: z.record(z.string(), z.number()),
  percent: z.number(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

export interface CampaignFunnel {
  channel: Channel | 'all';
  variant: string | null;
  targeted: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  failed: number;
  unsubscribed: number;
}

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
