import { fileResponse, idParamSchema } from '@risala/shared';
import {
  creditBalancesEnvelopeSchema,
  creditChannelParamSchema,
  lowThresholdInputSchema,
  inboundListEnvelopeSchema,
  inboundListQuerySchema,
  messageDetailEnvelopeSchema,
  messageListEnvelopeSchema,
  messageListQuerySchema,
} from '@risala/shared/schemas/messages';
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
      {
        schema: { tags, summary: 'The message history', querystring: messageListQuerySchema, response: { 200: messageListEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await history.list(ctx, requireAuth(req), req.query, requestLanguage(req))),
    );
    app.get(
      '/export.csv',
      {
        schema: {
          tags,
          summary: 'Export the filtered message history as CSV',
          querystring: messageListQuerySchema,
          response: { 200: fileResponse('text/csv', 'One row per message, streamed') },
        },
        preHandler: requirePermission('message_history', 'export'),
      },
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
    app.get(
      '/inbound',
      {
        schema: {
          tags,
          summary: 'The inbound messages',
          querystring: inboundListQuerySchema,
          response: { 200: inboundListEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await history.inbound(ctx, requireAuth(req), req.query)),
    );
    app.get(
      '/:id',
      {
        schema: { tags, summary: 'One message with its timeline', params: idParamSchema, response: { 200: messageDetailEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await history.detail(ctx, requireAuth(req), req.params.id, requestLanguage(req))),
    );
  };
}

/** /api/credits — the account's message credits per channel. */
export function creditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        schema: { tags, summary: 'The message credits per channel', response: { 200: creditBalancesEnvelopeSchema } },
        preHandler: requirePermission('message_history', 'view'),
      },
      async (req, reply) => ok(reply, await history.creditBalances(ctx, requireAuth(req))),
    );
    app.put(
      '/:channel/low-threshold',
      {
        schema: {
          tags,
          summary: 'Set the balance below which the owners are told (once per crossing); null restores the default',
          params: creditChannelParamSchema,
          body: lowThresholdInputSchema,
          response: { 200: creditBalancesEnvelopeSchema },
        },
        preHandler: requirePermission('billing', 'update'),
      },
      async (req, reply) =>
        ok(reply, await history.setLowCreditThreshold(ctx, requireAuth(req), req.params.channel, req.body.threshold), 'Saved'),
    );
  };
}
