import { idParamSchema, idEnvelopeSchema } from '@risala/shared';
import {
  webhookDeliveriesEnvelopeSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryEnvelopeSchema,
  webhookDeliveryParamsSchema,
  webhookEnvelopeSchema,
  webhookInputSchema,
  webhookListEnvelopeSchema,
  webhookPatchSchema,
  webhookWithSecretEnvelopeSchema,
} from '@risala/shared/schemas/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import * as hooks from './webhooks.service.ts';

/** /api/webhooks — webhooks out: endpoints, their secret, test events and deliveries (permission tree: webhooks). */
export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['webhooks'];
    const view = requirePermission('webhooks', 'view');
    const update = requirePermission('webhooks', 'update');
    app.get(
      '/',
      { schema: { tags, summary: 'The account’s webhook endpoints', response: { 200: webhookListEnvelopeSchema } }, preHandler: view },
      async (req, reply) => ok(reply, await hooks.listWebhooks(ctx, requireAuth(req))),
    );
    app.get(
      '/:id',
      {
        schema: { tags, summary: 'A webhook endpoint', params: idParamSchema, response: { 200: webhookEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await hooks.getWebhook(ctx, requireAuth(req), req.params.id)),
    );
    app.post(
      '/',
      {
        schema: {
          tags,
          summary: 'Register an endpoint; the answer carries its signing secret, shown this once',
          body: webhookInputSchema,
          response: { 201: webhookWithSecretEnvelopeSchema },
        },
        preHandler: requirePermission('webhooks', 'create'),
      },
      async (req, reply) => ok(reply, await hooks.createWebhook(ctx, requireAuth(req), req.body, req.ip), 'Webhook created', 201),
    );
    app.patch(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Change an endpoint (URL, description, events, enabled)',
          params: idParamSchema,
          body: webhookPatchSchema,
          response: { 200: webhookEnvelopeSchema },
        },
        preHandler: update,
      },
      async (req, reply) => ok(reply, await hooks.updateWebhook(ctx, requireAuth(req), req.params.id, req.body, req.ip), 'Webhook updated'),
    );
    app.post(
      '/:id/rotate-secret',
      {
        schema: {
          tags,
          summary: 'A new signing secret (shown this once); the old one stops signing at once',
          params: idParamSchema,
          response: { 200: webhookWithSecretEnvelopeSchema },
        },
        preHandler: update,
      },
      async (req, reply) => ok(reply, await hooks.rotateSecret(ctx, requireAuth(req), req.params.id, req.ip), 'Secret rotated'),
    );
    app.delete(
      '/:id',
      {
        schema: { tags, summary: 'Delete an endpoint and its deliveries', params: idParamSchema, response: { 200: idEnvelopeSchema } },
        preHandler: requirePermission('webhooks', 'delete'),
      },
      async (req, reply) => ok(reply, await hooks.deleteWebhook(ctx, requireAuth(req), req.params.id, req.ip), 'Webhook deleted'),
    );
    app.post(
      '/:id/test',
      {
        schema: {
          tags,
          summary: 'Send a signed `webhook.test` event to the endpoint',
          params: idParamSchema,
          response: { 202: webhookDeliveryEnvelopeSchema },
        },
        preHandler: update,
      },
      async (req, reply) => ok(reply, await hooks.sendTestEvent(ctx, requireAuth(req), req.params.id, req.ip), 'Test event queued', 202),
    );
    app.get(
      '/:id/deliveries',
      {
        schema: {
          tags,
          summary: 'The endpoint’s deliveries, newest first, with their last attempts',
          params: idParamSchema,
          querystring: webhookDeliveriesQuerySchema,
          response: { 200: webhookDeliveriesEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await hooks.listDeliveries(ctx, requireAuth(req), req.params.id, req.query)),
    );
    app.post(
      '/:id/deliveries/:deliveryId/resend',
      {
        schema: {
          tags,
          summary: 'Send a delivery again (same id), with a new retry window',
          params: webhookDeliveryParamsSchema,
          response: { 202: webhookDeliveryEnvelopeSchema },
        },
        preHandler: update,
      },
      async (req, reply) =>
        ok(reply, await hooks.resendDelivery(ctx, requireAuth(req), req.params.id, req.params.deliveryId, req.ip), 'Delivery queued', 202),
    );
  };
}
