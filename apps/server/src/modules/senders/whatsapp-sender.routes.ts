import { idParamSchema, pageQuerySchema } from '@risala/shared';
import { sandboxInboundSchema, whatsappSendMessageSchema } from '@risala/shared/schemas/messages';
import { autoReplySchema, updateWhatsappSenderSchema, whatsappSenderSchema } from '@risala/shared/schemas/senders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import { sandboxInbound, sendWhatsappMessage } from '../messaging/index.ts';
import { whatsappTemplateRoutes } from '../whatsapp/index.ts';
import * as wa from './whatsapp-sender.service.ts';

/**
 * /api/whatsapp/sender — CRUD, config (the default sender), setup-status, legacy-config, status,
 * analytics, send-message (§7: one recipient, template or free text inside the 24-hour window),
 * sandbox-inbound (a simulated customer message), /{id}/complete-setup and /{id}/auto-reply, and
 * /templates: the same template endpoints as /api/whatsapp/templates (§7 lists them under both).
 */
export function whatsappSenderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sender-management'];
    const view = requirePermission('sender', 'view');
    const update = [requirePermission('sender', 'update'), planGate];
    await app.register(whatsappTemplateRoutes(ctx), { prefix: '/templates' });
    app.get('/', { schema: { tags, querystring: pageQuerySchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await wa.listWhatsappSenders(ctx, requireAuth(req), req.query.page, req.query.limit)),
    );
    app.post(
      '/',
      { schema: { tags, body: whatsappSenderSchema }, preHandler: [requirePermission('sender', 'create'), planGate] },
      async (req, reply) => ok(reply, await wa.createWhatsappSender(ctx, requireAuth(req), req.body), 'WhatsApp sender created', 201),
    );
    app.get('/config', { schema: { tags }, preHandler: view }, async (req, reply) =>
      ok(reply, await wa.getDefaultConfig(ctx, requireAuth(req))),
    );
    app.get('/setup-status', { schema: { tags }, preHandler: view }, async (req, reply) =>
      ok(reply, await wa.setupStatus(ctx, requireAuth(req))),
    );
    app.get('/legacy-config', { schema: { tags }, preHandler: view }, async (_req, reply) => ok(reply, wa.legacyConfig(ctx)));
    app.get('/status', { schema: { tags }, preHandler: view }, async (req, reply) =>
      ok(reply, await wa.channelStatus(ctx, requireAuth(req))),
    );
    app.get('/analytics', { schema: { tags }, preHandler: view }, async (req, reply) =>
      ok(reply, await wa.analytics(ctx, requireAuth(req))),
    );
    app.post(
      '/send-message',
      { schema: { tags, body: whatsappSendMessageSchema }, preHandler: [requirePermission('campaign', 'create'), planGate] },
      async (req, reply) => ok(reply, await sendWhatsappMessage(ctx, requireAuth(req), req.body), 'Message queued', 201),
    );
    // sandbox only: a simulated customer writes to the sandbox number (opens the 24-hour window)
    app.post(
      '/sandbox-inbound',
      { schema: { tags, body: sandboxInboundSchema }, preHandler: requirePermission('campaign', 'create') },
      async (req, reply) => ok(reply, await sandboxInbound(ctx, requireAuth(req), req.body), 'Message received', 202),
    );
    app.get('/:id', { schema: { tags, params: idParamSchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await wa.getWhatsappSender(ctx, requireAuth(req), req.params.id)),
    );
    app.put('/:id', { schema: { tags, params: idParamSchema, body: updateWhatsappSenderSchema }, preHandler: update }, async (req, reply) =>
      ok(reply, await wa.updateWhatsappSender(ctx, requireAuth(req), req.params.id, req.body), 'WhatsApp sender updated'),
    );
    app.delete('/:id', { schema: { tags, params: idParamSchema }, preHandler: requirePermission('sender', 'delete') }, async (req, reply) =>
      ok(reply, await wa.deleteWhatsappSender(ctx, requireAuth(req), req.params.id), 'WhatsApp sender deleted'),
    );
    app.post('/:id/complete-setup', { schema: { tags, params: idParamSchema }, preHandler: update }, async (req, reply) =>
      ok(reply, await wa.completeSetup(ctx, requireAuth(req), req.params.id, requestLanguage(req)), 'WhatsApp sender verified'),
    );
    app.get('/:id/auto-reply', { schema: { tags, params: idParamSchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await wa.getAutoReply(ctx, requireAuth(req), req.params.id)),
    );
    app.put('/:id/auto-reply', { schema: { tags, params: idParamSchema, body: autoReplySchema }, preHandler: update }, async (req, reply) =>
      ok(reply, await wa.saveAutoReply(ctx, requireAuth(req), req.params.id, req.body), 'Auto-reply saved'),
    );
  };
}
