import {
  addEntriesSchema,
  blacklistCheckEnvelopeSchema,
  blacklistCheckSchema,
  blacklistEntryPageEnvelopeSchema,
  blacklistEnvelopeSchema,
  blacklistImportEnvelopeSchema,
  blacklistPageEnvelopeSchema,
  blacklistListQuerySchema,
  createBlacklistSchema,
  entriesAddedEnvelopeSchema,
  entryListQuerySchema,
  entryParamSchema,
  updateBlacklistSchema,
} from '@risala/shared/schemas/blacklists';
import { emptyEnvelopeSchema, idParamSchema } from '@risala/shared/schemas/common';
import { translate } from '@risala/shared/i18n/index.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import * as blacklists from './blacklists.service.ts';

async function readUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
  const part = await req.file();
  if (!part) return null;
  return { buffer: await part.toBuffer(), filename: part.filename };
}

/**
 * /api/blacklists — MT/MO lists of numbers, prefixes and keywords, in the customer
 * area's permissions; writes are plan-gated. `check` tells which ACTIVE lists block a number.
 */
export function blacklistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['blacklists'];
    const view = { preHandler: [requirePermission('customer', 'view')] };
    const create = { preHandler: [requirePermission('customer', 'create'), planGate] };
    const change = { preHandler: [requirePermission('customer', 'update'), planGate] };
    const del = { preHandler: [requirePermission('customer', 'delete'), planGate] };

    app.get(
      '/',
      {
        ...view,
        schema: {
          tags,
          summary: 'List the blacklists',
          querystring: blacklistListQuerySchema,
          response: { 200: blacklistPageEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await blacklists.list(ctx, requireAuth(req), req.query)),
    );
    app.post(
      '/',
      {
        ...create,
        schema: { tags, summary: 'Create a blacklist', body: createBlacklistSchema, response: { 201: blacklistEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await blacklists.create(ctx, requireAuth(req), req.body), 'Blacklist created', 201),
    );
    app.post(
      '/check',
      {
        ...view,
        schema: {
          tags,
          summary: 'Tell which active blacklists block a number',
          body: blacklistCheckSchema,
          response: { 200: blacklistCheckEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await blacklists.check(ctx, requireAuth(req), req.body)),
    );
    app.get(
      '/:id',
      { ...view, schema: { tags, summary: 'Get a blacklist', params: idParamSchema, response: { 200: blacklistEnvelopeSchema } } },
      async (req, reply) => ok(reply, await blacklists.get(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        ...change,
        schema: {
          tags,
          summary: 'Update a blacklist',
          params: idParamSchema,
          body: updateBlacklistSchema,
          response: { 200: blacklistEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await blacklists.update(ctx, requireAuth(req), req.params.id, req.body), 'Blacklist updated'),
    );
    app.delete(
      '/:id',
      { ...del, schema: { tags, summary: 'Delete a blacklist', params: idParamSchema, response: { 200: emptyEnvelopeSchema } } },
      async (req, reply) => {
        await blacklists.remove(ctx, requireAuth(req), req.params.id);
        return ok(reply, null, 'Blacklist deleted');
      },
    );
    app.post(
      '/:id/activate',
      { ...change, schema: { tags, summary: 'Activate a blacklist', params: idParamSchema, response: { 200: blacklistEnvelopeSchema } } },
      async (req, reply) => ok(reply, await blacklists.setStatus(ctx, requireAuth(req), req.params.id, 'ACTIVE'), 'Blacklist activated'),
    );
    app.post(
      '/:id/deactivate',
      { ...change, schema: { tags, summary: 'Deactivate a blacklist', params: idParamSchema, response: { 200: blacklistEnvelopeSchema } } },
      async (req, reply) =>
        ok(reply, await blacklists.setStatus(ctx, requireAuth(req), req.params.id, 'INACTIVE'), 'Blacklist deactivated'),
    );
    app.get(
      '/:id/entries',
      {
        ...view,
        schema: {
          tags,
          summary: 'List the entries of a blacklist',
          params: idParamSchema,
          querystring: entryListQuerySchema,
          response: { 200: blacklistEntryPageEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await blacklists.listEntries(ctx, requireAuth(req), req.params.id, req.query)),
    );
    app.post(
      '/:id/entries',
      {
        ...change,
        schema: {
          tags,
          summary: 'Add entries to a blacklist',
          params: idParamSchema,
          body: addEntriesSchema,
          response: { 201: entriesAddedEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await blacklists.addEntries(ctx, requireAuth(req), req.params.id, req.body), 'Entries added', 201),
    );
    app.delete(
      '/:id/entries/:entryId',
      {
        ...change,
        schema: { tags, summary: 'Remove an entry from a blacklist', params: entryParamSchema, response: { 200: emptyEnvelopeSchema } },
      },
      async (req, reply) => {
        await blacklists.removeEntry(ctx, requireAuth(req), req.params.id, req.params.entryId);
        return ok(reply, null, 'Entry removed');
      },
    );
    // multipart: one CSV/TXT file, a `number` column or one number per line
    app.post(
      '/:id/import',
      {
        ...change,
        schema: {
          tags,
          summary: 'Import numbers from a CSV or TXT file',
          params: idParamSchema,
          response: { 200: blacklistImportEnvelopeSchema },
        },
      },
      async (req, reply) => {
        const report = await blacklists.importNumbers(ctx, requireAuth(req), req.params.id, await readUpload(req));
        const lang = requestLanguage(req);
        const invalid = report.invalid.map((r) => ({ ...r, message: translate(lang, r.message) }));
        return ok(reply, { ...report, invalid }, 'Numbers imported');
      },
    );
  };
}
