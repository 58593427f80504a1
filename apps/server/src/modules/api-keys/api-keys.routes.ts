import { idParamSchema } from '@risala/shared';
import {
  apiKeyEnvelopeSchema,
  apiKeyListEnvelopeSchema,
  apiKeySecretEnvelopeSchema,
  createApiKeySchema,
  rotateApiKeySchema,
} from '@risala/shared/schemas/api-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import * as keys from './api-keys.service.ts';

/** /api/api-keys — the account's API keys (permission tree: api_keys). The password is answered once. */
export function apiKeyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['api-keys'];
    app.get(
      '/',
      {
        schema: { tags, summary: 'The API keys of the account, with when each was last used', response: { 200: apiKeyListEnvelopeSchema } },
        preHandler: requirePermission('api_keys', 'view'),
      },
      async (req, reply) => ok(reply, await keys.listKeys(ctx, requireAuth(req))),
    );
    app.post(
      '/',
      {
        schema: {
          tags,
          summary: 'Create an API key (the password is shown in this answer only)',
          body: createApiKeySchema,
          response: { 201: apiKeySecretEnvelopeSchema },
        },
        preHandler: requirePermission('api_keys', 'create'),
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(reply, await keys.createKey(ctx, requireAuth(req), req.body, req.ip), 'API key created', 201);
      },
    );
    app.post(
      '/:id/rotate',
      {
        schema: {
          tags,
          summary: 'A new password for the key; the old one keeps working for the grace period',
          params: idParamSchema,
          body: rotateApiKeySchema,
          response: { 200: apiKeySecretEnvelopeSchema },
        },
        preHandler: requirePermission('api_keys', 'update'),
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(reply, await keys.rotateKey(ctx, requireAuth(req), req.params.id, req.body, req.ip), 'API key rotated');
      },
    );
    app.post(
      '/:id/revoke',
      {
        schema: {
          tags,
          summary: 'Revoke an API key: it stops working at once',
          params: idParamSchema,
          response: { 200: apiKeyEnvelopeSchema },
        },
        preHandler: requirePermission('api_keys', 'delete'),
      },
      async (req, reply) => ok(reply, await keys.revokeKey(ctx, requireAuth(req), req.params.id, req.ip), 'API key revoked'),
    );
  };
}
