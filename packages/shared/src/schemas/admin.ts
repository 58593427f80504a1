import { z } from 'zod';
import { CHANNELS } from '../constants.ts';
import { emailSchema, envelopeOf, pageOf } from './common.ts';

/**
 * The platform admin area (/admin, /api/admin): platform operators — not users of any
 * account — sign in with a one-time code and look after every account.
 */

/** An operator's sign-in code: 6 digits, 10 minutes, 5 wrong tries burn it. */
export const OPERATOR_OTP = { length: 6, ttlMinutes: 10, maxAttempts: 5, sessionHours: 8 } as const;

export const ACCOUNT_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const operatorSendOtpSchema = z.object({ email: emailSchema });
export const operatorVerifyOtpSchema = z.object({
  email: emailSchema,
  otp: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'validation.otp' }),
});

export const operatorSchema = z.object({ id: z.number().int(), email: z.string(), name: z.string() });
export type Operator = z.infer<typeof operatorSchema>;

export const operatorOtpSentEnvelopeSchema = envelopeOf(z.object({ ttl_minutes: z.number().int() }));
export const operatorSessionEnvelopeSchema = envelopeOf(z.object({ token: z.string(), expires_at: z.string(), operator: operatorSchema }));
export const operatorMeEnvelopeSchema = envelopeOf(z.object({ operator: operatorSchema }));

export const adminAccountsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'validation.min' }).default(1),
  limit: z.coerce.number().int().min(1, { error: 'validation.min' }).max(100, { error: 'validation.max' }).default(20),
  search: z.string().trim().max(200).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
});
export type AdminAccountsQuery = z.infer<typeof adminAccountsQuerySchema>;

const creditsSchema = z.object({ sms: z.number(), email: z.number(), whatsapp: z.number() });

export const adminAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  plan: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  suspended_reason: z.string().nullable(),
  suspended_at: z.string().nullable(),
  owner_email: z.string().nullable(),
  users: z.number().int(),
  messages_30d: z.number().int(),
  credits: creditsSchema,
  created_at: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountsEnvelopeSchema = envelopeOf(pageOf(adminAccountSchema));
export const adminAccountEnvelopeSchema = envelopeOf(z.object({ account: adminAccountSchema }));

export const suspendAccountSchema = z.object({
  reason: z.string({ error: 'validation.required' }).trim().min(3, { error: 'validation.min' }).max(500, { error: 'validation.max' }),
});

export const adjustCreditsSchema = z.object({
  channel: z.enum(CHANNELS),
  /** positive: granted; negative: taken back (never below zero) */
  delta: z.coerce
    .number()
    .int()
    .refine((n) => n !== 0 && Math.abs(n) <= 10_000_000, { error: 'validation.invalid' }),
  reason: z.string({ error: 'validation.required' }).trim().min(3, { error: 'validation.min' }).max(500, { error: 'validation.max' }),
});
export type AdjustCreditsInput = z.infer<typeof adjustCreditsSchema>;

export const reviewItemSchema = z.object({
  kind: z.enum(['sms_sender', 'whatsapp_template', 'batch']),
  id: z.number().int(),
  account_id: z.number().int(),
  account_name: z.string(),
  label: z.string(),
  detail: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewQueuesEnvelopeSchema = envelopeOf(
  z.object({
    sms_senders: z.array(reviewItemSchema),
    whatsapp_templates: z.array(reviewItemSchema),
    batches: z.array(reviewItemSchema),
  }),
);

/**
 * POST /api/admin/reviews/{sms-senders|batches}/{id}: an operator's decision on a waiting sender id
 * or a batch held for gateway review, in the account's audit log with the operator as actor. A
 * rejection says why (the requester is told). WhatsApp templates are decided by Meta, not here.
 */
export const reviewDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('reject'),
    reason: z.string({ error: 'validation.required' }).trim().min(3, { error: 'validation.min' }).max(500, { error: 'validation.max' }),
  }),
]);
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;
export const reviewDecidedEnvelopeSchema = envelopeOf(
  z.object({ id: z.number().int(), kind: z.enum(['sms_sender', 'batch']), decision: z.enum(['approve', 'reject']) }),
);

export const gatewayHealthItemSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  account_name: z.string(),
  connection_name: z.string(),
  type: z.string(),
  status: z.string(),
  desired_state: z.string(),
  is_sandbox: z.boolean(),
  last_error: z.string().nullable(),
  connected_at: z.string().nullable(),
  /** the worker keeps it: started but not CONNECTED */
  healthy: z.boolean(),
});
export type GatewayHealthItem = z.infer<typeof gatewayHealthItemSchema>;
export const gatewayHealthEnvelopeSchema = envelopeOf(z.object({ connections: z.array(gatewayHealthItemSchema) }));
