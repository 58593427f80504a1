/**
 * /webhooks/whatsapp: Meta's subscription handshake (GET) and its signed events (POST). Bodies are
 * read as buffers because the signature covers the raw bytes (whatsapp-webhook.service.ts).
 */
import { textResponse } from '@risala/shared/schemas/common';
import { whatsappWebhookAckSchema } from '@risala/shared/schemas/whatsapp';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { receiveWhatsappWebhook } from './whatsapp-webhook.service.ts';

export function whatsappWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const wa = ctx.config.whatsapp;
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    // the subscription handshake: echo hub.challenge for our verify token
    app.get(
      '/',
      {
        schema: {
          tags: ['whatsapp'],
          summary: 'Cloud API webhook verification (echoes hub.challenge)',
          response: {
            200: textResponse('text/plain', 'The challenge'),
            403: textResponse('text/plain', 'Forbidden: not our verify token'),
          },
        },
      },
      async (req, reply) => {
        const q = req.query as Record<string, string | undefined>;
        if (q['hub.mode'] !== 'subscribe' || !q['hub.challenge'] || q['hub.verify_token'] !== wa.verifyToken) {
          return reply.code(403).type('text/plain').send('Forbidden');
        }
        return reply.code(200).type('text/plain').send(q['hub.challenge']);
      },
    );

    app.post(
      '/',
      {
        schema: {
          tags: ['whatsapp'],
          summary: 'Cloud API webhook: statuses, inbound messages, template updates (signed)',
          response: { 200: whatsappWebhookAckSchema },
        },
      },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await receiveWhatsappWebhook(ctx, raw, req.headers['x-hub-signature-256']);
        return reply.code(200).send({ received: true as const });
      },
    );
  };
}
