import { sendWhatsappSchema } from '@risala/shared/schemas/messages';
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
    app.post('/whatsapp', { schema: { tags, body: sendWhatsappSchema }, preHandler: send }, async (req, reply) => {
      const result = await sendWhatsapp(ctx, requireAuth(req), req.body);
      return ok(reply, result, result.scheduled_at ? 'Messages scheduled' : 'Messages queued', 201);
    });
    app.post('/whatsapp/estimate', { schema: { tags, body: sendWhatsappSchema }, preHandler: send }, async (req, reply) =>
      ok(reply, await estimateWhatsapp(ctx, requireAuth(req), req.body)),
    );
  };
}
