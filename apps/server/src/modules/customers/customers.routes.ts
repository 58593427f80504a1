import { idParamSchema, userIdParamSchema } from '@risala/shared';
import { customerBulkSchema, customerFilterSchema, customerInputSchema, customerListQuerySchema } from '@risala/shared/schemas/customers';
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
      { schema: { tags, body: customerInputSchema }, preHandler: [requirePermission('customer', 'create'), planGate] },
      async (req, reply) => ok(reply, await customers.create(ctx, requireAuth(req), req.body), 'Customer created', 201),
    );
    app.get('/:id', { schema: { tags, params: idParamSchema }, preHandler: requirePermission('customer', 'view') }, async (req, reply) =>
      ok(reply, await customers.get(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        schema: { tags, params: idParamSchema, body: customerInputSchema },
        preHandler: [requirePermission('customer', 'update'), planGate],
      },
      async (req, reply) => ok(reply, await customers.update(ctx, requireAuth(req), req.params.id, req.body), 'Customer updated'),
    );
    app.delete(
      '/:id',
      { schema: { tags, params: idParamSchema }, preHandler: requirePermission('customer', 'delete') },
      async (req, reply) => ok(reply, await customers.remove(ctx, requireAuth(req), req.params.id), 'Customer deleted'),
    );
  };
}

/** /api/customers — the list, a colleague's view of it, bulk actions and the CSV export. */
export function customersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const view = requirePermission('customer', 'view');
    app.get('/', { schema: { tags, querystring: customerListQuerySchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await customers.list(ctx, requireAuth(req), req.query)),
    );
    app.get(
      '/user/:userId',
      { schema: { tags, params: userIdParamSchema, querystring: customerListQuerySchema }, preHandler: view },
      async (req, reply) => ok(reply, await customers.listForUser(ctx, requireAuth(req), req.params.userId, req.query)),
    );
    app.post('/bulk', { schema: { tags, body: customerBulkSchema }, preHandler: planGate }, async (req, reply) => {
      const auth = requireAuth(req);
      const action = req.body.action === 'delete' ? 'delete' : 'update';
      await requirePermission('customer', action)(req);
      return ok(reply, await bulk(ctx, auth, req.body));
    });
    app.get(
      '/export.csv',
      { schema: { tags, querystring: customerFilterSchema }, preHandler: requirePermission('customer', 'export') },
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
