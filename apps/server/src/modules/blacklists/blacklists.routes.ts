import {
  addEntriesSchema,
  blacklistCheckSchema,
  blacklistListQuerySchema,
  createBlacklistSchema,
  entryListQuerySchema,
  entryParamSchema,
  updateBlacklistSchema,
} from '@risala/shared/schemas/blacklists';
import { idParamSchema } from '@risala/shared/schemas/common';
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
 * /api/blacklists — MT/MO lists of numbers, prefixes and keywords (issue 3 item 4), in the customer
 * area's permissions; writes are plan-gated. `check` tells which ACTIVE lists block a number.
 */
export function blacklistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['blacklists'];
    const view = { preHandler: [requirePermission('customer', 'view')] };
    const create = { preHandler: [requirePermission('customer', 'create'), planGate] };
    const change = { preHandler: [requirePermission('customer', 'update'), planGate] };
    const del = { preHandler: [requirePermission('customer', 'delete'), planGate] };

    app.get('/', { ...view, schema: { tags, querystring: blacklistListQuerySchema } }, async (req, reply) =>
      ok(reply, await blacklists.list(ctx, requireAuth(req), req.query)),
    );
    app.post('/', { ...create, schema: { tags, body: createBlacklistSchema } }, async (req, reply) =>
      ok(reply, await blacklists.create(ctx, requireAuth(req), req.body), 'Blacklist created', 201),
    );
    app.post('/check', { ...view, schema: { tags, body: blacklistCheckSchema } }, async (req, reply) =>
      ok(reply, await blacklists.check(ctx, requireAuth(req), req.body)),
    );
    app.get('/:id', { ...view, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await blacklists.get(ctx, requireAuth(req), req.params.id)),
    );
    app.put('/:id', { ...change, schema: { tags, params: idParamSchema, body: updateBlacklistSchema } }, async (req, reply) =>
      ok(reply, await blacklists.update(ctx, requireAuth(req), req.params.id, req.body), 'Blacklist updated'),
    );
    app.delete('/:id', { ...del, schema: { tags, params: idParamSchema } }, async (req, reply) => {
      await blacklists.remove(ctx, requireAuth(req), req.params.id);
      return ok(reply, null, 'Blacklist deleted');
    });
    app.post('/:id/activate', { ...change, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await blacklists.setStatus(ctx, requireAuth(req), req.params.id, 'ACTIVE'), 'Blacklist activated'),
    );
    app.post('/:id/deactivate', { ...change, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await blacklists.setStatus(ctx, requireAuth(req), req.params.id, 'INACTIVE'), 'Blacklist deactivated'),
    );
    app.get('/:id/entries', { ...view, schema: { tags, params: idParamSchema, querystring: entryListQuerySchema } }, async (req, reply) =>
      ok(reply, await blacklists.listEntries(ctx, requireAuth(req), req.params.id, req.query)),
    );
    app.post('/:id/entries', { ...change, schema: { tags, params: idParamSchema, body: addEntriesSchema } }, async (req, reply) =>
      ok(reply, await blacklists.addEntries(ctx, requireAuth(req), req.params.id, req.body), 'Entries added', 201),
    );
    app.delete('/:id/entries/:entryId', { ...change, schema: { tags, params: entryParamSchema } }, async (req, reply) => {
      await blacklists.removeEntry(ctx, requireAuth(req), req.params.id, req.params.entryId);
      return ok(reply, null, 'Entry removed');
    });
    // multipart: one CSV/TXT file, a `number` column or one number per line
    app.post('/:id/import', { ...change, schema: { tags, params: idParamSchema } }, async (req, reply) => {
      const report = await blacklists.importNumbers(ctx, requireAuth(req), req.params.id, await readUpload(req));
      const lang = requestLanguage(req);
      const invalid = report.invalid.map((r) => ({ ...r, message: translate(lang, r.message) }));
      return ok(reply, { ...report, invalid }, 'Numbers imported');
    });
  };
}
