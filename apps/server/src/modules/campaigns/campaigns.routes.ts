import { idParamSchema } from '@risala/shared';
import { campaignReportSchema } from '@risala/shared/schemas/campaign-report';
import {
  audienceCountSchema,
  campaignDeploySchema,
  campaignDraftSchema,
  campaignEstimateSchema,
  campaignListQuerySchema,
  campaignPageSchema,
  campaignProgressSchema,
  campaignTestSendSchema,
} from '@risala/shared/schemas/campaigns';
import { envelopeOf } from '@risala/shared/schemas/dashboard';
import { userIdParamSchema } from '@risala/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { assertUserInAccount, planGate, requireAuth, requirePermission } from '../auth/index.ts';
import * as campaigns from './campaigns.service.ts';
import { deployCampaign } from './deploy.service.ts';
import { campaignProgress, cancelCampaign, pauseCampaign, resumeCampaign } from './execution.ts';
import { campaignReport, recipientsCsv } from './report.service.ts';
import { testSendCampaign } from './test-send.ts';

const tags = ['campaigns'];

/**
 * /api/campaigns (§7): drafts (create, autosave, delete), the list, deploy, pause / resume /
 * cancel, the live audience count, the estimate, test sends, progress, the report and the CSV of
 * per-recipient results. Writes are plan-gated; deploy and run control need the `send` action.
 */
export function campaignRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const view = requirePermission('campaign', 'view');
    const send = [requirePermission('campaign', 'send'), planGate];
    const params = idParamSchema;
    app.post(
      '/',
      { schema: { tags, body: campaignDraftSchema }, preHandler: [requirePermission('campaign', 'create'), planGate] },
      async (req, reply) => ok(reply, await campaigns.createCampaign(ctx, requireAuth(req), req.body), 'Campaign saved', 201),
    );
    app.get(
      '/',
      { schema: { tags, querystring: campaignListQuerySchema, response: { 200: envelopeOf(campaignPageSchema) } }, preHandler: view },
      async (req, reply) => ok(reply, await campaigns.listCampaigns(ctx, requireAuth(req), req.query)),
    );
    app.get('/:id', { schema: { tags, params }, preHandler: view }, async (req, reply) =>
      ok(reply, await campaigns.getCampaign(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      { schema: { tags, params, body: campaignDraftSchema }, preHandler: [requirePermission('campaign', 'update'), planGate] },
      async (req, reply) => ok(reply, await campaigns.updateCampaign(ctx, requireAuth(req), req.params.id, req.body), 'Campaign saved'),
    );
    app.delete('/:id', { schema: { tags, params }, preHandler: requirePermission('campaign', 'delete') }, async (req, reply) =>
      ok(reply, await campaigns.deleteCampaign(ctx, requireAuth(req), req.params.id), 'Campaign deleted'),
    );
    app.post('/deploy', { schema: { tags, body: campaignDeploySchema }, preHandler: send }, async (req, reply) =>
      ok(reply, await deployCampaign(ctx, requireAuth(req), req.body.campaign_id), 'Campaign deployed', 201),
    );
    app.post('/:id/deploy', { schema: { tags, params }, preHandler: send }, async (req, reply) =>
      ok(reply, await deployCampaign(ctx, requireAuth(req), req.params.id), 'Campaign deployed', 201),
    );
    app.post('/:id/pause', { schema: { tags, params }, preHandler: send }, async (req, reply) =>
      ok(reply, await pauseCampaign(ctx, requireAuth(req), req.params.id), 'Campaign paused'),
    );
    app.post('/:id/resume', { schema: { tags, params }, preHandler: send }, async (req, reply) =>
      ok(reply, await resumeCampaign(ctx, requireAuth(req), req.params.id), 'Campaign resumed'),
    );
    app.post('/:id/cancel', { schema: { tags, params }, preHandler: send }, async (req, reply) =>
      ok(reply, await cancelCampaign(ctx, requireAuth(req), req.params.id), 'Campaign cancelled'),
    );
    app.get(
      '/:id/audience-count',
      { schema: { tags, params, response: { 200: envelopeOf(audienceCountSchema) } }, preHandler: view },
      async (req, reply) => ok(reply, await campaigns.audienceCount(ctx, requireAuth(req), req.params.id)),
    );
    app.get(
      '/:id/estimate',
      { schema: { tags, params, response: { 200: envelopeOf(campaignEstimateSchema) } }, preHandler: view },
      async (req, reply) => ok(reply, await campaigns.estimate(ctx, requireAuth(req), req.params.id)),
    );
    app.post('/:id/test-send', { schema: { tags, params, body: campaignTestSendSchema }, preHandler: send }, async (req, reply) =>
      ok(reply, await testSendCampaign(ctx, requireAuth(req), req.params.id, req.body), 'Test messages queued', 201),
    );
    app.get(
      '/:id/progress',
      { schema: { tags, params, response: { 200: envelopeOf(campaignProgressSchema) } }, preHandler: view },
      async (req, reply) => ok(reply, await campaignProgress(ctx, requireAuth(req), req.params.id)),
    );
    app.get(
      '/:id/report',
      {
        schema: { tags, params, response: { 200: envelopeOf(campaignReportSchema) } },
        preHandler: requirePermission('campaign_history', 'view'),
      },
      async (req, reply) => ok(reply, await campaignReport(ctx, requireAuth(req), req.params.id, requestLanguage(req))),
    );
    app.get(
      '/:id/recipients.csv',
      { schema: { tags, params }, preHandler: requirePermission('campaign_history', 'export') },
      async (req, reply) => {
        const stream = await recipientsCsv(ctx, requireAuth(req), req.params.id, requestLanguage(req));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="campaign-${req.params.id}-recipients.csv"`)
          .send(stream);
      },
    );
  };
}

/** GET /api/users/{userId}/campaigns — a colleague's campaigns (same account only). */
export function userCampaignRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:userId/campaigns',
      {
        schema: {
          tags,
          params: userIdParamSchema,
          querystring: campaignListQuerySchema,
          response: { 200: envelopeOf(campaignPageSchema) },
        },
        preHandler: requirePermission('campaign', 'view'),
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        await assertUserInAccount(ctx.db, auth.accountId, req.params.userId);
        return ok(reply, await campaigns.listCampaigns(ctx, auth, req.query, req.params.userId));
      },
    );
  };
}
