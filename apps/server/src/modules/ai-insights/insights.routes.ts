import fastifySse from '@fastify/sse';
import {
  analyticsDashboardEnvelopeSchema,
  analyticsEnvelopeSchema,
  analyticsQuerySchema,
  createdGroupEnvelopeSchema,
  insightsEnvelopeSchema,
  performanceEnvelopeSchema,
  performanceQuerySchema,
} from '@risala/shared/schemas/ai-insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { aiFeatureGate, streamWriting } from '../ai/index.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import { analytics, computeInsights, dashboard, fatigueGroup, prepareAnalytics } from './insights.service.ts';
import { performance } from './performance.ts';
import { SOURCE } from './source.ts';

const tags = ['ai'];
const view = [requirePermission('analytics', 'view'), aiFeatureGate];
const streamDescription = z
  .string()
  .describe(
    "text/event-stream: `start` {engine, model}, `delta` {text}, `replace` {text, reason} (the model's text failed the numbers check), `done` (the analytics), `error` {statusCode, code, message}",
  );

/** /api/ai (§7): analytics, analytics-stream, the analytics dashboard, performance, insights. */
export function aiInsightRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifySse, { heartbeatInterval: 15_000 });
    app.get(
      '/insights',
      {
        schema: {
          tags,
          summary: "Insights computed from the account's data",
          querystring: analyticsQuerySchema,
          response: { 200: insightsEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => {
        const lang = req.query.lang ?? requestLanguage(req);
        const insights = await computeInsights(ctx, requireAuth(req).accountId, lang, req.query.days);
        return ok(reply, { insights, days: req.query.days, generated_at: new Date().toISOString(), source: SOURCE });
      },
    );
    app.get(
      '/analytics',
      {
        schema: {
          tags,
          summary: 'The analytics narrative over computed figures',
          querystring: analyticsQuerySchema,
          response: { 200: analyticsEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        const writer = await prepareAnalytics(ctx, auth);
        return ok(reply, await analytics(ctx, auth, writer, req.query.lang ?? requestLanguage(req), req.query.days));
      },
    );
    app.post(
      '/analytics-stream',
      {
        sse: { kind: 'manual', heartbeat: true },
        schema: {
          tags,
          summary: 'The analytics narrative, streamed (SSE)',
          querystring: analyticsQuerySchema,
          response: { 200: streamDescription },
        },
        preHandler: view,
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        const lang = req.query.lang ?? requestLanguage(req);
        // the daily cap refuses before the stream opens
        const writer = await prepareAnalytics(ctx, auth);
        await streamWriting(ctx, req, reply, lang, (emit, signal) => analytics(ctx, auth, writer, lang, req.query.days, emit, signal));
      },
    );
    app.get(
      '/analytics/dashboard',
      {
        schema: {
          tags,
          summary: 'The AI analytics dashboard: figures and charts',
          querystring: analyticsQuerySchema,
          response: { 200: analyticsDashboardEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await dashboard(ctx, requireAuth(req), req.query.lang ?? requestLanguage(req), req.query.days)),
    );
    app.get(
      '/performance',
      {
        schema: {
          tags,
          summary: 'Performance of the campaigns or one campaign',
          querystring: performanceQuerySchema,
          response: { 200: performanceEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) =>
        ok(reply, await performance(ctx, requireAuth(req), req.query.campaign_id, req.query.lang ?? requestLanguage(req))),
    );
    app.post(
      '/insights/fatigue-group',
      {
        schema: { tags, summary: 'Create a group of the customers a fatigue insight names', response: { 201: createdGroupEnvelopeSchema } },
        preHandler: [requirePermission('customer', 'create'), aiFeatureGate],
      },
      async (req, reply) => ok(reply, await fatigueGroup(ctx, requireAuth(req), requestLanguage(req)), 'Group created', 201),
    );
  };
}
