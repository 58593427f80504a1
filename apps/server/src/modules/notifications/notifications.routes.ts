import { idParamSchema, notificationListQuerySchema, unreadQuerySchema } from '@risala/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { requireAuth } from '../auth/index.ts';
import * as service from './notifications.service.ts';

/** /api/notifications — the bell (spec §7, §9). */
export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const scope = (req: Parameters<typeof requireAuth>[0]) => {
      const a = requireAuth(req);
      return { accountId: a.accountId, userId: a.userId };
    };
    const tags = ['notifications'];

    app.get('/', { schema: { tags, querystring: notificationListQuerySchema } }, async (req, reply) =>
      ok(reply, await service.listNotifications(ctx.db, scope(req), requestLanguage(req), req.query)),
    );
    app.get('/unread', { schema: { tags, querystring: unreadQuerySchema } }, async (req, reply) =>
      ok(reply, await service.listUnread(ctx.db, scope(req), requestLanguage(req), req.query.limit)),
    );
    app.get('/count', { schema: { tags } }, async (req, reply) => ok(reply, await service.countNotifications(ctx.db, scope(req))));
    app.put('/read-all', { schema: { tags } }, async (req, reply) => ok(reply, await service.markAllRead(ctx.db, scope(req))));
    app.put('/:id/read', { schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, {
        notification: await service.markRead(ctx.db, scope(req), req.params.id, requestLanguage(req)),
      }),
    );
  };
}
