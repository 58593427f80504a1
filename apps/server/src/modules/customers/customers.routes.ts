import { fileResponse, idEnvelopeSchema, idParamSchema, userIdParamSchema } from '@risala/shared';
import {
  customerBulkResultEnvelopeSchema,
  customerBulkSchema,
  customerEnvelopeSchema,
  customerFilterSchema,
  customerInputSchema,
  customerListEnvelopeSchema,
  customerListQuerySchema,
} from '@risala/shared/schemas/customers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import { bulk } from './bulk.service.ts';
import * as customers from './customers.service.ts';
import { exportCsv } from './export.ts';

const tags = ['customers'];

/** /api/customer — one customer (spec §7: POST /customer, GET/PUT/DELETE /customer/{id}). */
export function customerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/',
      {
        schema: { tags, summary: 'Create a customer', body: customerInputSchema, response: { 201: customerEnvelopeSchema } },
        preHandler: [requirePermission('customer', 'create'), planGate],
      },
      async (req, reply) => ok(reply, await customers.create(ctx, requireAuth(req), req.body), 'Customer created', 201),
    );
    app.get(
      '/:id',
      {
        schema: { tags, summary: 'Get a customer', params: idParamSchema, response: { 200: customerEnvelopeSchema } },
        preHandler: requirePermission('customer', 'view'),
      },
      async (req, reply) => ok(reply, await customers.get(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Update a customer',
          params: idParamSchema,
          body: customerInputSchema,
          response: { 200: customerEnvelopeSchema },
        },
        preHandler: [requirePermission('customer', 'update'), planGate],
      },
      async (req, reply) => ok(reply, await customers.update(ctx, requireAuth(req), req.params.id, req.body), 'Customer updated'),
    );
    app.delete(
      '/:id',
      {
        schema: { tags, summary: 'Delete a customer', params: idParamSchema, response: { 200: idEnvelopeSchema } },
        preHandler: requirePermission('customer', 'delete'),
      },
      async (req, reply) => ok(reply, await customers.remove(ctx, requireAuth(req), req.params.id), 'Customer deleted'),
    );
  };
}

/** /api/customers — the list, a colleague's view of it, bulk actions and the CSV export. */
export function customersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const view = requirePermission('customer', 'view');
    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'List the customers',
          querystring: customerListQuerySchema,
          response: { 200: customerListEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await customers.list(ctx, requireAuth(req), req.query)),
    );
    app.get(
      '/user/:userId',
      {
        schema: {
          tags,
          summary: 'List the customers a user added',
          params: userIdParamSchema,
          querystring: customerListQuerySchema,
          response: { 200: customerListEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await customers.listForUser(ctx, requireAuth(req), req.params.userId, req.query)),
    );
    app.post(
      '/bulk',
      {
        schema: {
          tags,
          summary: 'Act on many customers at once',
          body: customerBulkSchema,
          response: { 200: customerBulkResultEnvelopeSchema },
        },
        preHandler: planGate,
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        const action = req.body.action === 'delete' ? 'delete' : 'update';
        await requirePermission('customer', action)(req);
        return ok(reply, await bulk(ctx, auth, req.body));
      },
    );
    app.get(
      '/export.csv',
      {
        schema: {
          tags,
          summary: 'Export the filtered customers as CSV',
          querystring: customerFilterSchema,
          response: { 200: fileResponse('text/csv', 'The customers, one a row (streamed)') },
        },
        preHandler: requirePermission('customer', 'export'),
      },
      async (req, reply) => {
        const stream = await exportCsv(ctx, requireAuth(req), req.query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="customers-${day}.csv"`)
          .send(stream);
      },
    );
  };
}
