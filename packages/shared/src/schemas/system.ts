/**
 * The answers of the system routes: health, the subscription catalogue and the sandbox inbox.
 */
import { z } from 'zod';
import { envelopeOf } from './common.ts';

/** GET /health: 200 when the database answers, 503 (the same shape) when it does not. */
export const healthEnvelopeSchema = envelopeOf(
  z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['up', 'down']),
    mail: z.string(),
    uptime_s: z.number(),
  }),
);

export const subscriptionHealthEnvelopeSchema = envelopeOf(
  z.object({ status: z.literal('ok'), payments: z.enum(['stripe', 'offline']), checkout_available: z.boolean() }),
);

export const planOfferSchema = z.object({
  key: z.string(),
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  interval: z.string(),
  recommended: z.boolean(),
  /** catalogue keys (e.g. "plans.features.users3") */
  features: z.array(z.string()),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;
export const planListEnvelopeSchema = envelopeOf(z.object({ items: z.array(planOfferSchema) }));

export const sandboxStatusEnvelopeSchema = envelopeOf(
  z.object({ enabled: z.boolean(), mail: z.enum(['sandbox', 'smtp']), scope: z.enum(['all', 'own']) }),
);

export const sandboxMailSchema = z.object({
  id: z.number(),
  to: z.array(z.string()),
  from: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  otp_code: z.string().nullable(),
  created_at: z.string(),
});
export type SandboxMail = z.infer<typeof sandboxMailSchema>;
export const sandboxMailListEnvelopeSchema = envelopeOf(z.object({ items: z.array(sandboxMailSchema) }));
