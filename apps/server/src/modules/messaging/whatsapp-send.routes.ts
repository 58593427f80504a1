import { directSendEnvelopeSchema, sendResultEnvelopeSchema, sendWhatsappSchema } from '@risala/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import { estimateWhatsapp, sendWhatsapp } from './whatsapp-send.service.ts';

/** /api/messages/whatsapp — send (template or free text in the 24-hour window) and estimate; `campaign` create, plan-gated. */
export function whatsappSendRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['messages'];
    const send = [requirePermission('campaign', 'create'), planGate];
    app.post(
      '/whatsapp',
      {
        schema: {
          tags,
          summary: 'Send WhatsApp messages now or at a time',
          body: sendWhatsappSchema,
          response: { 201: directSendEnvelopeSchema },
        },
        preHandler: send,
      },
      async (req, reply) => {
        const result = await sendWhatsapp(ctx, requireAuth(req), req.body);
        return ok(reply, result, result.scheduled_at ? 'Messages scheduled' : 'Messages queued', 201);
      },
    );
    app.post(
      '/whatsapp/estimate',
      {
        schema: {
          tags,
          summary: 'Estimate a WhatsApp send: recipients, parts, credits, cost',
          body: sendWhatsappSchema,
          response: { 200: sendResultEnvelopeSchema },
        },
        preHandler: send,
      },
      async (req, reply) => ok(reply, await estimateWhatsapp(ctx, requireAuth(req), req.body)),
    );
  };
}
