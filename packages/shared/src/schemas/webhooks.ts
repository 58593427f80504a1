import { z } from 'zod';
import { envelopeOf, pageOf } from './common.ts';

/**
 * Webhooks out (/webhooks, /api/webhooks): endpoints an account registers for events, and the
 * signed deliveries made to them (docs/webhooks.md: `Risala-Signature: t=…,v1=…`).
 */
export const WEBHOOK_EVENTS = ['message.status', 'message.inbound', 'customer.opted_out', 'campaign.finished'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** what an endpoint's form sends (create and update) */
export const webhookInputSchema = z.object({
  url: z.string().trim().min(1, { error: 'validation.required' }).max(2000, { error: 'validation.max' }),
  description: z.string().trim().max(200, { error: 'validation.max' }).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'validation.webhooks.event' }))
    .min(1, { error: 'validation.webhooks.events' })
    .max(WEBHOOK_EVENTS.length)
    .transform((list) => [...new Set(list)]),
  enabled: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookPatchSchema = z.object({
  url: webhookInputSchema.shape.url.optional(),
  description: z.string().trim().max(200, { error: 'validation.max' }).optional(),
  events: webhookInputSchema.shape.events.optional(),
  enabled: z.boolean().optional(),
});

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** the secret's last characters, to tell two apart (the secret itself is shown once) */
  secret_hint: z.string(),
  created_at: z.string(),
  /** deliveries not yet delivered or failed */
  open_deliveries: z.number().int(),
  failed_deliveries: z.number().int(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** create and rotate answer the endpoint with its secret, once */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });

export const webhookAttemptSchema = z.object({
  at: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempts: z.array(webhookAttemptSchema),
  payload: z.unknown(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'validation.min' }).default(1),
  limit: z.coerce.number().int().min(1, { error: 'validation.min' }).max(100, { error: 'validation.max' }).default(20),
  status: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
});

export const webhookDeliveryParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  deliveryId: z.uuid({ error: 'validation.invalid' }),
});

export const webhookEnvelopeSchema = envelopeOf(webhookSchema);
export const webhookWithSecretEnvelopeSchema = envelopeOf(webhookWithSecretSchema);
export const webhookListEnvelopeSchema = envelopeOf(z.array(webhookSchema));
export const webhookDeliveryEnvelopeSchema = envelopeOf(webhookDeliverySchema);
export const webhookDeliveriesEnvelopeSchema = envelopeOf(pageOf(webhookDeliverySchema));
