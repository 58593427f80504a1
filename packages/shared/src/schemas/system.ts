/**
 * The answers of the system routes: liveness and readiness (GET /health, GET /ready: what an
 * orchestrator, a load balancer or an operator's probe reads), the subscription catalogue and the
 * sandbox inbox.
 */
import { z } from 'zod';
import { envelopeOf } from './common.ts';

export const PROCESS_ROLES = ['all', 'api', 'worker'] as const;

/** GET /health: the process answers (never the database's state: a restart would not help it). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  role: z.enum(PROCESS_ROLES),
  mail: z.enum(['sandbox', 'smtp']),
  uptime_s: z.number().int(),
});
export type Health = z.infer<typeof healthSchema>;
export const healthEnvelopeSchema = envelopeOf(healthSchema);

/**
 * GET /ready: the process can do its work end to end — the database answers, and a job worker
 * runs (its own; for ROLE=api, a live worker process).
 */
export const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  role: z.enum(PROCESS_ROLES),
  database: z.enum(['up', 'down']),
  worker: z.enum(['up', 'down']),
});
export type Ready = z.infer<typeof readySchema>;
export const readyEnvelopeSchema = envelopeOf(readySchema);

// the subscription answers live with billing (moved there with the plans as data)
export { planListEnvelopeSchema, planOfferSchema, subscriptionHealthEnvelopeSchema, type PlanOffer } from './billing.ts';

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

/** GET /api/api-docs/openapi.json: an OpenAPI object as the /api-docs screen reads it (not described field by field). */
export const openApiDocumentSchema = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });
