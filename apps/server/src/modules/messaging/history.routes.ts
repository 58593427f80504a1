import { idParamSchema } from '@risala/shared';
import { envelopeOf } from '@risala/shared/schemas/dashboard';
import { inboundListQuerySchema, messageListQuerySchema, messagePageSchema } from '@risala/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import { exportMessagesCsv } from './history.export.ts';
import * as history from './history.service.ts';

const tags = ['messages'];

/** /api/messages — the history (views, filters, search, sorting, paging), one message with its timeline, the CSV export, inbound. */
export function messageHistoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const view = requirePermission('message_history', 'view');
    app.get(
      '/',
      { schema: { tags, querystring: messageListQuerySchema, response: { 200: envelopeOf(messagePageSchema) } }, preHandler: view },
      async (req, reply) => ok(reply, await history.list(ctx, requireAuth(req), req.query, requestLanguage(req))),
    );
    app.get(
      '/export.csv',
      { schema: { tags, querystring: messageListQuerySchema }, preHandler: requirePermission('message_history', 'export') },
      async (req, reply) => {
        const { page: _p, limit: _l, sort: _s, order: _o, ...filter } = req.query;
        const stream = exportMessagesCsv(ctx, requireAuth(req), filter, requestLanguage(req));
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="messages-${day}.csv"`)
          .send(stream);
      },
    );
    app.get('/inbound', { schema: { tags, querystring: inboundListQuerySchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await history.inbound(ctx, requireAuth(req), req.query)),
    );
    app.get('/:id', { schema: { tags, params: idParamSchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await history.detail(ctx, requireAuth(req), req.params.id, requestLanguage(req))),
    );
  };
}

/** /api/credits — the account's message credits per channel. */
export function creditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/', { schema: { tags }, preHandler: requirePermission('message_history', 'view') }, async (req, reply) =>
      ok(reply, await history.creditBalances(ctx, requireAuth(req))),
    );
  };
}
