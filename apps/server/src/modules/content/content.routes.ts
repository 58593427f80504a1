import { idParamSchema, userIdParamSchema } from '@risala/shared';
import { contentListQuerySchema, createContentSchema, updateContentSchema } from '@risala/shared/schemas/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import * as content from './content.service.ts';

/**
 * /api/content — spec §7: POST and GET list, GET/PUT/DELETE /{id}, GET /{id}/brands. A file comes
 * from POST /api/s3/upload (purpose `content`) first; its id goes in `file_id`.
 */
export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['content'];
    const view = requirePermission('content', 'view');
    app.post(
      '/',
      { schema: { tags, body: createContentSchema }, preHandler: [requirePermission('content', 'create'), planGate] },
      async (req, reply) => ok(reply, await content.createContent(ctx, requireAuth(req), req.body), 'Content created', 201),
    );
    app.get('/', { schema: { tags, querystring: contentListQuerySchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await content.listContent(ctx, requireAuth(req), req.query)),
    );
    app.get('/:id', { schema: { tags, params: idParamSchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await content.getContent(ctx, requireAuth(req), req.params.id)),
    );
    app.get('/:id/brands', { schema: { tags, params: idParamSchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await content.contentBrands(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        schema: { tags, params: idParamSchema, body: updateContentSchema },
        preHandler: [requirePermission('content', 'update'), planGate],
      },
      async (req, reply) => ok(reply, await content.updateContent(ctx, requireAuth(req), req.params.id, req.body), 'Content updated'),
    );
    app.delete(
      '/:id',
      { schema: { tags, params: idParamSchema }, preHandler: requirePermission('content', 'delete') },
      async (req, reply) => ok(reply, await content.deleteContent(ctx, requireAuth(req), req.params.id), 'Content deleted'),
    );
  };
}

/** GET /api/users/{userId}/content — the items a colleague created (spec §7). */
export function userContentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:userId/content',
      {
        schema: { tags: ['content'], params: userIdParamSchema, querystring: contentListQuerySchema },
        preHandler: requirePermission('content', 'view'),
      },
      async (req, reply) => ok(reply, await content.listContent(ctx, requireAuth(req), req.query, req.params.userId)),
    );
  };
}
