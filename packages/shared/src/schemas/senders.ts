import { z } from 'zod';
import { emailSchema, optionalString, pageQuerySchema, phoneSchema, requiredString } from './common.ts';

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

export interface SmsSender {
  id: number;
  sender_id: string;
  sender_type: SenderType;
  description: string | null;
  status: SenderStatus;
  rejection_reason: string | null;
  is_default: boolean;
  requested_by: number | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

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

export interface EmailConfig {
  id: number;
  provider: (typeof EMAIL_PROVIDERS)[number];
  from_name: string;
  from_email: string;
  reply_to: string | null;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_user: string | null;
  smtp_security: (typeof SMTP_SECURITY)[number];
  has_password: boolean;
  has_api_key: boolean;
  sendgrid_webhook_key: string | null;
  tier: string;
  daily_limit: number | null;
  status: 'PENDING_VERIFICATION' | 'ACTIVE' | 'INACTIVE';
  verified_at: string | null;
  updated_at: string;
}

export interface EmailAnalytics {
  since: string;
  totals: Record<string, number>;
  total: number;
}

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

export interface WhatsappSender {
  id: number;
  display_name: string;
  phone_number: string;
  phone_number_id: string;
  business_account_id: string;
  has_access_token: boolean;
  has_app_secret: boolean;
  is_sandbox: boolean;
  status: 'PENDING_SETUP' | 'ACTIVE' | 'INACTIVE';
  setup_completed_at: string | null;
  is_default: boolean;
  created_at: string;
  updated_at: string;
}

export interface WhatsappSetupStatus {
  sender_id: number | null;
  complete: boolean;
  missing: string[];
  status: WhatsappSender['status'] | null;
}
