import { envelopeOf, idParamSchema } from '@risala/shared/schemas/common';
import {
  createGroupSchema,
  groupListQuerySchema,
  groupReachSchema,
  memberIdsSchema,
  memberListQuerySchema,
  previewCountSchema,
  updateGroupSchema,
} from '@risala/shared/schemas/groups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import * as groups from './groups.service.ts';

/**
 * /api/groups — static groups and dynamic segments (issue 3 item 3). Groups belong to the customer
 * area, so they use the `customer` permissions; writes are plan-gated.
 */
export function groupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['groups'];
    const view = { preHandler: [requirePermission('customer', 'view')] };
    const create = { preHandler: [requirePermission('customer', 'create'), planGate] };
    const change = { preHandler: [requirePermission('customer', 'update'), planGate] };
    const del = { preHandler: [requirePermission('customer', 'delete'), planGate] };

    app.get('/', { ...view, schema: { tags, querystring: groupListQuerySchema } }, async (req, reply) =>
      ok(reply, await groups.list(ctx, requireAuth(req), req.query)),
    );
    app.post('/', { ...create, schema: { tags, body: createGroupSchema } }, async (req, reply) =>
      ok(reply, await groups.create(ctx, requireAuth(req), req.body), 'Group created', 201),
    );
    // live audience count while a segment is edited (a read: no plan gate)
    app.post('/preview-count', { ...view, schema: { tags, body: previewCountSchema } }, async (req, reply) =>
      ok(reply, await groups.previewCount(ctx, requireAuth(req), req.body.rules)),
    );
    app.get('/:id', { ...view, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await groups.get(ctx, requireAuth(req), req.params.id)),
    );
    app.get(
      '/:id/reach',
      { ...view, schema: { tags, params: idParamSchema, response: { 200: envelopeOf(groupReachSchema) } } },
      async (req, reply) => ok(reply, await groups.reach(ctx, requireAuth(req), req.params.id)),
    );
    app.put('/:id', { ...change, schema: { tags, params: idParamSchema, body: updateGroupSchema } }, async (req, reply) =>
      ok(reply, await groups.update(ctx, requireAuth(req), req.params.id, req.body), 'Group updated'),
    );
    app.delete('/:id', { ...del, schema: { tags, params: idParamSchema } }, async (req, reply) => {
      await groups.remove(ctx, requireAuth(req), req.params.id);
      return ok(reply, null, 'Group deleted');
    });
    app.post('/:id/activate', { ...change, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await groups.setStatus(ctx, requireAuth(req), req.params.id, 'ACTIVE'), 'Group activated'),
    );
    app.post('/:id/deactivate', { ...change, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await groups.setStatus(ctx, requireAuth(req), req.params.id, 'INACTIVE'), 'Group deactivated'),
    );
    app.get('/:id/members', { ...view, schema: { tags, params: idParamSchema, querystring: memberListQuerySchema } }, async (req, reply) =>
      ok(reply, await groups.listMembers(ctx, requireAuth(req), req.params.id, req.query)),
    );
    app.post('/:id/members', { ...change, schema: { tags, params: idParamSchema, body: memberIdsSchema } }, async (req, reply) =>
      ok(reply, await groups.addMembers(ctx, requireAuth(req), req.params.id, req.body), 'Members added'),
    );
    app.post('/:id/members/remove', { ...change, schema: { tags, params: idParamSchema, body: memberIdsSchema } }, async (req, reply) =>
      ok(reply, await groups.removeMembers(ctx, requireAuth(req), req.params.id, req.body), 'Members removed'),
    );
  };
}
