import { healthEnvelopeSchema, planListEnvelopeSchema, subscriptionHealthEnvelopeSchema } from '@risala/shared/schemas/system';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';

const startedAt = Date.now();

/** GET /health — liveness plus a real database round trip. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['system'], summary: 'Liveness and a database round trip', response: { 200: healthEnvelopeSchema, 503: healthEnvelopeSchema } } },
      async (_req, reply) => {
        const db = await ctx.db
          .execute(sql`select 1`)
          .then(() => 'up' as const)
          .catch(() => 'down' as const);
        const status = db === 'up' ? 'ok' : 'degraded';
        return reply.code(db === 'up' ? 200 : 503).send({
          statusCode: db === 'up' ? 200 : 503,
          message: status,
          data: { status, database: db, mail: ctx.mailer.provider, uptime_s: Math.round((Date.now() - startedAt) / 1000) },
        });
      },
    );
  };
}

/** Plans offered on /subscriptionplan. Prices are monthly, in USD (spec §9 tracking currency). */
export const PLAN_CATALOGUE = [
  { key: 'starter', name: 'Starter', price: 49, currency: 'USD', interval: 'month', recommended: false,
    features: ['plans.features.users3', 'plans.features.contacts5k', 'plans.features.channelsAll', 'plans.features.emailSupport'] },
  { key: 'growth', name: 'Growth', price: 149, currency: 'USD', interval: 'month', recommended: true,
    features: ['plans.features.users10', 'plans.features.contacts50k', 'plans.features.channelsAll', 'plans.features.aiPlanning', 'plans.features.approvals'] },
  { key: 'enterprise', name: 'Enterprise', price: 499, currency: 'USD', interval: 'month', recommended: false,
    features: ['plans.features.usersUnlimited', 'plans.features.contactsUnlimited', 'plans.features.channelsAll', 'plans.features.aiPlanning', 'plans.features.approvals', 'plans.features.dedicatedSupport'] },
] as const;

/** /api/subscription — health and the plan catalogue (checkout arrives with billing). */
export function subscriptionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['subscription'];
    app.get('/health', { schema: { tags, summary: 'Whether payments are configured', response: { 200: subscriptionHealthEnvelopeSchema } } }, async (_req, reply) =>
      ok(reply, {
        status: 'ok',
        payments: ctx.config.stripeConfigured ? 'stripe' : 'offline',
        checkout_available: false,
      }),
    );
    app.get('/plans', { schema: { tags, summary: 'The plan catalogue', response: { 200: planListEnvelopeSchema } } }, async (_req, reply) => ok(reply, { items: PLAN_CATALOGUE }));
  };
}
