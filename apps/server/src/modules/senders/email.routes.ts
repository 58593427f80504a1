import { pageQuerySchema } from '@risala/shared';
import { emailConfigSchema, supportRequestSchema, testEmailSchema, tierConfigSchema } from '@risala/shared/schemas/senders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import * as email from './email.service.ts';

/**
 * /api/sender-management/email — config, tier-config, request-sendgrid, verify-sender, test,
 * analytics, webhook-events (the signed SendGrid POST and the verify link are in email-public.routes.ts).
 */
export function emailSenderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sender-management'];
    const view = requirePermission('sender', 'view');
    const edit = [requirePermission('sender', 'update'), planGate];
    app.get('/config', { schema: { tags }, preHandler: view }, async (req, reply) =>
      ok(reply, await email.getEmailConfig(ctx, requireAuth(req))),
    );
    app.put('/config', { schema: { tags, body: emailConfigSchema }, preHandler: edit }, async (req, reply) =>
      ok(reply, await email.saveEmailConfig(ctx, requireAuth(req), req.body), 'Email configuration saved'),
    );
    app.get('/tier-config', { schema: { tags }, preHandler: view }, async (req, reply) =>
      ok(reply, await email.getTierConfig(ctx, requireAuth(req))),
    );
    app.put('/tier-config', { schema: { tags, body: tierConfigSchema }, preHandler: edit }, async (req, reply) =>
      ok(reply, await email.saveTierConfig(ctx, requireAuth(req), req.body), 'Tier saved'),
    );
    app.post('/request-sendgrid', { schema: { tags, body: supportRequestSchema }, preHandler: edit }, async (req, reply) =>
      ok(reply, await email.requestFromPlatform(ctx, requireAuth(req), 'sendgrid', req.body.message), 'Request sent'),
    );
    app.post('/verify-sender', { schema: { tags }, preHandler: edit }, async (req, reply) =>
      ok(reply, await email.sendVerification(ctx, requireAuth(req), requestLanguage(req)), 'Verification sent'),
    );
    app.post('/test', { schema: { tags, body: testEmailSchema }, preHandler: edit }, async (req, reply) =>
      ok(reply, await email.sendTestEmail(ctx, requireAuth(req), req.body.to, requestLanguage(req)), 'Test email sent'),
    );
    app.get('/analytics', { schema: { tags }, preHandler: view }, async (req, reply) =>
      ok(reply, await email.emailAnalytics(ctx, requireAuth(req))),
    );
    app.get('/webhook-events', { schema: { tags, querystring: pageQuerySchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await email.listWebhookEvents(ctx, requireAuth(req), req.query.page, req.query.limit)),
    );
  };
}
