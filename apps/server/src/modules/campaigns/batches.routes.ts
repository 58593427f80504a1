import { idParamSchema } from '@risala/shared';
import { batchListQuerySchema, batchRejectSchema, batchRescheduleSchema } from '@risala/shared/schemas/campaigns';
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
      { schema: { tags, querystring: batchListQuerySchema }, preHandler: requirePermission('campaign', 'view') },
      async (req, reply) => ok(reply, await batches.listBatches(ctx, requireAuth(req), req.query)),
    );
    app.post('/:id/approve', { schema: { tags, params }, preHandler: approve }, async (req, reply) =>
      ok(reply, await batches.approveBatch(ctx, requireAuth(req), req.params.id), 'Batch approved'),
    );
    app.post('/:id/reject', { schema: { tags, params, body: batchRejectSchema }, preHandler: approve }, async (req, reply) =>
      ok(reply, await batches.rejectBatch(ctx, requireAuth(req), req.params.id, req.body.reason), 'Batch rejected'),
    );
    app.post('/:id/gateway-approve', { schema: { tags, params }, preHandler: gateway }, async (req, reply) =>
      ok(reply, await batches.gatewayReview(ctx, requireAuth(req), req.params.id, 'APPROVED'), 'Batch approved'),
    );
    app.post('/:id/gateway-reject', { schema: { tags, params, body: batchRejectSchema }, preHandler: gateway }, async (req, reply) =>
      ok(reply, await batches.gatewayReview(ctx, requireAuth(req), req.params.id, 'REJECTED', req.body.reason), 'Batch rejected'),
    );
    app.post('/:id/send-now', { schema: { tags, params }, preHandler: send }, async (req, reply) =>
      ok(reply, await batches.sendNow(ctx, requireAuth(req), req.params.id), 'Batch sending'),
    );
    app.post('/:id/reschedule', { schema: { tags, params, body: batchRescheduleSchema }, preHandler: send }, async (req, reply) =>
      ok(reply, await batches.reschedule(ctx, requireAuth(req), req.params.id, req.body.schedule_at), 'Batch rescheduled'),
    );
    app.post('/:id/cancel', { schema: { tags, params }, preHandler: send }, async (req, reply) =>
      ok(reply, await batches.cancelBatch(ctx, requireAuth(req), req.params.id), 'Batch cancelled'),
    );
  };
}
