import { idParamSchema } from '@risala/shared/schemas/common';
import {
  createPluginSchema,
  pluginEnvelopeSchema,
  pluginPageEnvelopeSchema,
  routerEnvelopeSchema,
  routerListEnvelopeSchema,
  routerPageEnvelopeSchema,
  routeTestEnvelopeSchema,
  routingDeletedEnvelopeSchema,
  ruleEnvelopeSchema,
  rulePageEnvelopeSchema,
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
  view: { preHandler: [requirePermission('gateway', 'view')] },
  create: { preHandler: [requirePermission('gateway', 'create'), planGate] },
  change: { preHandler: [requirePermission('gateway', 'update'), planGate] },
  del: { preHandler: [requirePermission('gateway', 'delete'), planGate] },
});

/** /api/gateway/rules — filters a router matches on (§3, §8). */
export function ruleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { view, create, change, del } = guards();
    const tags = ['gateway'];
    app.get(
      '/',
      { ...view, schema: { tags, summary: 'List the rules', querystring: ruleListQuerySchema, response: { 200: rulePageEnvelopeSchema } } },
      async (req, reply) => ok(reply, await rules.list(ctx, requireAuth(req), req.query)),
    );
    app.post(
      '/',
      { ...create, schema: { tags, summary: 'Create a rule', body: createRuleSchema, response: { 201: ruleEnvelopeSchema } } },
      async (req, reply) => ok(reply, await rules.create(ctx, requireAuth(req), req.body), 'Rule created', 201),
    );
    app.get(
      '/:id',
      { ...view, schema: { tags, summary: 'Get a rule', params: idParamSchema, response: { 200: ruleEnvelopeSchema } } },
      async (req, reply) => ok(reply, await rules.get(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        ...change,
        schema: { tags, summary: 'Update a rule', params: idParamSchema, body: updateRuleSchema, response: { 200: ruleEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await rules.update(ctx, requireAuth(req), req.params.id, req.body), 'Rule updated'),
    );
    app.post(
      '/:id/activate',
      { ...change, schema: { tags, summary: 'Activate a rule', params: idParamSchema, response: { 200: ruleEnvelopeSchema } } },
      async (req, reply) => ok(reply, await rules.setStatus(ctx, requireAuth(req), req.params.id, 'ACTIVE'), 'Rule activated'),
    );
    app.post(
      '/:id/deactivate',
      { ...change, schema: { tags, summary: 'Deactivate a rule', params: idParamSchema, response: { 200: ruleEnvelopeSchema } } },
      async (req, reply) => ok(reply, await rules.setStatus(ctx, requireAuth(req), req.params.id, 'INACTIVE'), 'Rule deactivated'),
    );
    app.delete(
      '/:id',
      { ...del, schema: { tags, summary: 'Delete a rule', params: idParamSchema, response: { 200: routingDeletedEnvelopeSchema } } },
      async (req, reply) => {
        await rules.remove(ctx, requireAuth(req), req.params.id);
        return ok(reply, null, 'Rule deleted');
      },
    );
  };
}

/** /api/gateway/routers — MT routes tried in `order`; reorder and a route tester. */
export function routerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { view, create, change, del } = guards();
    const tags = ['gateway'];
    app.get(
      '/',
      {
        ...view,
        schema: { tags, summary: 'List the routers', querystring: routerListQuerySchema, response: { 200: routerPageEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await routers.list(ctx, requireAuth(req), req.query)),
    );
    app.post(
      '/',
      { ...create, schema: { tags, summary: 'Create a router', body: createRouterSchema, response: { 201: routerEnvelopeSchema } } },
      async (req, reply) => ok(reply, await routers.create(ctx, requireAuth(req), req.body), 'Router created', 201),
    );
    app.post(
      '/reorder',
      {
        ...change,
        schema: { tags, summary: 'Reorder the routers', body: reorderRoutersSchema, response: { 200: routerListEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await routers.reorder(ctx, requireAuth(req), req.body.ids), 'Routers reordered'),
    );
    app.post(
      '/test',
      {
        ...view,
        schema: { tags, summary: 'Which route a message would take', body: routeTestSchema, response: { 200: routeTestEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await routers.testRoute(ctx, requireAuth(req), req.body)),
    );
    app.get(
      '/:id',
      { ...view, schema: { tags, summary: 'Get a router', params: idParamSchema, response: { 200: routerEnvelopeSchema } } },
      async (req, reply) => ok(reply, await routers.get(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        ...change,
        schema: {
          tags,
          summary: 'Update a router',
          params: idParamSchema,
          body: updateRouterSchema,
          response: { 200: routerEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await routers.update(ctx, requireAuth(req), req.params.id, req.body), 'Router updated'),
    );
    app.post(
      '/:id/activate',
      { ...change, schema: { tags, summary: 'Activate a router', params: idParamSchema, response: { 200: routerEnvelopeSchema } } },
      async (req, reply) => ok(reply, await routers.setStatus(ctx, requireAuth(req), req.params.id, 'ACTIVE'), 'Router activated'),
    );
    app.post(
      '/:id/deactivate',
      { ...change, schema: { tags, summary: 'Deactivate a router', params: idParamSchema, response: { 200: routerEnvelopeSchema } } },
      async (req, reply) => ok(reply, await routers.setStatus(ctx, requireAuth(req), req.params.id, 'INACTIVE'), 'Router deactivated'),
    );
    app.delete(
      '/:id',
      { ...del, schema: { tags, summary: 'Delete a router', params: idParamSchema, response: { 200: routingDeletedEnvelopeSchema } } },
      async (req, reply) => {
        await routers.remove(ctx, requireAuth(req), req.params.id);
        return ok(reply, null, 'Router deleted');
      },
    );
  };
}

/** /api/gateway/plugins — route plugins: URL shortener, sender-id override. */
export function pluginRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { view, create, change, del } = guards();
    const tags = ['gateway'];
    app.get(
      '/',
      {
        ...view,
        schema: { tags, summary: 'List the plugins', querystring: pluginListQuerySchema, response: { 200: pluginPageEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await plugins.list(ctx, requireAuth(req), req.query)),
    );
    app.post(
      '/',
      { ...create, schema: { tags, summary: 'Create a plugin', body: createPluginSchema, response: { 201: pluginEnvelopeSchema } } },
      async (req, reply) => ok(reply, await plugins.create(ctx, requireAuth(req), req.body), 'Plugin created', 201),
    );
    app.get(
      '/:id',
      { ...view, schema: { tags, summary: 'Get a plugin', params: idParamSchema, response: { 200: pluginEnvelopeSchema } } },
      async (req, reply) => ok(reply, await plugins.get(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        ...change,
        schema: {
          tags,
          summary: 'Update a plugin',
          params: idParamSchema,
          body: updatePluginSchema,
          response: { 200: pluginEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await plugins.update(ctx, requireAuth(req), req.params.id, req.body), 'Plugin updated'),
    );
    app.post(
      '/:id/install',
      { ...change, schema: { tags, summary: 'Install a plugin', params: idParamSchema, response: { 200: pluginEnvelopeSchema } } },
      async (req, reply) => ok(reply, await plugins.setStatus(ctx, requireAuth(req), req.params.id, 'INSTALLED'), 'Plugin installed'),
    );
    app.post(
      '/:id/uninstall',
      { ...change, schema: { tags, summary: 'Uninstall a plugin', params: idParamSchema, response: { 200: pluginEnvelopeSchema } } },
      async (req, reply) => ok(reply, await plugins.setStatus(ctx, requireAuth(req), req.params.id, 'UNINSTALLED'), 'Plugin uninstalled'),
    );
    app.delete(
      '/:id',
      { ...del, schema: { tags, summary: 'Delete a plugin', params: idParamSchema, response: { 200: routingDeletedEnvelopeSchema } } },
      async (req, reply) => {
        await plugins.remove(ctx, requireAuth(req), req.params.id);
        return ok(reply, null, 'Plugin deleted');
      },
    );
  };
}
