import {
  idParamSchema,
  markedReadEnvelopeSchema,
  notificationCountEnvelopeSchema,
  notificationListEnvelopeSchema,
  notificationListQuerySchema,
  notificationReadEnvelopeSchema,
  unreadNotificationsEnvelopeSchema,
  unreadQuerySchema,
} from '@risala/shared';
import { notificationSettingsEnvelopeSchema, notificationSettingsInputSchema } from '@risala/shared/schemas/notification-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { requireAuth } from '../auth/index.ts';
import * as service from './notifications.service.ts';
import * as settings from './settings.service.ts';

/** /api/notifications — the bell (spec §7, §9). */
export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const scope = (req: Parameters<typeof requireAuth>[0]) => {
      const a = requireAuth(req);
      return { accountId: a.accountId, userId: a.userId };
    };
    const tags = ['notifications'];

    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'List the notifications',
          querystring: notificationListQuerySchema,
          response: { 200: notificationListEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.listNotifications(ctx.db, scope(req), requestLanguage(req), req.query)),
    );
    app.get(
      '/unread',
      {
        schema: {
          tags,
          summary: 'The latest unread notifications',
          querystring: unreadQuerySchema,
          response: { 200: unreadNotificationsEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.listUnread(ctx.db, scope(req), requestLanguage(req), req.query.limit)),
    );
    app.get(
      '/count',
      { schema: { tags, summary: 'Count the notifications, read and unread', response: { 200: notificationCountEnvelopeSchema } } },
      async (req, reply) => ok(reply, await service.countNotifications(ctx.db, scope(req))),
    );
    app.put(
      '/read-all',
      { schema: { tags, summary: 'Mark every notification read', response: { 200: markedReadEnvelopeSchema } } },
      async (req, reply) => ok(reply, await service.markAllRead(ctx.db, scope(req))),
    );
    app.put(
      '/:id/read',
      { schema: { tags, summary: 'Mark a notification read', params: idParamSchema, response: { 200: notificationReadEnvelopeSchema } } },
      async (req, reply) =>
        ok(reply, {
          notification: await service.markRead(ctx.db, scope(req), req.params.id, requestLanguage(req)),
        }),
    );
  };
}

/** /api/notification-settings — the signed-in user's own settings: per type, in the bell and by email. */
export function notificationSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notifications'];
    const me = (req: Parameters<typeof requireAuth>[0]) => {
      const a = requireAuth(req);
      return { accountId: a.accountId, userId: a.userId };
    };
    app.get(
      '/',
      { schema: { tags, summary: 'My notification settings, every type', response: { 200: notificationSettingsEnvelopeSchema } } },
      async (req, reply) => ok(reply, await settings.getSettings(ctx.db, me(req))),
    );
    app.put(
      '/',
      {
        schema: {
          tags,
          summary: 'Change my notification settings (the types given)',
          body: notificationSettingsInputSchema,
          response: { 200: notificationSettingsEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await settings.putSettings(ctx.db, me(req), req.body, req.ip), 'Notification settings saved'),
    );
  };
}
