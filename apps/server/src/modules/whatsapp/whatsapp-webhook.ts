/**
 * POST /webhooks/whatsapp: Meta's signed events. The signature covers the raw bytes, so this plugin
 * reads bodies as buffers, checks X-Hub-Signature-256 (HMAC-SHA256 with the app secret, compared in
 * constant time) and only then parses JSON. Template status updates find their template by the
 * Cloud API id across accounts: the row tells the account.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { applyCloudStatus, toLocalStatus } from './whatsapp-status.ts';
import * as repo from './whatsapp-templates.repo.ts';

export function verifySignature(appSecret: string, raw: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface StatusUpdate {
  event?: unknown;
  message_template_id?: unknown;
  reason?: unknown;
}
interface WebhookPayload {
  object?: unknown;
  entry?: { time?: unknown; changes?: { field?: unknown; value?: unknown }[] }[];
}

async function applyTemplateStatus(ctx: AppContext, value: StatusUpdate, time: unknown) {
  const status = toLocalStatus(value.event);
  const externalId = value.message_template_id;
  if (!status || (typeof externalId !== 'string' && typeof externalId !== 'number')) return;
  const at = typeof time === 'number' && Number.isFinite(time) ? new Date(time * 1000) : new Date();
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findByExternalId(tx, String(externalId));
    if (!row) return; // not ours (or already deleted): acknowledge, nothing to change
    await applyCloudStatus(tx, row, status, typeof value.reason === 'string' ? value.reason : null, at);
  });
}

export function whatsappWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const wa = ctx.config.whatsapp;
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    // the subscription handshake: echo hub.challenge for our verify token
    app.get('/', { schema: { hide: true } }, async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      if (q['hub.mode'] !== 'subscribe' || !q['hub.challenge'] || q['hub.verify_token'] !== wa.verifyToken) {
        return reply.code(403).type('text/plain').send('Forbidden');
      }
      return reply.code(200).type('text/plain').send(q['hub.challenge']);
    });

    app.post('/', { schema: { hide: true } }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!verifySignature(wa.appSecret, raw, req.headers['x-hub-signature-256'])) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      let payload: WebhookPayload;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('BAD_REQUEST');
      }
      if (payload.object === 'whatsapp_business_account') {
        for (const entry of payload.entry ?? []) {
          for (const change of entry.changes ?? []) {
            if (change.field === 'message_template_status_update' && change.value && typeof change.value === 'object') {
              await applyTemplateStatus(ctx, change.value as StatusUpdate, entry.time);
            }
          }
        }
      }
      return reply.code(200).send({ received: true });
    });
  };
}
