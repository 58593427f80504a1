import { idParamSchema } from '@risala/shared';
import { campaignReportEnvelopeSchema } from '@risala/shared/schemas/campaign-report';
import {
  audienceCountEnvelopeSchema,
  campaignCancelledEnvelopeSchema,
  campaignDeletedEnvelopeSchema,
  campaignDeployedEnvelopeSchema,
  campaignDeploySchema,
  campaignDraftSchema,
  campaignEnvelopeSchema,
  campaignEstimateEnvelopeSchema,
  campaignListQuerySchema,
  campaignPageEnvelopeSchema,
  campaignPausedEnvelopeSchema,
  campaignProgressEnvelopeSchema,
  campaignResumedEnvelopeSchema,
  campaignTestSendSchema,
  testSendEnvelopeSchema,
} from '@risala/shared/schemas/campaigns';
import { fileResponse, userIdParamSchema } from '@risala/shared/schemas/common';
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
      {
        schema: { tags, summary: 'Save a new campaign draft', body: campaignDraftSchema, response: { 201: campaignEnvelopeSchema } },
        preHandler: [requirePermission('campaign', 'create'), planGate],
      },
      async (req, reply) =>
        ok(reply, await campaigns.createCampaign(ctx, requireAuth(req), req.body, ctx.db, requestLanguage(req)), 'Campaign saved', 201),
    );
    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'List the campaigns',
          querystring: campaignListQuerySchema,
          response: { 200: campaignPageEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await campaigns.listCampaigns(ctx, requireAuth(req), req.query)),
    );
    app.get(
      '/:id',
      { schema: { tags, summary: 'Get a campaign', params, response: { 200: campaignEnvelopeSchema } }, preHandler: view },
      async (req, reply) => ok(reply, await campaigns.getCampaign(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Autosave a campaign draft',
          params,
          body: campaignDraftSchema,
          response: { 200: campaignEnvelopeSchema },
        },
        preHandler: [requirePermission('campaign', 'update'), planGate],
      },
      async (req, reply) => ok(reply, await campaigns.updateCampaign(ctx, requireAuth(req), req.params.id, req.body), 'Campaign saved'),
    );
    app.delete(
      '/:id',
      {
        schema: { tags, summary: 'Delete a campaign', params, response: { 200: campaignDeletedEnvelopeSchema } },
        preHandler: requirePermission('campaign', 'delete'),
      },
      async (req, reply) => ok(reply, await campaigns.deleteCampaign(ctx, requireAuth(req), req.params.id), 'Campaign deleted'),
    );
    app.post(
      '/:id/duplicate',
      {
        schema: {
          tags,
          summary: 'Duplicate a campaign into a new draft (content, audience, senders)',
          params,
          response: { 201: campaignEnvelopeSchema },
        },
        preHandler: [requirePermission('campaign', 'create'), planGate],
      },
      async (req, reply) =>
        ok(
          reply,
          await campaigns.duplicateCampaign(ctx, requireAuth(req), req.params.id, requestLanguage(req)),
          'Campaign duplicated',
          201,
        ),
    );
    app.post(
      '/deploy',
      {
        schema: {
          tags,
          summary: 'Deploy the campaign named in the body',
          body: campaignDeploySchema,
          response: { 201: campaignDeployedEnvelopeSchema },
        },
        preHandler: send,
      },
      async (req, reply) => ok(reply, await deployCampaign(ctx, requireAuth(req), req.body.campaign_id), 'Campaign deployed', 201),
    );
    app.post(
      '/:id/deploy',
      { schema: { tags, summary: 'Deploy a campaign', params, response: { 201: campaignDeployedEnvelopeSchema } }, preHandler: send },
      async (req, reply) => ok(reply, await deployCampaign(ctx, requireAuth(req), req.params.id), 'Campaign deployed', 201),
    );
    app.post(
      '/:id/pause',
      { schema: { tags, summary: 'Pause a running campaign', params, response: { 200: campaignPausedEnvelopeSchema } }, preHandler: send },
      async (req, reply) => ok(reply, await pauseCampaign(ctx, requireAuth(req), req.params.id), 'Campaign paused'),
    );
    app.post(
      '/:id/resume',
      { schema: { tags, summary: 'Resume a paused campaign', params, response: { 200: campaignResumedEnvelopeSchema } }, preHandler: send },
      async (req, reply) => ok(reply, await resumeCampaign(ctx, requireAuth(req), req.params.id), 'Campaign resumed'),
    );
    app.post(
      '/:id/cancel',
      { schema: { tags, summary: 'Cancel a campaign', params, response: { 200: campaignCancelledEnvelopeSchema } }, preHandler: send },
      async (req, reply) => ok(reply, await cancelCampaign(ctx, requireAuth(req), req.params.id), 'Campaign cancelled'),
    );
    app.get(
      '/:id/audience-count',
      {
        schema: { tags, summary: 'Count the audience of a campaign', params, response: { 200: audienceCountEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await campaigns.audienceCount(ctx, requireAuth(req), req.params.id)),
    );
    app.get(
      '/:id/estimate',
      {
        schema: {
          tags,
          summary: 'Estimate the messages, credits and cost of a campaign',
          params,
          response: { 200: campaignEstimateEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await campaigns.estimate(ctx, requireAuth(req), req.params.id)),
    );
    app.post(
      '/:id/test-send',
      {
        schema: {
          tags,
          summary: 'Send a campaign to a few test addresses',
          params,
          body: campaignTestSendSchema,
          response: { 201: testSendEnvelopeSchema },
        },
        preHandler: send,
      },
      async (req, reply) => ok(reply, await testSendCampaign(ctx, requireAuth(req), req.params.id, req.body), 'Test messages queued', 201),
    );
    app.get(
      '/:id/progress',
      {
        schema: { tags, summary: 'The progress of a running campaign', params, response: { 200: campaignProgressEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await campaignProgress(ctx, requireAuth(req), req.params.id)),
    );
    app.get(
      '/:id/report',
      {
        schema: {
          tags,
          summary: 'The report of a campaign: funnel, timeline, cost, errors',
          params,
          response: { 200: campaignReportEnvelopeSchema },
        },
        preHandler: requirePermission('campaign_history', 'view'),
      },
      async (req, reply) => ok(reply, await campaignReport(ctx, requireAuth(req), req.params.id, requestLanguage(req))),
    );
    app.get(
      '/:id/recipients.csv',
      {
        schema: {
          tags,
          summary: 'Download the per-recipient results as CSV',
          params,
          response: { 200: fileResponse('text/csv', 'One row per message (UTF-8 with BOM), streamed') },
        },
        preHandler: requirePermission('campaign_history', 'export'),
      },
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
          summary: 'List the campaigns a user created',
          params: userIdParamSchema,
          querystring: campaignListQuerySchema,
          response: { 200: campaignPageEnvelopeSchema },
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
