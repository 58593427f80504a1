import { fileResponse } from '@risala/shared';
import { auditActorsEnvelopeSchema, auditPageEnvelopeSchema, auditQuerySchema } from '@risala/shared/schemas/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import * as log from './audit-log.service.ts';

/** /api/audit-log — the account's audit log (permission tree: audit_log; owners and admins). */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['audit'];
    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'The audit log, newest first (filters: actor, action, target type, days in the account’s zone; keyset pages)',
          querystring: auditQuerySchema,
          response: { 200: auditPageEnvelopeSchema },
        },
        preHandler: requirePermission('audit_log', 'view'),
      },
      async (req, reply) => ok(reply, await log.list(ctx, requireAuth(req).accountId, req.query)),
    );
    app.get(
      '/actors',
      {
        schema: { tags, summary: 'The account’s users, for the actor filter', response: { 200: auditActorsEnvelopeSchema } },
        preHandler: requirePermission('audit_log', 'view'),
      },
      async (req, reply) => ok(reply, await log.actors(ctx, requireAuth(req).accountId)),
    );
    app.get(
      '/export.csv',
      {
        schema: {
          tags,
          summary: 'Export the filtered audit log as CSV',
          querystring: auditQuerySchema,
          response: { 200: fileResponse('text/csv', 'One row per entry, streamed') },
        },
        preHandler: requirePermission('audit_log', 'export'),
      },
      async (req, reply) => {
        const { cursor: _c, limit: _l, ...filter } = req.query;
        const stream = log.exportCsv(ctx, requireAuth(req).accountId, filter, requestLanguage(req));
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
          .send(stream);
      },
    );
  };
}
