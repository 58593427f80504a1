/**
 * Public email endpoints (no session): SendGrid's signed Event Webhook for a sender
 * (email-webhook.service.ts) and the single-use link mailed by verify-sender.
 */
import { redirectResponse } from '@risala/shared/schemas/common';
import { emailWebhookAckSchema, emailWebhookParamsSchema } from '@risala/shared/schemas/senders';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { receiveSendgridEvents } from './email-webhook.service.ts';
import { confirmVerification } from './email.service.ts';

export function emailPublicRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    app.get(
      '/verify',
      {
        schema: {
          tags: ['sender-management'],
          summary: 'The from-address verification link',
          response: { 302: redirectResponse('To the sender page, saying whether the link was valid') },
        },
      },
      async (req, reply) => {
        const token = (req.query as Record<string, unknown>).token;
        const verified = typeof token === 'string' && token.length < 300 && (await confirmVerification(ctx, token));
        return reply.redirect(`/sender-management?verified=${verified ? 1 : 0}`, 302);
      },
    );

    app.post(
      '/webhook-events/:senderId',
      {
        schema: {
          tags: ['sender-management'],
          summary: 'SendGrid event webhook (signed)',
          params: emailWebhookParamsSchema,
          response: { 200: emailWebhookAckSchema },
        },
      },
      async (req, reply) => {
        const { senderId } = req.params as { senderId: number };
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return reply.code(200).send(await receiveSendgridEvents(ctx, senderId, raw, req.headers));
      },
    );
  };
}
