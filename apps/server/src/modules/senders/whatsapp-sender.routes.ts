import { idEnvelopeSchema, idParamSchema, pageQuerySchema } from '@risala/shared';
import {
  sandboxInboundEnvelopeSchema,
  sandboxInboundSchema,
  whatsappMessageSentEnvelopeSchema,
  whatsappSendMessageSchema,
} from '@risala/shared/schemas/messages';
import {
  autoReplyEnvelopeSchema,
  autoReplySchema,
  updateWhatsappSenderSchema,
  whatsappAnalyticsEnvelopeSchema,
  whatsappChannelStatusEnvelopeSchema,
  whatsappLegacyConfigEnvelopeSchema,
  whatsappSenderEnvelopeSchema,
  whatsappSenderPageEnvelopeSchema,
  whatsappSenderSchema,
  whatsappSetupCompleteEnvelopeSchema,
  whatsappSetupStatusEnvelopeSchema,
} from '@risala/shared/schemas/senders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import { sandboxInbound, sendWhatsappMessage } from '../messaging/index.ts';
import * as wa from './whatsapp-sender.service.ts';

/**
 * /api/whatsapp/sender — CRUD, config (the default sender), setup-status, legacy-config, status,
 * analytics, send-message (§7: one recipient, template or free text inside the 24-hour window),
 * sandbox-inbound (a simulated customer message), /{id}/complete-setup and /{id}/auto-reply. The
 * routes table also mounts the template endpoints under /api/whatsapp/sender/templates (§7 lists
 * them under both).
 */
export function whatsappSenderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sender-management'];
    const view = requirePermission('sender', 'view');
    const update = [requirePermission('sender', 'update'), planGate];
    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'List the WhatsApp senders',
          querystring: pageQuerySchema,
          response: { 200: whatsappSenderPageEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await wa.listWhatsappSenders(ctx, requireAuth(req), req.query.page, req.query.limit)),
    );
    app.post(
      '/',
      {
        schema: { tags, summary: 'Add a WhatsApp sender', body: whatsappSenderSchema, response: { 201: whatsappSenderEnvelopeSchema } },
        preHandler: [requirePermission('sender', 'create'), planGate],
      },
      async (req, reply) => ok(reply, await wa.createWhatsappSender(ctx, requireAuth(req), req.body), 'WhatsApp sender created', 201),
    );
    app.get(
      '/config',
      { schema: { tags, summary: 'The default WhatsApp sender', response: { 200: whatsappSenderEnvelopeSchema } }, preHandler: view },
      async (req, reply) => ok(reply, await wa.getDefaultConfig(ctx, requireAuth(req))),
    );
    app.get(
      '/setup-status',
      {
        schema: { tags, summary: 'What the WhatsApp setup still needs', response: { 200: whatsappSetupStatusEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await wa.setupStatus(ctx, requireAuth(req))),
    );
    app.get(
      '/legacy-config',
      {
        schema: { tags, summary: 'The WhatsApp defaults from configuration', response: { 200: whatsappLegacyConfigEnvelopeSchema } },
        preHandler: view,
      },
      async (_req, reply) => ok(reply, wa.legacyConfig(ctx)),
    );
    app.get(
      '/status',
      {
        schema: { tags, summary: 'The WhatsApp channel at a glance', response: { 200: whatsappChannelStatusEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await wa.channelStatus(ctx, requireAuth(req))),
    );
    app.get(
      '/analytics',
      {
        schema: { tags, summary: 'WhatsApp senders, templates and messages by status', response: { 200: whatsappAnalyticsEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await wa.analytics(ctx, requireAuth(req))),
    );
    app.post(
      '/send-message',
      {
        schema: {
          tags,
          summary: 'Send one WhatsApp message',
          body: whatsappSendMessageSchema,
          response: { 201: whatsappMessageSentEnvelopeSchema },
        },
        preHandler: [requirePermission('campaign', 'create'), planGate],
      },
      async (req, reply) => ok(reply, await sendWhatsappMessage(ctx, requireAuth(req), req.body), 'Message queued', 201),
    );
    // sandbox only: a simulated customer writes to the sandbox number (opens the 24-hour window)
    app.post(
      '/sandbox-inbound',
      {
        schema: {
          tags,
          summary: 'Simulate a customer writing to the sandbox number',
          body: sandboxInboundSchema,
          response: { 202: sandboxInboundEnvelopeSchema },
        },
        preHandler: requirePermission('campaign', 'create'),
      },
      async (req, reply) => ok(reply, await sandboxInbound(ctx, requireAuth(req), req.body), 'Message received', 202),
    );
    app.get(
      '/:id',
      {
        schema: { tags, summary: 'Get a WhatsApp sender', params: idParamSchema, response: { 200: whatsappSenderEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await wa.getWhatsappSender(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Update a WhatsApp sender',
          params: idParamSchema,
          body: updateWhatsappSenderSchema,
          response: { 200: whatsappSenderEnvelopeSchema },
        },
        preHandler: update,
      },
      async (req, reply) =>
        ok(reply, await wa.updateWhatsappSender(ctx, requireAuth(req), req.params.id, req.body), 'WhatsApp sender updated'),
    );
    app.delete(
      '/:id',
      {
        schema: { tags, summary: 'Delete a WhatsApp sender', params: idParamSchema, response: { 200: idEnvelopeSchema } },
        preHandler: requirePermission('sender', 'delete'),
      },
      async (req, reply) => ok(reply, await wa.deleteWhatsappSender(ctx, requireAuth(req), req.params.id), 'WhatsApp sender deleted'),
    );
    app.post(
      '/:id/complete-setup',
      {
        schema: {
          tags,
          summary: 'Verify the credentials of a WhatsApp sender',
          params: idParamSchema,
          response: { 200: whatsappSetupCompleteEnvelopeSchema },
        },
        preHandler: update,
      },
      async (req, reply) =>
        ok(reply, await wa.completeSetup(ctx, requireAuth(req), req.params.id, requestLanguage(req)), 'WhatsApp sender verified'),
    );
    app.get(
      '/:id/auto-reply',
      {
        schema: {
          tags,
          summary: 'The auto-reply rules of a WhatsApp sender',
          params: idParamSchema,
          response: { 200: autoReplyEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await wa.getAutoReply(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id/auto-reply',
      {
        schema: {
          tags,
          summary: 'Save the auto-reply rules of a WhatsApp sender',
          params: idParamSchema,
          body: autoReplySchema,
          response: { 200: autoReplyEnvelopeSchema },
        },
        preHandler: update,
      },
      async (req, reply) => ok(reply, await wa.saveAutoReply(ctx, requireAuth(req), req.params.id, req.body), 'Auto-reply saved'),
    );
  };
}
