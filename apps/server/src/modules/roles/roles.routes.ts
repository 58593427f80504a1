import { idParamSchema } from '@risala/shared';
import { roleDeletedEnvelopeSchema, roleEnvelopeSchema, roleInputSchema, roleListEnvelopeSchema } from '@risala/shared/schemas/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import * as roles from './roles.service.ts';

/** /api/roles — built-in and custom roles (permission tree: role_management). */
export function roleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['roles'];
    app.get(
      '/',
      {
        schema: { tags, summary: 'The roles of the account, with how many users hold each', response: { 200: roleListEnvelopeSchema } },
        preHandler: requirePermission('role_management', 'view'),
      },
      async (req, reply) => ok(reply, await roles.listRoles(ctx, requireAuth(req))),
    );
    app.get(
      '/:id',
      {
        schema: { tags, summary: 'A role with its permission tree', params: idParamSchema, response: { 200: roleEnvelopeSchema } },
        preHandler: requirePermission('role_management', 'view'),
      },
      async (req, reply) => ok(reply, await roles.getRole(ctx, requireAuth(req), req.params.id)),
    );
    app.post(
      '/',
      {
        schema: { tags, summary: 'Create a custom role', body: roleInputSchema, response: { 201: roleEnvelopeSchema } },
        preHandler: requirePermission('role_management', 'create'),
      },
      async (req, reply) => ok(reply, await roles.createRole(ctx, requireAuth(req), req.body, req.ip), 'Role created', 201),
    );
    app.put(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Change a custom role (built-in roles are read-only)',
          params: idParamSchema,
          body: roleInputSchema,
          response: { 200: roleEnvelopeSchema },
        },
        preHandler: requirePermission('role_management', 'update'),
      },
      async (req, reply) => ok(reply, await roles.updateRole(ctx, requireAuth(req), req.params.id, req.body, req.ip), 'Role updated'),
    );
    app.delete(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Delete a custom role that nobody holds',
          params: idParamSchema,
          response: { 200: roleDeletedEnvelopeSchema },
        },
        preHandler: requirePermission('role_management', 'delete'),
      },
      async (req, reply) => ok(reply, await roles.deleteRole(ctx, requireAuth(req), req.params.id, req.ip), 'Role deleted'),
    );
  };
}
