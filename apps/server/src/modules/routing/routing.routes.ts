import { idParamSchema } from '@risala/shared/schemas/common';
import {
  createPluginSchema,
  createRouterSchema,
  createRuleSchema,
  pluginListQuerySchema,
  reorderRoutersSchema,
  routerListQuerySchema,
  routeTestSchema,
  ruleListQuerySchema,
  updatePluginSchema,
  updateRouterSchema,
  updateRuleSchema,
} from '@risala/shared/schemas/gateway-routing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import * as plugins from './plugins.service.ts';
import * as routers from './routers.service.ts';
import * as rules from './rules.service.ts';

/**
 * The gateway lives under Sender Management (§2): the `sender` entity's permissions; writes
 * plan-gated. Built when a plugin registers, not when the file is imported.
 */
const guards = () => ({
  view: { preHandler: [requirePermission('sender', 'view')] },
  create: { preHandler: [requirePermission('sender', 'create'), planGate] },
  change: { preHandler: [requirePermission('sender', 'update'), planGate] },
  del: { preHandler: [requirePermission('sender', 'delete'), planGate] },
});

/** /api/gateway/rules — filters a router matches on (§3, §8). */
export function ruleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { view, create, change, del } = guards();
    const tags = ['gateway'];
    app.get('/', { ...view, schema: { tags, querystring: ruleListQuerySchema } }, async (req, reply) =>
      ok(reply, await rules.list(ctx, requireAuth(req), req.query)),
    );
    app.post('/', { ...create, schema: { tags, body: createRuleSchema } }, async (req, reply) =>
      ok(reply, await rules.create(ctx, requireAuth(req), req.body), 'Rule created', 201),
    );
    app.get('/:id', { ...view, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await rules.get(ctx, requireAuth(req), req.params.id)),
    );
    app.put('/:id', { ...change, schema: { tags, params: idParamSchema, body: updateRuleSchema } }, async (req, reply) =>
      ok(reply, await rules.update(ctx, requireAuth(req), req.params.id, req.body), 'Rule updated'),
    );
    app.post('/:id/activate', { ...change, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await rules.setStatus(ctx, requireAuth(req), req.params.id, 'ACTIVE'), 'Rule activated'),
    );
    app.post('/:id/deactivate', { ...change, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await rules.setStatus(ctx, requireAuth(req), req.params.id, 'INACTIVE'), 'Rule deactivated'),
    );
    app.delete('/:id', { ...del, schema: { tags, params: idParamSchema } }, async (req, reply) => {
      await rules.remove(ctx, requireAuth(req), req.params.id);
      return ok(reply, null, 'Rule deleted');
    });
  };
}

/** /api/gateway/routers — MT routes tried in `order`; reorder and a route tester. */
export function routerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { view, create, change, del } = guards();
    const tags = ['gateway'];
    app.get('/', { ...view, schema: { tags, querystring: routerListQuerySchema } }, async (req, reply) =>
      ok(reply, await routers.list(ctx, requireAuth(req), req.query)),
    );
    app.post('/', { ...create, schema: { tags, body: createRouterSchema } }, async (req, reply) =>
      ok(reply, await routers.create(ctx, requireAuth(req), req.body), 'Router created', 201),
    );
    app.post('/reorder', { ...change, schema: { tags, body: reorderRoutersSchema } }, async (req, reply) =>
      ok(reply, await routers.reorder(ctx, requireAuth(req), req.body.ids), 'Routers reordered'),
    );
    app.post('/test', { ...view, schema: { tags, body: routeTestSchema } }, async (req, reply) =>
      ok(reply, await routers.testRoute(ctx, requireAuth(req), req.body)),
    );
    app.get('/:id', { ...view, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await routers.get(ctx, requireAuth(req), req.params.id)),
    );
    app.put('/:id', { ...change, schema: { tags, params: idParamSchema, body: updateRouterSchema } }, async (req, reply) =>
      ok(reply, await routers.update(ctx, requireAuth(req), req.params.id, req.body), 'Router updated'),
    );
    app.post('/:id/activate', { ...change, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await routers.setStatus(ctx, requireAuth(req), req.params.id, 'ACTIVE'), 'Router activated'),
    );
    app.post('/:id/deactivate', { ...change, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await routers.setStatus(ctx, requireAuth(req), req.params.id, 'INACTIVE'), 'Router deactivated'),
    );
    app.delete('/:id', { ...del, schema: { tags, params: idParamSchema } }, async (req, reply) => {
      await routers.remove(ctx, requireAuth(req), req.params.id);
      return ok(reply, null, 'Router deleted');
    });
  };
}

/** /api/gateway/plugins — route plugins: URL shortener, sender-id override. */
export function pluginRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { view, create, change, del } = guards();
    const tags = ['gateway'];
    app.get('/', { ...view, schema: { tags, querystring: pluginListQuerySchema } }, async (req, reply) =>
      ok(reply, await plugins.list(ctx, requireAuth(req), req.query)),
    );
    app.post('/', { ...create, schema: { tags, body: createPluginSchema } }, async (req, reply) =>
      ok(reply, await plugins.create(ctx, requireAuth(req), req.body), 'Plugin created', 201),
    );
    app.get('/:id', { ...view, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await plugins.get(ctx, requireAuth(req), req.params.id)),
    );
    app.put('/:id', { ...change, schema: { tags, params: idParamSchema, body: updatePluginSchema } }, async (req, reply) =>
      ok(reply, await plugins.update(ctx, requireAuth(req), req.params.id, req.body), 'Plugin updated'),
    );
    app.post('/:id/install', { ...change, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await plugins.setStatus(ctx, requireAuth(req), req.params.id, 'INSTALLED'), 'Plugin installed'),
    );
    app.post('/:id/uninstall', { ...change, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await plugins.setStatus(ctx, requireAuth(req), req.params.id, 'UNINSTALLED'), 'Plugin uninstalled'),
    );
    app.delete('/:id', { ...del, schema: { tags, params: idParamSchema } }, async (req, reply) => {
      await plugins.remove(ctx, requireAuth(req), req.params.id);
      return ok(reply, null, 'Plugin deleted');
    });
  };
}
