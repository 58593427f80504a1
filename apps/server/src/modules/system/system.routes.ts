import { healthEnvelopeSchema, readyEnvelopeSchema } from '@risala/shared/schemas/system';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { processState } from '../../instances/registry.ts';
import { ok } from '../../lib/http.ts';

const startedAt = Date.now();
/** a database slower than this to answer `select 1` counts as down for readiness */
const READY_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Is a job worker running: this process's own, or (ROLE=api) any live worker process's. */
async function workerUp(ctx: AppContext): Promise<boolean> {
  const state = processState(ctx);
  if (state.workerRunning) return state.workerRunning();
  return ((await state.registry?.liveWorkers()) ?? 0) > 0;
}

/**
 * GET /health — liveness: the process answers (probes restart a process that does not; a
 * database outage is not cured by a restart, so it is not part of it).
 * GET /ready — readiness: the database answers within 2 s and a job worker runs; 503 otherwise.
 * Every role serves both (a worker-only process on PORT too).
 */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['system'];
    app.get(
      '/health',
      { schema: { tags, summary: 'Liveness: the process answers', response: { 200: healthEnvelopeSchema } } },
      async (_req, reply) =>
        ok(reply, {
          status: 'ok' as const,
          role: ctx.config.role,
          mail: ctx.mailer.provider,
          uptime_s: Math.round((Date.now() - startedAt) / 1000),
        }),
    );
    app.get(
      '/ready',
      {
        schema: {
          tags,
          summary: 'Readiness: the database answers and a job worker runs',
          response: { 200: readyEnvelopeSchema, 503: readyEnvelopeSchema },
        },
      },
      async (_req, reply) => {
        const database = await within(ctx.db.execute(sql`select 1`), READY_TIMEOUT_MS).then(
          () => 'up' as const,
          () => 'down' as const,
        );
        const worker =
          database === 'up' && (await within(workerUp(ctx), READY_TIMEOUT_MS).catch(() => false)) ? ('up' as const) : ('down' as const);
        const ready = database === 'up' && worker === 'up';
        return reply.code(ready ? 200 : 503).send({
          statusCode: ready ? 200 : 503,
          message: ready ? 'ready' : 'not ready',
          data: { status: ready ? ('ready' as const) : ('not_ready' as const), role: ctx.config.role, database, worker },
        });
      },
    );
  };
}
