import { idEnvelopeSchema, idParamSchema } from '@risala/shared';
import {
  createSmsSenderSchema,
  platformRequestEnvelopeSchema,
  rejectSmsSenderSchema,
  smsConfigEnvelopeSchema,
  smsConfigSchema,
  smsSenderEnvelopeSchema,
  smsSenderListQuerySchema,
  smsSenderPageEnvelopeSchema,
  smsTestEnvelopeSchema,
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
    app.get(
      '/config',
      { schema: { tags, summary: 'The default SMS sender ID', response: { 200: smsConfigEnvelopeSchema } }, preHandler: view },
      async (req, reply) => ok(reply, await sms.getSmsConfig(ctx, requireAuth(req))),
    );
    app.put(
      '/config',
      {
        schema: { tags, summary: 'Choose the default SMS sender ID', body: smsConfigSchema, response: { 200: smsConfigEnvelopeSchema } },
        preHandler: update,
      },
      async (req, reply) =>
        ok(reply, await sms.saveSmsConfig(ctx, requireAuth(req), req.body.default_sender_id), 'SMS configuration saved'),
    );
    app.post(
      '/request-support',
      {
        schema: {
          tags,
          summary: 'Ask the platform team for SMS setup',
          body: supportRequestSchema,
          response: { 200: platformRequestEnvelopeSchema },
        },
        preHandler: update,
      },
      async (req, reply) => ok(reply, await requestFromPlatform(ctx, requireAuth(req), 'smsSupport', req.body.message), 'Request sent'),
    );
    app.post(
      '/test',
      {
        schema: { tags, summary: 'Send a test SMS', body: smsTestSchema, response: { 201: smsTestEnvelopeSchema } },
        preHandler: [requirePermission('campaign', 'create'), planGate],
      },
      async (req, reply) => ok(reply, await sendTestSms(ctx, requireAuth(req), req.body), 'Test SMS queued', 201),
    );
    app.get(
      '/sms-senders',
      {
        schema: {
          tags,
          summary: 'List the SMS sender IDs',
          querystring: smsSenderListQuerySchema,
          response: { 200: smsSenderPageEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await sms.listSmsSenders(ctx, requireAuth(req), req.query)),
    );
    app.post(
      '/sms-senders',
      {
        schema: { tags, summary: 'Request an SMS sender ID', body: createSmsSenderSchema, response: { 201: smsSenderEnvelopeSchema } },
        preHandler: [requirePermission('sender', 'create'), planGate],
      },
      async (req, reply) => ok(reply, await sms.createSmsSender(ctx, requireAuth(req), req.body), 'Sender ID requested', 201),
    );
    app.get(
      '/sms-senders/:id',
      {
        schema: { tags, summary: 'Get an SMS sender ID', params: idParamSchema, response: { 200: smsSenderEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await sms.getSmsSender(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/sms-senders/:id',
      {
        schema: {
          tags,
          summary: 'Update an SMS sender ID',
          params: idParamSchema,
          body: updateSmsSenderSchema,
          response: { 200: smsSenderEnvelopeSchema },
        },
        preHandler: update,
      },
      async (req, reply) => ok(reply, await sms.updateSmsSender(ctx, requireAuth(req), req.params.id, req.body), 'Sender ID updated'),
    );
    app.delete(
      '/sms-senders/:id',
      {
        schema: { tags, summary: 'Delete an SMS sender ID', params: idParamSchema, response: { 200: idEnvelopeSchema } },
        preHandler: requirePermission('sender', 'delete'),
      },
      async (req, reply) => ok(reply, await sms.deleteSmsSender(ctx, requireAuth(req), req.params.id), 'Sender ID deleted'),
    );
    app.post(
      '/sms-senders/:id/approve',
      {
        schema: { tags, summary: 'Approve an SMS sender ID', params: idParamSchema, response: { 200: smsSenderEnvelopeSchema } },
        preHandler: approve,
      },
      async (req, reply) =>
        ok(reply, await sms.reviewSmsSender(ctx, requireAuth(req), req.params.id, { approve: true }), 'Sender ID approved'),
    );
    app.post(
      '/sms-senders/:id/reject',
      {
        schema: {
          tags,
          summary: 'Reject an SMS sender ID',
          params: idParamSchema,
          body: rejectSmsSenderSchema,
          response: { 200: smsSenderEnvelopeSchema },
        },
        preHandler: approve,
      },
      async (req, reply) =>
        ok(
          reply,
          await sms.reviewSmsSender(ctx, requireAuth(req), req.params.id, { approve: false, reason: req.body.reason }),
          'Sender ID rejected',
        ),
    );
  };
}
