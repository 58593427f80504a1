import { z } from 'zod';
import { CHANNELS, type Channel, LIMITS } from '../constants.ts';
import { emailSchema, envelopeOf, messageTextSchema, optionalString, pageOf, pageQuerySchema, requiredString } from './common.ts';

/**
 * Messages: one per recipient and channel, moving through the pipeline (router queue → filter
 * queue → connection queue). §4 states plus READ (WhatsApp read receipts, email opens).
 */
export { CHANNELS, type Channel };

export const MESSAGE_STATES = [
  'PENDING',
  'SCHEDULED',
  'QUEUED',
  'SENT',
  'ACCEPTED',
  'DELIVERED',
  'READ',
  'FAILED',
  'BLOCKED',
  'NOT_ALLOWED',
  'PARTIALLY_SENT',
  'PARTIALLY_DELIVERED',
  'CANCELLED',
] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** States a message never leaves (but DELIVERED → READ, when the reader opens it). */
export const FINAL_STATES: readonly MessageState[] = [
  'DELIVERED',
  'READ',
  'FAILED',
  'BLOCKED',
  'NOT_ALLOWED',
  'PARTIALLY_DELIVERED',
  'CANCELLED',
];

/**
 * Where a message may go from each state (spec §4's vocabulary; the transitions are ours): the
 * pipeline moves it forward (PENDING → QUEUED → SENT → ACCEPTED → DELIVERED → READ), refusals end
 * it before the network (BLOCKED, NOT_ALLOWED, FAILED), a schedule or a paused campaign holds it
 * (SCHEDULED), a cancel ends what has not gone out. Receipts and webhooks that arrive late or out of
 * order never move a message back; a final state only refines DELIVERED → READ. The server's one
 * writer of message states (modules/messaging/states) guards every update with this table.
 */
export const MESSAGE_TRANSITIONS: Record<MessageState, readonly MessageState[]> = {
  PENDING: ['QUEUED', 'SCHEDULED', 'BLOCKED', 'NOT_ALLOWED', 'FAILED', 'CANCELLED'],
  SCHEDULED: ['PENDING', 'CANCELLED'],
  QUEUED: ['SENT', 'PARTIALLY_SENT', 'SCHEDULED', 'FAILED', 'CANCELLED'],
  SENT: ['ACCEPTED', 'DELIVERED', 'PARTIALLY_DELIVERED', 'READ', 'FAILED'],
  PARTIALLY_SENT: ['ACCEPTED', 'DELIVERED', 'PARTIALLY_DELIVERED', 'READ', 'FAILED'],
  ACCEPTED: ['DELIVERED', 'PARTIALLY_DELIVERED', 'READ', 'FAILED'],
  DELIVERED: ['READ'],
  READ: [],
  FAILED: [],
  BLOCKED: [],
  NOT_ALLOWED: [],
  PARTIALLY_DELIVERED: [],
  CANCELLED: [],
};

/** The states a message may reach `to` from. */
export function statesBefore(to: MessageState): MessageState[] {
  return MESSAGE_STATES.filter((from) => MESSAGE_TRANSITIONS[from].includes(to));
}

/** The catalogue's message views (all, sent, rejected, failed, blocked, pending, queued, delivered) → states. */
export const MESSAGE_VIEWS = {
  all: [],
  sent: ['SENT', 'ACCEPTED', 'PARTIALLY_SENT'],
  rejected: ['NOT_ALLOWED', 'CANCELLED'],
  failed: ['FAILED'],
  blocked: ['BLOCKED'],
  pending: ['PENDING', 'SCHEDULED'],
  queued: ['QUEUED'],
  delivered: ['DELIVERED', 'READ', 'PARTIALLY_DELIVERED'],
} as const satisfies Record<string, readonly MessageState[]>;
export type MessageView = keyof typeof MESSAGE_VIEWS;
export const MESSAGE_VIEW_NAMES = Object.keys(MESSAGE_VIEWS) as MessageView[];

/** Who receives a send: typed numbers (or emails), customers by id, groups/segments by id. */
export const recipientsSchema = z
  .object({
    numbers: z.array(z.string().trim().min(1).max(32)).max(10_000, { error: 'validation.max' }).default([]),
    emails: z.array(emailSchema).max(10_000, { error: 'validation.max' }).default([]),
    customer_ids: z.array(z.number().int().positive()).max(10_000, { error: 'validation.max' }).default([]),
    group_ids: z.array(z.number().int().positive()).max(100, { error: 'validation.max' }).default([]),
  })
  .refine((r) => r.numbers.length + r.emails.length + r.customer_ids.length + r.group_ids.length > 0, {
    error: 'messages.validation.noRecipients',
    path: ['numbers'],
  });
export type Recipients = z.infer<typeof recipientsSchema>;

/** §5: a scheduled send must be more than 5 minutes ahead. */
export const scheduleAtSchema = z
  .string()
  .datetime({ offset: true, error: 'validation.dateTime' })
  .refine((v) => new Date(v).getTime() > Date.now() + LIMITS.scheduleMinAheadMinutes * 60_000, {
    error: 'validation.scheduledTime',
  })
  .optional()
  .nullable();

/** POST /api/messages/sms (and /estimate): text or an APPROVED SMS template; personalisation {{first_name}}… */
export const sendSmsSchema = z
  .object({
    recipients: recipientsSchema,
    /** sms_senders.id (ACTIVE); the account's default sender when absent */
    sender_id: z.number().int().positive().optional().nullable(),
    text: messageTextSchema(1600).optional().nullable(),
    template_id: z.number().int().positive().optional().nullable(),
    schedule_at: scheduleAtSchema,
  })
  .refine((v) => (v.text && v.text.trim() !== '') || v.template_id, { error: 'messages.validation.textOrTemplate', path: ['text'] });
export type SendSmsInput = z.infer<typeof sendSmsSchema>;

/** POST /api/messages/whatsapp: an APPROVED WhatsApp template with parameters, or free text (24-hour window only). */
export const sendWhatsappSchema = z
  .object({
    recipients: recipientsSchema,
    whatsapp_sender_id: z.number().int().positive().optional().nullable(),
    whatsapp_template_id: z.number().int().positive().optional().nullable(),
    /** body parameters {{1}}, {{2}} … in order */
    params: z.array(z.string().max(1024)).max(20).default([]),
    text: messageTextSchema(4096).optional().nullable(),
    schedule_at: scheduleAtSchema,
  })
  .refine((v) => (v.text && v.text.trim() !== '') || v.whatsapp_template_id, {
    error: 'messages.validation.textOrTemplate',
    path: ['text'],
  });
export type SendWhatsappInput = z.infer<typeof sendWhatsappSchema>;

/** POST /api/messages/email: subject + html/text or an APPROVED email template. */
export const sendEmailSchema = z
  .object({
    recipients: recipientsSchema,
    email_sender_id: z.number().int().positive().optional().nullable(),
    subject: optionalString(255),
    html: z.string().max(500_000).optional().nullable(),
    text: z.string().max(100_000).optional().nullable(),
    template_id: z.number().int().positive().optional().nullable(),
    schedule_at: scheduleAtSchema,
  })
  .refine((v) => v.template_id || (v.subject && (v.html || v.text)), { error: 'messages.validation.textOrTemplate', path: ['subject'] });
export type SendEmailInput = z.infer<typeof sendEmailSchema>;

/** What a send (or an estimate) answers. */
export const sendResultSchema = z.object({
  bulk_id: z.string().nullable(),
  /** messages created for the pipeline */
  accepted: z.number(),
  /** recipients refused before queueing, by reason (invalid number, no consent, blacklisted, duplicate) */
  skipped: z.object({ invalid: z.number(), no_consent: z.number(), blacklisted: z.number(), duplicate: z.number() }),
  /**
   * recipients whose message is recorded NOT_ALLOWED instead of sent (free WhatsApp text outside
   * the 24-hour window after the customer's last message); they cost nothing
   */
  not_allowed: z.number(),
  /** SMS parts per message (for a templated send: the longest rendering) */
  parts: z.number(),
  encoding: z.enum(['GSM-7', 'UCS-2']).nullable(),
  /** credits this send consumes and the balance left after it */
  credits: z.number(),
  balance: z.number(),
  /** what the send costs, in SAR as a decimal string (history's numeric column) */
  cost: z.string(),
  /** the same cost in integer minor units of `currency` (shown with the shared money format) */
  cost_minor: z.number().int(),
  currency: z.string().length(3),
  scheduled_at: z.string().nullable(),
});
export type SendResult = z.infer<typeof sendResultSchema>;

export const messageListQuerySchema = pageQuerySchema.extend({
  view: z.enum(MESSAGE_VIEW_NAMES as [MessageView, ...MessageView[]]).default('all'),
  channel: z.enum(CHANNELS).optional(),
  status: z.enum(MESSAGE_STATES).optional(),
  /** recipient, sender or text contains */
  search: z.string().trim().max(100).optional(),
  bulk_id: z.string().trim().max(64).optional(),
  campaign_id: z.coerce.number().int().positive().optional(),
  /** a failure's stored code; '-' for failures stored without one (the dashboard's failure reasons link here) */
  error_code: z.string().trim().max(64).optional(),
  from: z.string().datetime({ offset: true, error: 'validation.dateTime' }).optional(),
  to: z.string().datetime({ offset: true, error: 'validation.dateTime' }).optional(),
  sort: z.enum(['created_at', 'status', 'recipient', 'sent_at']).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageDtoSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  channel: z.enum(CHANNELS),
  status: z.enum(MESSAGE_STATES),
  bulk_id: z.string(),
  batch_id: z.number().nullable(),
  campaign_id: z.number().nullable(),
  /** the campaign's name (null for a direct send) */
  campaign_name: z.string().nullable(),
  customer_id: z.number().nullable(),
  /** the customer's first and last name (null when unknown or not a customer) */
  customer_name: z.string().nullable(),
  recipient: z.string(),
  sender: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  /** the content was removed under the plan's message retention (body and subject are empty) */
  redacted: z.boolean(),
  encoding: z.string().nullable(),
  parts: z.number(),
  credits: z.number(),
  cost: z.string(),
  connection_id: z.number().nullable(),
  connection_name: z.string().nullable(),
  /** the message's connection is stopped: a QUEUED message waits until someone starts it */
  connection_stopped: z.boolean(),
  router_id: z.number().nullable(),
  provider_message_id: z.string().nullable(),
  error_code: z.string().nullable(),
  /** a readable reason in the caller's language */
  error_message: z.string().nullable(),
  blocked_by: z.string().nullable(),
  possible_duplicate: z.boolean(),
  scheduled_at: z.string().nullable(),
  queued_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type MessageDto = z.infer<typeof messageDtoSchema>;

export const messageEventDtoSchema = z.object({
  id: z.number(),
  event: z.string(),
  detail: z.string().nullable(),
  at: z.string(),
});
export type MessageEventDto = z.infer<typeof messageEventDtoSchema>;

export const messageDetailDtoSchema = messageDtoSchema.extend({
  events: z.array(messageEventDtoSchema),
});
export type MessageDetailDto = z.infer<typeof messageDetailDtoSchema>;

/** What Risala did with an inbound message (none: stored for the inbox); each has a label in `messages.inbox.actions`. */
export const INBOUND_ACTIONS = ['blocked', 'stop', 'auto_reply', 'auto_reply_failed'] as const;
export type InboundAction = (typeof INBOUND_ACTIONS)[number];

export const inboundMessageDtoSchema = z.object({
  id: z.number(),
  channel: z.enum(['sms', 'whatsapp']),
  from_address: z.string(),
  to_address: z.string(),
  body: z.string(),
  customer_id: z.number().nullable(),
  action: z.enum(INBOUND_ACTIONS).nullable(),
  blocked_by: z.string().nullable(),
  received_at: z.string(),
});
export type InboundMessageDto = z.infer<typeof inboundMessageDtoSchema>;

export const creditBalanceDtoSchema = z.object({
  channel: z.enum(CHANNELS),
  balance: z.number(),
  consumed: z.number(),
  /** below this balance the account's owners are told once (the account's own, or LOW_CREDIT_DEFAULT) */
  low_threshold: z.number(),
  low_threshold_is_default: z.boolean(),
});
export type CreditBalanceDto = z.infer<typeof creditBalanceDtoSchema>;

/** POST /api/sender-management/sms/test */
export const smsTestSchema = z.object({
  to: requiredString(32),
  text: requiredString(1600).refine((v) => /\p{L}/u.test(v), { error: 'validation.nameLetter' }),
  sender_id: z.number().int().positive().optional().nullable(),
});

/** POST /api/whatsapp/sender/send-message */
export const whatsappSendMessageSchema = z
  .object({
    to: requiredString(32),
    whatsapp_sender_id: z.number().int().positive().optional().nullable(),
    whatsapp_template_id: z.number().int().positive().optional().nullable(),
    params: z.array(z.string().max(1024)).max(20).default([]),
    text: messageTextSchema(4096).optional().nullable(),
  })
  .refine((v) => (v.text && v.text.trim() !== '') || v.whatsapp_template_id, {
    error: 'messages.validation.textOrTemplate',
    path: ['text'],
  });

/** Credits a new account starts with (the trial): billing tops them up later. */
export const TRIAL_CREDITS: Record<Channel, number> = { sms: 1000, email: 10_000, whatsapp: 1000 };

/** The low-credit threshold per channel when the account has not set one (a notice and an email once per crossing). */
export const LOW_CREDIT_DEFAULT: Record<Channel, number> = { sms: 100, email: 1000, whatsapp: 100 };

/** GET /api/messages/inbound: messages customers sent us (SMS MO, WhatsApp), paged and searchable. */
export const inboundListQuerySchema = pageQuerySchema.extend({
  channel: z.enum(['sms', 'whatsapp']).optional(),
  search: z.string().trim().max(100).optional(),
});

/** POST /api/messages/bulk/{bulkId}/cancel */
export const bulkIdParamSchema = z.object({ bulkId: z.string().trim().min(1).max(64) });

/** POST /api/whatsapp/sender/sandbox-inbound: a simulated customer writes to the sandbox number. */
export const sandboxInboundSchema = z.object({
  from: requiredString(32),
  text: requiredString(4096),
  whatsapp_sender_id: z.number().int().positive().optional().nullable(),
});

// ── responses ────────────────────────────────────────────────────────────────

export const messageListSchema = pageOf(messageDtoSchema).extend({
  /** true when the total is the planner's estimate */
  total_estimated: z.boolean(),
});
export type MessageList = z.infer<typeof messageListSchema>;

export const inboundListSchema = pageOf(inboundMessageDtoSchema);
export type InboundList = z.infer<typeof inboundListSchema>;

/** A send answers the estimate with the ids of the messages it created. */
export const directSendResultSchema = sendResultSchema.extend({ message_ids: z.array(z.number()) });

export const sendResultEnvelopeSchema = envelopeOf(sendResultSchema);
export const directSendEnvelopeSchema = envelopeOf(directSendResultSchema);
export const bulkCancelledEnvelopeSchema = envelopeOf(z.object({ cancelled: z.number() }));
export const messageListEnvelopeSchema = envelopeOf(messageListSchema);
export const inboundListEnvelopeSchema = envelopeOf(inboundListSchema);
export const messageDetailEnvelopeSchema = envelopeOf(messageDetailDtoSchema);
export const creditBalancesEnvelopeSchema = envelopeOf(z.array(creditBalanceDtoSchema));

/** PUT /api/credits/:channel/low-threshold: the account's low-credit threshold for a channel (null: the default). */
export const creditChannelParamSchema = z.object({ channel: z.enum(CHANNELS) });
export const lowThresholdInputSchema = z.object({
  threshold: z
    .number()
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.min' })
    .max(100_000_000, { error: 'validation.max' })
    .nullable(),
});
export type LowThresholdInput = z.infer<typeof lowThresholdInputSchema>;
/** POST /api/whatsapp/sender/send-message: the send, with the one message's id. */
export const whatsappMessageSentEnvelopeSchema = envelopeOf(directSendResultSchema.extend({ message_id: z.number().nullable() }));
/** POST /api/whatsapp/sender/sandbox-inbound: the simulator's receipt. */
export const sandboxInboundEnvelopeSchema = envelopeOf(z.object({ accepted: z.boolean(), id: z.string() }));
