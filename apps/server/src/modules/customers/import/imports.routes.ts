import { idParamSchema } from '@risala/shared';
import { pageQuerySchema } from '@risala/shared/schemas/common';
import { importConfigSchema } from '@risala/shared/schemas/customers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { ok, requestLanguage } from '../../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../../auth/index.ts';
import { IMPORT_MAX_BYTES } from './file-reader.ts';
import { errorsReport } from './import.task.ts';
import * as imports from './imports.service.ts';

/** /api/customers/imports — upload → mapping → start → progress → row-level report; the recent ones. */
export function customerImportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['customers'];
    const create = [requirePermission('customer', 'create'), planGate];
    app.post('/', { schema: { tags }, preHandler: create }, async (req, reply) => {
      if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
      const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      const file = part ? { buffer: await part.toBuffer(), filename: part.filename || null } : null;
      return ok(reply, await imports.upload(ctx, requireAuth(req), file), 'File uploaded', 201);
    });
    app.put('/:id', { schema: { tags, params: idParamSchema, body: importConfigSchema }, preHandler: create }, async (req, reply) =>
      ok(reply, await imports.configure(ctx, requireAuth(req), req.params.id, req.body)),
    );
    app.post('/:id/start', { schema: { tags, params: idParamSchema }, preHandler: create }, async (req, reply) =>
      ok(reply, await imports.start(ctx, requireAuth(req), req.params.id), 'Import started', 202),
    );
    const view = requirePermission('customer', 'view');
    app.get('/', { schema: { tags, querystring: pageQuerySchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await imports.list(ctx, requireAuth(req), req.query)),
    );
    app.get('/:id', { schema: { tags, params: idParamSchema }, preHandler: view }, async (req, reply) =>
      ok(reply, await imports.status(ctx, requireAuth(req), req.params.id)),
    );
    app.get('/:id/errors.csv', { schema: { tags, params: idParamSchema }, preHandler: view }, async (req, reply) => {
      const csv = await errorsReport(ctx, requireAuth(req), req.params.id, requestLanguage(req));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${req.params.id}-errors.csv"`)
        .send(csv);
    });
  };
}
