import { idParamSchema, userIdParamSchema } from '@risala/shared';
import { brandListQuerySchema, createBrandSchema, updateBrandSchema } from '@risala/shared/schemas/brands';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import * as brands from './brands.service.ts';

/** /api/brands — spec §7: POST and GET list, GET /user/{userId}, GET/PUT/DELETE /{id}. */
export function brandRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['brands'];
    const view = requirePermission('brand', 'view');
    app.post(
      '/',
      { schema: { tags, body: createBrandSchema }, preHandler: [requirePermission('brand', 'create'), planGate] },
      async (req, reply) => ok(reply, await brands.createBrand(ctx, requireAuth(req), req.body), 'Brand created', 201),
    );
    app.get('/', { schema: { tags, querystring: brandListQuerySchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await brands.listBrands(ctx, requireAuth(req), req.query)),
    );
    app.get(
      '/user/:userId',
      { schema: { tags, params: userIdParamSchema, querystring: brandListQuerySchema }, preHandler: view },
      async (req, reply) => ok(reply, await brands.listBrands(ctx, requireAuth(req), req.query, req.params.userId)),
    );
    app.get('/:id', { schema: { tags, params: idParamSchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await brands.getBrand(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      { schema: { tags, params: idParamSchema, body: updateBrandSchema }, preHandler: [requirePermission('brand', 'update'), planGate] },
      async (req, reply) => ok(reply, await brands.updateBrand(ctx, requireAuth(req), req.params.id, req.body), 'Brand updated'),
    );
    app.delete('/:id', { schema: { tags, params: idParamSchema }, preHandler: requirePermission('brand', 'delete') }, async (req, reply) =>
      ok(reply, await brands.deleteBrand(ctx, requireAuth(req), req.params.id), 'Brand deleted'),
    );
  };
}
