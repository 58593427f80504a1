import { idParamSchema } from '@risala/shared';
import {
  batchApprovalEnvelopeSchema,
  batchCancelledEnvelopeSchema,
  batchGatewayEnvelopeSchema,
  batchListQuerySchema,
  batchPageEnvelopeSchema,
  batchRejectSchema,
  batchRescheduleSchema,
  batchScheduledEnvelopeSchema,
} from '@risala/shared/schemas/campaigns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import * as batches from './batches.service.ts';

const tags = ['batches'];

/**
 * /api/batches: approval batches, gateway approval, scheduled and canceled batches (one list with
 * `view`); approve / reject (campaign `approve`), gateway approve / reject (sender `approve`: the
 * gateway reviewer), send now / reschedule / cancel (campaign `send`).
 */
export function batchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const params = idParamSchema;
    const approve = requirePermission('campaign', 'approve');
    const gateway = requirePermission('sender', 'approve');
    const send = [requirePermission('campaign', 'send'), planGate];
    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'List the batches of one view',
          querystring: batchListQuerySchema,
          response: { 200: batchPageEnvelopeSchema },
        },
        preHandler: requirePermission('campaign', 'view'),
      },
      async (req, reply) => ok(reply, await batches.listBatches(ctx, requireAuth(req), req.query)),
    );
    app.post(
      '/:id/approve',
      { schema: { tags, summary: 'Approve a batch', params, response: { 200: batchApprovalEnvelopeSchema } }, preHandler: approve },
      async (req, reply) => ok(reply, await batches.approveBatch(ctx, requireAuth(req), req.params.id), 'Batch approved'),
    );
    app.post(
      '/:id/reject',
      {
        schema: {
          tags,
          summary: 'Reject a batch (the campaign goes back to draft)',
          params,
          body: batchRejectSchema,
          response: { 200: batchApprovalEnvelopeSchema },
        },
        preHandler: approve,
      },
      async (req, reply) => ok(reply, await batches.rejectBatch(ctx, requireAuth(req), req.params.id, req.body.reason), 'Batch rejected'),
    );
    app.post(
      '/:id/gateway-approve',
      {
        schema: { tags, summary: 'Approve a batch at gateway review', params, response: { 200: batchGatewayEnvelopeSchema } },
        preHandler: gateway,
      },
      async (req, reply) => ok(reply, await batches.gatewayReview(ctx, requireAuth(req), req.params.id, 'APPROVED'), 'Batch approved'),
    );
    app.post(
      '/:id/gateway-reject',
      {
        schema: {
          tags,
          summary: 'Reject a batch at gateway review',
          params,
          body: batchRejectSchema,
          response: { 200: batchGatewayEnvelopeSchema },
        },
        preHandler: gateway,
      },
      async (req, reply) =>
        ok(reply, await batches.gatewayReview(ctx, requireAuth(req), req.params.id, 'REJECTED', req.body.reason), 'Batch rejected'),
    );
    app.post(
      '/:id/send-now',
      {
        schema: { tags, summary: 'Send a scheduled batch now', params, response: { 200: batchScheduledEnvelopeSchema } },
        preHandler: send,
      },
      async (req, reply) => ok(reply, await batches.sendNow(ctx, requireAuth(req), req.params.id), 'Batch sending'),
    );
    app.post(
      '/:id/reschedule',
      {
        schema: {
          tags,
          summary: 'Reschedule a batch',
          params,
          body: batchRescheduleSchema,
          response: { 200: batchScheduledEnvelopeSchema },
        },
        preHandler: send,
      },
      async (req, reply) =>
        ok(reply, await batches.reschedule(ctx, requireAuth(req), req.params.id, req.body.schedule_at), 'Batch rescheduled'),
    );
    app.post(
      '/:id/cancel',
      { schema: { tags, summary: 'Cancel a scheduled batch', params, response: { 200: batchCancelledEnvelopeSchema } }, preHandler: send },
      async (req, reply) => ok(reply, await batches.cancelBatch(ctx, requireAuth(req), req.params.id), 'Batch cancelled'),
    );
  };
}
