import { fileResponse, idParamSchema } from '@risala/shared';
import { pageQuerySchema } from '@risala/shared/schemas/common';
import {
  importConfigSchema,
  importJobEnvelopeSchema,
  importJobPageEnvelopeSchema,
  importUploadEnvelopeSchema,
} from '@risala/shared/schemas/customers';
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
    app.post(
      '/',
      {
        schema: { tags, summary: 'Upload a CSV or XLSX file to import', response: { 201: importUploadEnvelopeSchema } },
        preHandler: create,
      },
      async (req, reply) => {
        if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
        const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
        const file = part ? { buffer: await part.toBuffer(), filename: part.filename || null } : null;
        return ok(reply, await imports.upload(ctx, requireAuth(req), file), 'File uploaded', 201);
      },
    );
    app.put(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Set the column mapping of an import',
          params: idParamSchema,
          body: importConfigSchema,
          response: { 200: importJobEnvelopeSchema },
        },
        preHandler: create,
      },
      async (req, reply) => ok(reply, await imports.configure(ctx, requireAuth(req), req.params.id, req.body)),
    );
    app.post(
      '/:id/start',
      {
        schema: { tags, summary: 'Start an import', params: idParamSchema, response: { 202: importJobEnvelopeSchema } },
        preHandler: create,
      },
      async (req, reply) => ok(reply, await imports.start(ctx, requireAuth(req), req.params.id), 'Import started', 202),
    );
    const view = requirePermission('customer', 'view');
    app.get(
      '/',
      {
        schema: { tags, summary: 'List the recent imports', querystring: pageQuerySchema, response: { 200: importJobPageEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await imports.list(ctx, requireAuth(req), req.query)),
    );
    app.get(
      '/:id',
      {
        schema: { tags, summary: 'Get the progress of an import', params: idParamSchema, response: { 200: importJobEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await imports.status(ctx, requireAuth(req), req.params.id)),
    );
    app.get(
      '/:id/errors.csv',
      {
        schema: {
          tags,
          summary: 'Download the rejected rows of an import as CSV',
          params: idParamSchema,
          response: { 200: fileResponse('text/csv', 'The rejected rows with the reason for each') },
        },
        preHandler: view,
      },
      async (req, reply) => {
        const csv = await errorsReport(ctx, requireAuth(req), req.params.id, requestLanguage(req));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="import-${req.params.id}-errors.csv"`)
          .send(csv);
      },
    );
  };
}
