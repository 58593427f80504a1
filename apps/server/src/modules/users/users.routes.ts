import {
  accountEnvelopeSchema,
  featureAccessEnvelopeSchema,
  fileResponse,
  idParamSchema,
  logoEnvelopeSchema,
  profileEnvelopeSchema,
  updateProfileSchema,
  userEnvelopeSchema,
} from '@risala/shared';
import { updateAccountSchema } from '@risala/shared/schemas/account';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import type { Storage } from '../../storage/storage.ts';
import { authenticate, requireAuth, requirePermission } from '../auth/index.ts';
import * as users from './users.service.ts';

async function readUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
  const part = await req.file();
  if (!part) return null;
  return { buffer: await part.toBuffer(), filename: part.filename };
}

/** /api/auth/user/{id}… — profile, logo, feature access and pictures (spec §7). */
export function userRoutes(ctx: AppContext, storage: Storage): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.addHook('onRequest', authenticate(ctx));
    app.get(
      '/:id',
      { schema: { tags, summary: 'A user with permissions and account', params: idParamSchema, response: { 200: profileEnvelopeSchema } } },
      async (req, reply) => ok(reply, await users.getProfile(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Update a profile',
          params: idParamSchema,
          body: updateProfileSchema,
          response: { 200: userEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await users.updateProfile(ctx, requireAuth(req), req.params.id, req.body), 'Profile updated'),
    );
    app.get(
      '/:id/logo',
      { schema: { tags, summary: "A user's picture address", params: idParamSchema, response: { 200: logoEnvelopeSchema } } },
      async (req, reply) => ok(reply, await users.getLogo(ctx, requireAuth(req), req.params.id)),
    );
    app.get(
      '/:id/feature-access',
      {
        schema: { tags, summary: 'The plan and the trial position', params: idParamSchema, response: { 200: featureAccessEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await users.featureAccess(ctx, requireAuth(req), req.params.id)),
    );
    // upload-profile-picture is the deprecated name of the same action
    for (const path of ['/:id/upload-profile-picture-s3', '/:id/upload-profile-picture']) {
      app.post(
        path,
        {
          schema: { tags, summary: 'Upload a profile picture (JPG or PNG)', params: idParamSchema, response: { 200: logoEnvelopeSchema } },
        },
        async (req, reply) => {
          const file = await readUpload(req);
          return ok(reply, await users.uploadPicture(ctx, storage, requireAuth(req), req.params.id, file), 'Picture uploaded');
        },
      );
    }
  };
}

/** /api/account — the account's settings, changed by those who manage its users (owner, admin). */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/',
      {
        schema: {
          tags: ['users'],
          summary: "Update the account's name and time zone",
          body: updateAccountSchema,
          response: { 200: accountEnvelopeSchema },
        },
        preHandler: requirePermission('user_management', 'update'),
      },
      async (req, reply) => ok(reply, await users.updateAccount(ctx, requireAuth(req), req.body, req.ip), 'Account updated'),
    );
  };
}

/**
 * GET /uploads/profile_pictures/user_{id}.png — served with the type it was stored as, to signed-in
 * people of the same account (the browser sends the session cookie with <img> requests).
 */
export function uploadRoutes(ctx: AppContext, storage: Storage): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    app.get(
      '/profile_pictures/:file',
      {
        schema: {
          tags: ['users'],
          summary: 'A profile picture (signed-in people of the same account)',
          params: z.object({ file: z.string().regex(/^user_\d+\.png$/) }),
          response: { 200: fileResponse('image/*', 'The picture, with the type it was stored as') },
        },
      },
      async (req, reply) => {
        const userId = Number(/\d+/.exec(req.params.file)?.[0]);
        const pic = await users.readPicture(ctx, storage, requireAuth(req), userId);
        if (!pic) throw new AppError('NOT_FOUND');
        return reply.header('content-type', pic.contentType).header('cache-control', 'private, max-age=300').send(pic.body);
      },
    );
  };
}
