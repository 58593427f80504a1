import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { requireAuth, requirePermission } from '../auth/guard.ts';
import { gettingStarted } from './dashboard.repo.ts';

/** /api/dashboard — the landing page's data; the insights paths of spec §7 join here later. */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['dashboard'];
    app.get('/getting-started', { schema: { tags }, preHandler: requirePermission('dashboard', 'view') }, async (req, reply) =>
      ok(reply, await gettingStarted(ctx.db, requireAuth(req).accountId)),
    );
  };
}
