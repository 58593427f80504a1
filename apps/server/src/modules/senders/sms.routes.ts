import { idParamSchema } from '@risala/shared';
import {
  createSmsSenderSchema,
  rejectSmsSenderSchema,
  smsConfigSchema,
  smsSenderListQuerySchema,
  supportRequestSchema,
  updateSmsSenderSchema,
} from '@risala/shared/schemas/senders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import { smsTestSchema } from '@risala/shared/schemas/messages';
import { sendTestSms } from '../messaging/index.ts';
import { requestFromPlatform } from './email.service.ts';
import * as sms from './sms.service.ts';

/** /api/sender-management/sms — config, request-support, sms-senders CRUD, approve/reject. */
export function smsSenderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sender-management'];
    const view = requirePermission('sender', 'view');
    const update = [requirePermission('sender', 'update'), planGate];
    const approve = requirePermission('sender', 'approve');
    app.get('/config', { schema: { tags }, preHandler: view }, async (req, reply) =>
      ok(reply, await sms.getSmsConfig(ctx, requireAuth(req))),
    );
    app.put('/config', { schema: { tags, body: smsConfigSchema }, preHandler: update }, async (req, reply) =>
      ok(reply, await sms.saveSmsConfig(ctx, requireAuth(req), req.body.default_sender_id), 'SMS configuration saved'),
    );
    app.post('/request-support', { schema: { tags, body: supportRequestSchema }, preHandler: update }, async (req, reply) =>
      ok(reply, await requestFromPlatform(ctx, requireAuth(req), 'smsSupport', req.body.message), 'Request sent'),
    );
    app.post(
      '/test',
      { schema: { tags, body: smsTestSchema }, preHandler: [requirePermission('campaign', 'create'), planGate] },
      async (req, reply) => ok(reply, await sendTestSms(ctx, requireAuth(req), req.body), 'Test SMS queued', 201),
    );
    app.get('/sms-senders', { schema: { tags, querystring: smsSenderListQuerySchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await sms.listSmsSenders(ctx, requireAuth(req), req.query)),
    );
    app.post(
      '/sms-senders',
      { schema: { tags, body: createSmsSenderSchema }, preHandler: [requirePermission('sender', 'create'), planGate] },
      async (req, reply) => ok(reply, await sms.createSmsSender(ctx, requireAuth(req), req.body), 'Sender ID requested', 201),
    );
    app.get('/sms-senders/:id', { schema: { tags, params: idParamSchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await sms.getSmsSender(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/sms-senders/:id',
      { schema: { tags, params: idParamSchema, body: updateSmsSenderSchema }, preHandler: update },
      async (req, reply) => ok(reply, await sms.updateSmsSender(ctx, requireAuth(req), req.params.id, req.body), 'Sender ID updated'),
    );
    app.delete(
      '/sms-senders/:id',
      { schema: { tags, params: idParamSchema }, preHandler: requirePermission('sender', 'delete') },
      async (req, reply) => ok(reply, await sms.deleteSmsSender(ctx, requireAuth(req), req.params.id), 'Sender ID deleted'),
    );
    app.post('/sms-senders/:id/approve', { schema: { tags, params: idParamSchema }, preHandler: approve }, async (req, reply) =>
      ok(reply, await sms.reviewSmsSender(ctx, requireAuth(req), req.params.id, { approve: true }), 'Sender ID approved'),
    );
    app.post(
      '/sms-senders/:id/reject',
      { schema: { tags, params: idParamSchema, body: rejectSmsSenderSchema }, preHandler: approve },
      async (req, reply) =>
        ok(
          reply,
          await sms.reviewSmsSender(ctx, requireAuth(req), req.params.id, { approve: false, reason: req.body.reason }),
          'Sender ID rejected',
        ),
    );
  };
}
