/**
 * Email campaigns (§7, under /api/email-campaigns — the spec shows the paths without their
 * prefix): an email-only campaign sent now or scheduled (created and deployed in one call through
 * the same deploy checks — a refused deploy leaves nothing behind), a test send, the history of a
 * user's email campaigns, one recipient's details and the groups to choose from.
 */
import { idParamSchema, pageQuerySchema } from '@risala/shared';
import {
  campaignListQuerySchema,
  emailCampaignScheduleSchema,
  emailCampaignSendSchema,
  emailCampaignTestSchema,
} from '@risala/shared/schemas/campaigns';
import { userIdParamSchema } from '@risala/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { assertUserInAccount, planGate, requireAuth, requirePermission } from '../auth/index.ts';
import { listCampaigns } from './campaigns.service.ts';
import { customerGroupsPage, emailRecipientDetails, sendEmailCampaign } from './email-campaigns.service.ts';
import { testSendContent } from './test-send.ts';

const detailParams = z.object({ campaignId: idParamSchema.shape.id, id: idParamSchema.shape.id });

export function emailCampaignRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['email-campaigns'];
    const send = [requirePermission('campaign', 'send'), planGate];
    const view = requirePermission('campaign', 'view');
    app.post('/send-now', { schema: { tags, body: emailCampaignSendSchema }, preHandler: send }, async (req, reply) =>
      ok(reply, await sendEmailCampaign(ctx, requireAuth(req), req.body), 'Email campaign sent', 201),
    );
    app.post('/schedule', { schema: { tags, body: emailCampaignScheduleSchema }, preHandler: send }, async (req, reply) =>
      ok(reply, await sendEmailCampaign(ctx, requireAuth(req), req.body), 'Email campaign scheduled', 201),
    );
    app.post('/test-send', { schema: { tags, body: emailCampaignTestSchema }, preHandler: send }, async (req, reply) => {
      const spec = {
        campaignId: null,
        channels: ['email' as const],
        content: { email: req.body.email },
        senders: { email_sender_id: req.body.email_sender_id ?? null },
      };
      return ok(
        reply,
        await testSendContent(ctx, requireAuth(req), spec, { numbers: [], emails: req.body.emails }),
        'Test email queued',
        201,
      );
    });
    app.get(
      '/history/:userId',
      { schema: { tags, params: userIdParamSchema, querystring: campaignListQuerySchema.omit({ channel: true }) }, preHandler: view },
      async (req, reply) => {
        const auth = requireAuth(req);
        await assertUserInAccount(ctx.db, auth.accountId, req.params.userId);
        return ok(reply, await listCampaigns(ctx, auth, { ...req.query, channel: 'email' }, req.params.userId));
      },
    );
    app.get('/:campaignId/details/:id', { schema: { tags, params: detailParams }, preHandler: view }, async (req, reply) => {
      const auth = requireAuth(req);
      return ok(reply, await emailRecipientDetails(ctx, auth, req.params.campaignId, req.params.id, requestLanguage(req)));
    });
    app.get(
      '/customer-groups/:userId',
      { schema: { tags, params: userIdParamSchema, querystring: pageQuerySchema }, preHandler: view },
      async (req, reply) => {
        const auth = requireAuth(req);
        await assertUserInAccount(ctx.db, auth.accountId, req.params.userId);
        return ok(reply, await customerGroupsPage(ctx, auth, req.query));
      },
    );
  };
}
