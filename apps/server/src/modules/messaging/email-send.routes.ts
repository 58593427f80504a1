import { directSendEnvelopeSchema, sendEmailSchema, sendResultEnvelopeSchema } from '@risala/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import { estimateEmail, sendEmail } from './email-send.service.ts';

/** /api/messages/email — send (subject + html/text or an approved email template) and estimate; `campaign` create, plan-gated. */
export function emailSendRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['messages'];
    const send = [requirePermission('campaign', 'create'), planGate];
    app.post(
      '/email',
      {
        schema: {
          tags,
          summary: 'Send email messages now or at a time',
          body: sendEmailSchema,
          response: { 201: directSendEnvelopeSchema },
        },
        preHandler: send,
      },
      async (req, reply) => {
        const result = await sendEmail(ctx, requireAuth(req), req.body);
        return ok(reply, result, result.scheduled_at ? 'Messages scheduled' : 'Messages queued', 201);
      },
    );
    app.post(
      '/email/estimate',
      {
        schema: {
          tags,
          summary: 'Estimate a email send: recipients, parts, credits, cost',
          body: sendEmailSchema,
          response: { 200: sendResultEnvelopeSchema },
        },
        preHandler: send,
      },
      async (req, reply) => ok(reply, await estimateEmail(ctx, requireAuth(req), req.body)),
    );
  };
}
