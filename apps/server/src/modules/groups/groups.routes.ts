import { emptyEnvelopeSchema, idParamSchema } from '@risala/shared/schemas/common';
import {
  createGroupSchema,
  groupEnvelopeSchema,
  groupMemberPageEnvelopeSchema,
  groupPageEnvelopeSchema,
  groupReachEnvelopeSchema,
  membersAddedEnvelopeSchema,
  membersRemovedEnvelopeSchema,
  previewCountEnvelopeSchema,
  groupListQuerySchema,
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
 * /api/groups — static groups and dynamic segments. Groups belong to the customer
 * area, so they use the `customer` permissions; writes are plan-gated.
 */
export function groupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['groups'];
    const view = { preHandler: [requirePermission('customer', 'view')] };
    const create = { preHandler: [requirePermission('customer', 'create'), planGate] };
    const change = { preHandler: [requirePermission('customer', 'update'), planGate] };
    const del = { preHandler: [requirePermission('customer', 'delete'), planGate] };

    app.get(
      '/',
      {
        ...view,
        schema: {
          tags,
          summary: 'List the groups and segments',
          querystring: groupListQuerySchema,
          response: { 200: groupPageEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await groups.list(ctx, requireAuth(req), req.query)),
    );
    app.post(
      '/',
      {
        ...create,
        schema: { tags, summary: 'Create a group or segment', body: createGroupSchema, response: { 201: groupEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await groups.create(ctx, requireAuth(req), req.body), 'Group created', 201),
    );
    // live audience count while a segment is edited (a read: no plan gate)
    app.post(
      '/preview-count',
      {
        ...view,
        schema: {
          tags,
          summary: 'Count the customers a rule set matches',
          body: previewCountSchema,
          response: { 200: previewCountEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await groups.previewCount(ctx, requireAuth(req), req.body.rules)),
    );
    app.get(
      '/:id',
      { ...view, schema: { tags, summary: 'Get a group', params: idParamSchema, response: { 200: groupEnvelopeSchema } } },
      async (req, reply) => ok(reply, await groups.get(ctx, requireAuth(req), req.params.id)),
    );
    app.get(
      '/:id/reach',
      {
        ...view,
        schema: {
          tags,
          summary: "Count a group's members and those no channel can reach",
          params: idParamSchema,
          response: { 200: groupReachEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await groups.reach(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        ...change,
        schema: { tags, summary: 'Update a group', params: idParamSchema, body: updateGroupSchema, response: { 200: groupEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await groups.update(ctx, requireAuth(req), req.params.id, req.body), 'Group updated'),
    );
    app.delete(
      '/:id',
      { ...del, schema: { tags, summary: 'Delete a group', params: idParamSchema, response: { 200: emptyEnvelopeSchema } } },
      async (req, reply) => {
        await groups.remove(ctx, requireAuth(req), req.params.id);
        return ok(reply, null, 'Group deleted');
      },
    );
    app.post(
      '/:id/activate',
      { ...change, schema: { tags, summary: 'Activate a group', params: idParamSchema, response: { 200: groupEnvelopeSchema } } },
      async (req, reply) => ok(reply, await groups.setStatus(ctx, requireAuth(req), req.params.id, 'ACTIVE'), 'Group activated'),
    );
    app.post(
      '/:id/deactivate',
      { ...change, schema: { tags, summary: 'Deactivate a group', params: idParamSchema, response: { 200: groupEnvelopeSchema } } },
      async (req, reply) => ok(reply, await groups.setStatus(ctx, requireAuth(req), req.params.id, 'INACTIVE'), 'Group deactivated'),
    );
    app.get(
      '/:id/members',
      {
        ...view,
        schema: {
          tags,
          summary: 'List the members of a group',
          params: idParamSchema,
          querystring: memberListQuerySchema,
          response: { 200: groupMemberPageEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await groups.listMembers(ctx, requireAuth(req), req.params.id, req.query)),
    );
    app.post(
      '/:id/members',
      {
        ...change,
        schema: {
          tags,
          summary: 'Add customers to a static group',
          params: idParamSchema,
          body: memberIdsSchema,
          response: { 200: membersAddedEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await groups.addMembers(ctx, requireAuth(req), req.params.id, req.body), 'Members added'),
    );
    app.post(
      '/:id/members/remove',
      {
        ...change,
        schema: {
          tags,
          summary: 'Remove customers from a static group',
          params: idParamSchema,
          body: memberIdsSchema,
          response: { 200: membersRemovedEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await groups.removeMembers(ctx, requireAuth(req), req.params.id, req.body), 'Members removed'),
    );
  };
}
