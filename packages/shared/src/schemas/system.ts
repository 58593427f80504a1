/**
 * Liveness and readiness of a Risala process (GET /health, GET /ready): what an orchestrator, a
 * load balancer or an operator's probe reads.
 */
import { z } from 'zod';

const envelope = <T extends z.ZodType>(data: T) => z.object({ statusCode: z.number(), message: z.string(), data });

export const PROCESS_ROLES = ['all', 'api', 'worker'] as const;

/** GET /health: the process answers (never the database's state: a restart would not help it). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  role: z.enum(PROCESS_ROLES),
  mail: z.enum(['sandbox', 'smtp']),
  uptime_s: z.number().int(),
});
export type Health = z.infer<typeof healthSchema>;
export const healthEnvelopeSchema = envelope(healthSchema);

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
export const readyEnvelopeSchema = envelope(readySchema);
