import {
  audienceMetricsSchema,
  campaignDashboardSchema,
  campaignMetricsPageSchema,
  campaignMetricsQuerySchema,
  channelMetricsSchema,
  dashboardEventsPageSchema,
  dashboardEventsQuerySchema,
  dashboardFilterSchema,
  dashboardOverviewSchema,
  envelopeOf,
  gettingStartedSchema,
} from '@risala/shared/schemas/dashboard';
import { idParamSchema } from '@risala/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import * as analytics from '../analytics/index.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import { gettingStarted, isAccountUser } from './dashboard.repo.ts';
import { streamEvents } from './events.stream.ts';

/** `{id}` of analytics/{id} and customers/{id} (spec §7) names a user: the caller or a colleague, never another account's. */
async function requireAccountUser(ctx: AppContext, accountId: number, userId: number) {
  if (!(await isAccountUser(ctx.db, accountId, userId))) throw new AppError('NOT_FOUND');
}

/**
 * /api/dashboard — the Insights Dashboard (spec §2, §7): the getting-started checklist and the
 * metrics read from the analytics rollups, all scoped to the caller's account.
 */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['dashboard'];
    const canView = requirePermission('dashboard', 'view');
    const hub = new analytics.EventsHub(ctx.db, ctx.log);
    const streams = new Set<() => void>();
    app.addHook('onClose', async () => {
      for (const end of streams) end();
      await hub.close();
    });

    app.get(
      '/getting-started',
      {
        schema: { tags, summary: 'The getting-started checklist', response: { 200: envelopeOf(gettingStartedSchema) } },
        preHandler: canView,
      },
      async (req, reply) => ok(reply, await gettingStarted(ctx.db, requireAuth(req).accountId)),
    );

    app.get(
      '/analytics/:id',
      {
        schema: {
          tags,
          summary: 'The dashboard overview',
          params: idParamSchema,
          querystring: dashboardFilterSchema,
          response: { 200: envelopeOf(dashboardOverviewSchema) },
        },
        preHandler: canView,
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        await requireAccountUser(ctx, auth.accountId, req.params.id);
        return ok(reply, await analytics.overview(ctx.db, auth.accountId, req.query, requestLanguage(req)));
      },
    );

    app.get(
      '/customers/:id',
      {
        schema: {
          tags,
          summary: 'Audience metrics',
          params: idParamSchema,
          querystring: dashboardFilterSchema,
          response: { 200: envelopeOf(audienceMetricsSchema) },
        },
        preHandler: canView,
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        await requireAccountUser(ctx, auth.accountId, req.params.id);
        return ok(reply, await analytics.audienceMetrics(ctx.db, auth.accountId, req.query));
      },
    );

    app.get(
      '/channel-metrics',
      {
        schema: {
          tags,
          summary: 'Metrics per channel',
          querystring: dashboardFilterSchema,
          response: { 200: envelopeOf(channelMetricsSchema) },
        },
        preHandler: canView,
      },
      async (req, reply) => ok(reply, await analytics.channelMetrics(ctx.db, requireAuth(req).accountId, req.query)),
    );

    app.get(
      '/campaign-metrics',
      {
        schema: {
          tags,
          summary: 'Metrics per campaign',
          querystring: campaignMetricsQuerySchema,
          response: { 200: envelopeOf(campaignMetricsPageSchema) },
        },
        preHandler: canView,
      },
      async (req, reply) => ok(reply, await analytics.campaignMetrics(ctx.db, requireAuth(req).accountId, req.query)),
    );

    app.get(
      '/campaigns/:id',
      {
        schema: {
          tags,
          summary: "One campaign's dashboard",
          params: idParamSchema,
          response: { 200: envelopeOf(campaignDashboardSchema) },
        },
        preHandler: canView,
      },
      async (req, reply) =>
        ok(reply, await analytics.campaignDashboard(ctx.db, requireAuth(req).accountId, req.params.id, requestLanguage(req))),
    );

    app.get(
      '/events',
      {
        schema: {
          tags,
          summary: 'The latest message events (or a live stream of them)',
          description:
            'The account’s live message state changes. With `Accept: text/event-stream`: Server-Sent Events (`event: change`, resumable with `Last-Event-ID`); otherwise a page of events after `after`.',
          querystring: dashboardEventsQuerySchema,
          response: { 200: envelopeOf(dashboardEventsPageSchema) },
        },
        preHandler: canView,
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        if ((req.headers.accept ?? '').includes('text/event-stream')) {
          const header = Number(req.headers['last-event-id']);
          const after = Number.isSafeInteger(header) && header >= 0 ? header : (req.query.after ?? 0);
          streamEvents(ctx, hub, streams, req, reply, auth, after);
          return reply;
        }
        return ok(reply, await analytics.eventsAfter(ctx.db, auth.accountId, req.query.after ?? 0, req.query.limit));
      },
    );
  };
}
