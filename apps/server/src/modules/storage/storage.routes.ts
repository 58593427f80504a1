import { can, userIdParamSchema } from '@risala/shared';
import {
  downloadQuerySchema,
  fileKeyParamSchema,
  fileKeySchema,
  fileListQuerySchema,
  type FilePurpose,
  filePurposeSchema,
  signedUrlSchema,
} from '@risala/shared/schemas/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { type AuthContext, planGate, requireAuth, requirePermission } from '../auth/index.ts';
import type { FileRow } from './storage.repo.ts';
import * as storage from './storage.service.ts';

/** Which area an upload serves decides who may make it (brand logos need brand rights, …). */
const PURPOSE_ENTITY = {
  general: 'content',
  logo: 'brand',
  content: 'content',
  template: 'template',
  import: 'customer',
} as const satisfies Record<FilePurpose, string>;

function assertMayUpload(auth: AuthContext, purpose: FilePurpose) {
  const entity = PURPOSE_ENTITY[purpose];
  if (!can(auth.permissions, entity, 'create') && !can(auth.permissions, entity, 'update')) {
    throw new AppError('FORBIDDEN');
  }
}

/** The one file part (`file`) and the text fields of a multipart body, in any order. */
async function readMultipart(req: FastifyRequest) {
  if (!req.isMultipart()) return { file: null, fields: {} as Record<string, string> };
  let file: { buffer: Buffer; filename: string } | null = null;
  const fields: Record<string, string> = {};
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer(); // throws past 10 MB → 413 INVALID_FILE_SIZE
      if (part.fieldname === 'file') file = { buffer, filename: part.filename };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { file, fields };
}

function sendFile(reply: FastifyReply, row: FileRow, body: Buffer, cache: string) {
  const kind = storage.kindOf(row.content_type);
  const disposition = ['jpg', 'png', 'pdf'].includes(kind) ? 'inline' : 'attachment';
  const name = encodeURIComponent(row.original_name || row.key.split('/')[1]);
  return reply
    .header('content-type', row.content_type)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${name}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cache)
    .send(body);
}

/**
 * /api/s3/* — uploads and stored files (spec §7). Keys are `acc_<accountId>/<uuid>.<ext>`; in a
 * path segment the slash is written %2F (`/api/s3/files/acc_1%2F….png/url`).
 */
export function storageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['storage'];
    app.post('/upload', { schema: { tags, consumes: ['multipart/form-data'] }, preHandler: planGate }, async (req, reply) => {
      const auth = requireAuth(req);
      const { file, fields } = await readMultipart(req);
      const purpose = filePurposeSchema.safeParse(fields.purpose ?? 'general');
      if (!purpose.success) {
        throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'purpose', message: 'validation.invalid' }] });
      }
      assertMayUpload(auth, purpose.data);
      return ok(reply, await storage.storeUpload(ctx, auth, file, purpose.data), 'File uploaded', 201);
    });
    app.get('/files/:userId', { schema: { tags, params: userIdParamSchema, querystring: fileListQuerySchema } }, async (req, reply) =>
      ok(reply, await storage.listFiles(ctx, requireAuth(req), req.params.userId, req.query)),
    );
    app.delete(
      '/files/:key',
      { schema: { tags, params: fileKeyParamSchema }, preHandler: requirePermission('content', 'delete') },
      async (req, reply) => ok(reply, await storage.deleteFile(ctx, requireAuth(req), req.params.key), 'File deleted'),
    );
    app.get(
      '/files/:key/url',
      { schema: { tags, params: fileKeyParamSchema, querystring: signedUrlSchema.pick({ expires_in: true }) } },
      async (req, reply) =>
        ok(reply, await storage.signedUrl(ctx, requireAuth(req), { key: req.params.key, expires_in: req.query.expires_in })),
    );
    app.post('/signed-url', { schema: { tags, body: signedUrlSchema } }, async (req, reply) =>
      ok(reply, await storage.signedUrl(ctx, requireAuth(req), req.body)),
    );
    app.get('/stats', { schema: { tags } }, async (req, reply) => ok(reply, await storage.stats(ctx, requireAuth(req))));
    // the bytes, for <img src> and links inside the app (the session cookie rides along)
    app.get('/raw/*', { schema: { tags, params: z.object({ '*': fileKeySchema }) } }, async (req, reply) => {
      const { row, body } = await storage.readOwnFile(ctx, requireAuth(req), req.params['*']);
      return sendFile(reply, row, body, 'private, max-age=3600');
    });
  };
}

/**
 * No session needed: GET /api/s3/download?key=&exp=&sig= (the local driver's signed links) and
 * GET /api/s3/public/{sig}/{key} (an image's lasting address for emails; keys are never reused,
 * so it is cached for a year).
 */
export function signedDownloadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/download', { schema: { tags: ['storage'], querystring: downloadQuerySchema } }, async (req, reply) => {
      const { row, body } = await storage.readSignedFile(ctx, req.query);
      return sendFile(reply, row, body, 'private, no-store');
    });
    app.get(
      '/public/:sig/*',
      { schema: { tags: ['storage'], params: z.object({ sig: z.string().max(64), '*': fileKeySchema }) } },
      async (req, reply) => {
        const { row, body } = await storage.readPublicImage(ctx, req.params.sig, req.params['*']);
        return sendFile(reply, row, body, 'public, max-age=31536000, immutable');
      },
    );
  };
}
