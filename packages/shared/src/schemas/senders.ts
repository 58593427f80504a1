import { z } from 'zod';
import { emailSchema, envelopeOf, idParamSchema, optionalString, pageOf, pageQuerySchema, phoneSchema, requiredString } from './common.ts';

// ── SMS sender ids (§5) ──────────────────────────────────────────────────────
export const SENDER_TYPES = ['alphanumeric', 'numeric', 'short_code'] as const;
export type SenderType = (typeof SENDER_TYPES)[number];
export const SENDER_STATUSES = ['WAITING_FOR_APPROVAL', 'ACTIVE', 'REJECTED', 'INACTIVE'] as const;
export type SenderStatus = (typeof SENDER_STATUSES)[number];

/**
 * §5 sender ids, decided in docs/decisions.md: alphanumeric — 1 to 11 of letters A–Z, digits,
 * space, '-' and '.', with at least one letter (what GSM handsets display); numeric — 3 to 15
 * digits (an MSISDN, without '+'); short code — 3 to 8 digits.
 */
export function senderIdError(senderId: string, type: SenderType): string | null {
  const v = senderId.trim();
  if (type === 'short_code') return /^\d{3,8}$/.test(v) ? null : 'validation.shortCode';
  if (type === 'numeric') return /^\d{3,15}$/.test(v) ? null : 'validation.senderId';
  return /^[A-Za-z0-9 .-]{1,11}$/.test(v) && /[A-Za-z]/.test(v) ? null : 'validation.senderId';
}

/** The type a sender id reads as when none is given: digits are numeric, anything else alphanumeric. */
export const guessSenderType = (senderId: string): SenderType => (/^\d+$/.test(senderId.trim()) ? 'numeric' : 'alphanumeric');

export const createSmsSenderSchema = z
  .object({
    sender_id: requiredString(20),
    sender_type: z.enum(SENDER_TYPES, { error: 'validation.invalid' }).optional(),
    description: optionalString(500),
  })
  .transform((v) => ({ ...v, sender_type: v.sender_type ?? guessSenderType(v.sender_id) }))
  .superRefine((v, ctx) => {
    const error = senderIdError(v.sender_id, v.sender_type);
    if (error) ctx.addIssue({ code: 'custom', path: ['sender_id'], message: error });
  });
export type CreateSmsSenderInput = z.infer<typeof createSmsSenderSchema>;

/** Only the description and default flag change; a new sender id is a new request. */
export const updateSmsSenderSchema = z.object({
  description: optionalString(500),
  is_default: z.boolean().optional(),
  status: z.enum(['ACTIVE', 'INACTIVE'], { error: 'validation.invalid' }).optional(),
});
export type UpdateSmsSenderInput = z.infer<typeof updateSmsSenderSchema>;

export const rejectSmsSenderSchema = z.object({ reason: requiredString(500) });

export const smsSenderListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(50).optional(),
  status: z.enum(SENDER_STATUSES, { error: 'validation.invalid' }).optional(),
  sort: z.enum(['sender_id', 'created_at', 'status']).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type SmsSenderListQuery = z.infer<typeof smsSenderListQuerySchema>;

export const smsSenderSchema = z.object({
  id: z.number(),
  sender_id: z.string(),
  sender_type: z.enum(SENDER_TYPES),
  description: z.string().nullable(),
  status: z.enum(SENDER_STATUSES),
  rejection_reason: z.string().nullable(),
  is_default: z.boolean(),
  requested_by: z.number().nullable(),
  reviewed_by: z.number().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SmsSender = z.infer<typeof smsSenderSchema>;

export const smsConfigSchema = z.object({ default_sender_id: z.coerce.number().int().positive({ error: 'validation.id' }) });
export const supportRequestSchema = z.object({ message: requiredString(2000) });

// ── email ────────────────────────────────────────────────────────────────────
export const EMAIL_PROVIDERS = ['sandbox', 'smtp', 'sendgrid'] as const;
export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export const EMAIL_TIERS = ['free', 'standard', 'dedicated_ip'] as const;

/** §5 host: a DNS name or an IP address literal. */
export const hostSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(253, { error: 'validation.tooLong' })
  .regex(/^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/, {
    error: 'validation.host',
  })
  // all-numeric dotted names are IPv4 addresses: four parts of 0–255 ("256.1.1.1" is no host)
  .refine((v) => !/^[\d.]+$/.test(v) || /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/.test(v), {
    error: 'validation.host',
  });
export const portSchema = z.coerce
  .number({ error: 'validation.port' })
  .int({ error: 'validation.port' })
  .min(1, { error: 'validation.port' })
  .max(65535, { error: 'validation.port' }); // §5's one text for any invalid port

export const emailConfigSchema = z
  .object({
    provider: z.enum(EMAIL_PROVIDERS, { error: 'validation.invalid' }),
    from_name: requiredString(100),
    from_email: emailSchema,
    reply_to: emailSchema.optional().nullable(),
    smtp_host: hostSchema.optional().nullable(),
    smtp_port: portSchema.optional().nullable(),
    smtp_user: optionalString(255),
    /** omitted: keep the saved one */
    smtp_password: z.string().max(500, { error: 'validation.tooLong' }).optional(),
    smtp_security: z.enum(SMTP_SECURITY, { error: 'validation.invalid' }).default('starttls'),
    /** omitted: keep the saved one */
    sendgrid_api_key: z.string().trim().min(1, { error: 'validation.required' }).max(500).optional(),
    /** SendGrid's Event Webhook verification key (base64 DER public key, not a secret) */
    sendgrid_webhook_key: optionalString(1000),
  })
  .superRefine((v, ctx) => {
    if (v.provider !== 'smtp') return;
    if (!v.smtp_host) ctx.addIssue({ code: 'custom', path: ['smtp_host'], message: 'validation.required' });
    if (!v.smtp_port) ctx.addIssue({ code: 'custom', path: ['smtp_port'], message: 'validation.required' });
  });
export type EmailConfigInput = z.infer<typeof emailConfigSchema>;

export const tierConfigSchema = z.object({
  tier: z.enum(EMAIL_TIERS, { error: 'validation.invalid' }),
  daily_limit: z.coerce
    .number()
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.min' })
    .max(10_000_000, { error: 'validation.max' })
    .nullable(),
});
export const testEmailSchema = z.object({ to: emailSchema });

export const emailConfigDtoSchema = z.object({
  id: z.number(),
  provider: z.enum(EMAIL_PROVIDERS),
  from_name: z.string(),
  from_email: z.string(),
  reply_to: z.string().nullable(),
  smtp_host: z.string().nullable(),
  smtp_port: z.number().nullable(),
  smtp_user: z.string().nullable(),
  smtp_security: z.enum(SMTP_SECURITY),
  has_password: z.boolean(),
  has_api_key: z.boolean(),
  sendgrid_webhook_key: z.string().nullable(),
  tier: z.string(),
  daily_limit: z.number().nullable(),
  status: z.enum(['PENDING_VERIFICATION', 'ACTIVE', 'INACTIVE']),
  verified_at: z.string().nullable(),
  updated_at: z.string(),
});
export type EmailConfig = z.infer<typeof emailConfigDtoSchema>;

export const emailAnalyticsSchema = z.object({
  since: z.string(),
  totals: z.record(z.string(), z.number()),
  total: z.number(),
});
export type EmailAnalytics = z.infer<typeof emailAnalyticsSchema>;

// ── WhatsApp ─────────────────────────────────────────────────────────────────
const graphId = (max = 64) => requiredString(max).regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalid' });

export const whatsappSenderSchema = z.object({
  display_name: requiredString(100),
  phone_number: phoneSchema,
  phone_number_id: graphId(),
  business_account_id: graphId(),
  /** omitted: keep the saved one */
  access_token: z.string().trim().min(1, { error: 'validation.required' }).max(1000).optional(),
  app_secret: z.string().trim().min(1, { error: 'validation.required' }).max(500).optional(),
  is_default: z.boolean().optional(),
});
export const updateWhatsappSenderSchema = whatsappSenderSchema.partial();
export type WhatsappSenderInput = z.infer<typeof whatsappSenderSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.invalid' });
export const autoReplySchema = z.object({
  enabled: z.boolean(),
  rules: z
    .array(
      z.object({
        keyword: requiredString(100),
        match: z.enum(['exact', 'contains'], { error: 'validation.invalid' }),
        reply: requiredString(1000),
      }),
    )
    .max(50, { error: 'validation.max' }),
  away: z.object({
    enabled: z.boolean(),
    text: z.string().trim().max(1000, { error: 'validation.tooLong' }),
    from: hhmm.nullable().optional(),
    to: hhmm.nullable().optional(),
  }),
});

export const whatsappSenderDtoSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  phone_number: z.string(),
  phone_number_id: z.string(),
  business_account_id: z.string(),
  has_access_token: z.boolean(),
  has_app_secret: z.boolean(),
  is_sandbox: z.boolean(),
  status: z.enum(['PENDING_SETUP', 'ACTIVE', 'INACTIVE']),
  setup_completed_at: z.string().nullable(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WhatsappSender = z.infer<typeof whatsappSenderDtoSchema>;

export const whatsappSetupStatusSchema = z.object({
  sender_id: z.number().nullable(),
  complete: z.boolean(),
  missing: z.array(z.string()),
  status: z.enum(['PENDING_SETUP', 'ACTIVE', 'INACTIVE']).nullable(),
});
export type WhatsappSetupStatus = z.infer<typeof whatsappSetupStatusSchema>;

// ── responses ────────────────────────────────────────────────────────────────

export const smsSenderEnvelopeSchema = envelopeOf(smsSenderSchema);
export const smsSenderPageEnvelopeSchema = envelopeOf(pageOf(smsSenderSchema));
export const smsConfigEnvelopeSchema = envelopeOf(z.object({ default_sender: smsSenderSchema.nullable() }));
/** A request mailed to the platform team. */
export const platformRequestEnvelopeSchema = envelopeOf(z.object({ sent: z.literal(true) }));
export const smsTestEnvelopeSchema = envelopeOf(z.object({ message_id: z.number(), bulk_id: z.string().nullable() }));

export const emailConfigEnvelopeSchema = envelopeOf(emailConfigDtoSchema);
export const tierConfigEnvelopeSchema = envelopeOf(z.object({ tier: z.string(), daily_limit: z.number().nullable() }));
export const verificationSentEnvelopeSchema = envelopeOf(
  z.object({ sent: z.boolean(), status: z.enum(['PENDING_VERIFICATION', 'ACTIVE', 'INACTIVE']) }),
);
export const emailTestEnvelopeSchema = envelopeOf(
  z.object({ sent: z.literal(true), provider: z.string(), message_id: z.string().nullable() }),
);
export const emailAnalyticsEnvelopeSchema = envelopeOf(emailAnalyticsSchema);
export const emailWebhookEventPageEnvelopeSchema = envelopeOf(
  pageOf(
    z.object({
      id: z.number(),
      event: z.string(),
      email: z.string().nullable(),
      sg_message_id: z.string().nullable(),
      reason: z.string().nullable(),
      occurred_at: z.string(),
    }),
  ),
);

export const whatsappSenderEnvelopeSchema = envelopeOf(whatsappSenderDtoSchema);
export const whatsappSetupStatusEnvelopeSchema = envelopeOf(whatsappSetupStatusSchema);
export const whatsappSenderPageEnvelopeSchema = envelopeOf(pageOf(whatsappSenderDtoSchema));
/** The account-level defaults from configuration (WHATSAPP_*), without secrets. */
export const whatsappLegacyConfigEnvelopeSchema = envelopeOf(
  z.object({
    sandbox: z.boolean(),
    api_version: z.string(),
    business_account_id: z.string().nullable(),
    has_access_token: z.boolean(),
    has_app_secret: z.boolean(),
    webhook_path: z.string(),
  }),
);
const countsByStatus = z.record(z.string(), z.number());
export const whatsappChannelStatusEnvelopeSchema = envelopeOf(
  z.object({ ready: z.boolean(), senders: countsByStatus, default_sender_id: z.number().nullable() }),
);
export const whatsappAnalyticsEnvelopeSchema = envelopeOf(
  z.object({ senders: countsByStatus, templates: countsByStatus, messages: countsByStatus }),
);
/** complete-setup: the sender with what the Cloud API says about its number. */
export const whatsappSetupCompleteEnvelopeSchema = envelopeOf(
  whatsappSenderDtoSchema.extend({ verified_name: z.string().nullable(), display_phone_number: z.string().nullable() }),
);
export const autoReplyEnvelopeSchema = envelopeOf(autoReplySchema);
/** SendGrid's event webhook: how many events were stored, how many were repeats. */
export const emailWebhookAckSchema = z.object({ received: z.number(), duplicates: z.number() });
/** POST /api/sender-management/email/webhook-events/{senderId}: the sender whose signing key checks the events. */
export const emailWebhookParamsSchema = z.object({ senderId: idParamSchema.shape.id });

/** The sandbox SMS sender every account starts with (seeded; its description is shown in the reader's language). */
export const SANDBOX_SMS_SENDER = { sender_id: 'Risala', description: 'Sandbox sender id' } as const;

/** Whether a sender row is the seeded sandbox one, still as seeded. */
export const isSandboxSmsSender = (s: { sender_id: string; description: string | null }) =>
  s.sender_id === SANDBOX_SMS_SENDER.sender_id && s.description === SANDBOX_SMS_SENDER.description;
