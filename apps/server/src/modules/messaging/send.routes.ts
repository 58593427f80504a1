import {
  bulkCancelledEnvelopeSchema,
  bulkIdParamSchema,
  directSendEnvelopeSchema,
  sendResultEnvelopeSchema,
  sendSmsSchema,
} from '@risala/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import { cancelBulk, estimateSms, sendSms } from './sms-send.service.ts';

/**
 * /api/messages — sending SMS (send, estimate) and cancelling a scheduled send. Sending is the
 * `campaign` entity's create action (marketers send; viewers and reviewers do not), plan-gated.
 */
export function sendRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['messages'];
    const send = [requirePermission('campaign', 'create'), planGate];
    app.post(
      '/sms',
      {
        schema: { tags, summary: 'Send SMS messages now or at a time', body: sendSmsSchema, response: { 201: directSendEnvelopeSchema } },
        preHandler: send,
      },
      async (req, reply) => {
        const result = await sendSms(ctx, requireAuth(req), req.body);
        return ok(reply, result, result.scheduled_at ? 'Messages scheduled' : 'Messages queued', 201);
      },
    );
    app.post(
      '/sms/estimate',
      {
        schema: {
          tags,
          summary: 'Estimate a SMS send: recipients, parts, credits, cost',
          body: sendSmsSchema,
          response: { 200: sendResultEnvelopeSchema },
        },
        preHandler: send,
      },
      async (req, reply) => ok(reply, await estimateSms(ctx, requireAuth(req), req.body)),
    );
    app.post(
      '/bulk/:bulkId/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel the scheduled messages of a send',
          params: bulkIdParamSchema,
          response: { 200: bulkCancelledEnvelopeSchema },
        },
        preHandler: send,
      },
      async (req, reply) => ok(reply, await cancelBulk(ctx, requireAuth(req), req.params.bulkId), 'Scheduled messages cancelled'),
    );
  };
}
