import { idParamSchema } from '@risala/shared';
import {
  allocateCreditsSchema,
  createSubAccountSchema,
  subAccountEnvelopeSchema,
  subAccountListEnvelopeSchema,
} from '@risala/shared/schemas/sub-accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import * as subAccounts from './sub-accounts.service.ts';

/** /api/sub-accounts — the account's sub-accounts (permission tree: sub_accounts; owners and admins). */
export function subAccountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sub-accounts'];
    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'The sub-accounts with their usage, and the own balances',
          response: { 200: subAccountListEnvelopeSchema },
        },
        preHandler: requirePermission('sub_accounts', 'view'),
      },
      async (req, reply) => ok(reply, await subAccounts.list(ctx, requireAuth(req))),
    );
    app.post(
      '/',
      {
        schema: {
          tags,
          summary: 'Create a sub-account and invite its first owner by email',
          body: createSubAccountSchema,
          response: { 201: subAccountEnvelopeSchema },
        },
        preHandler: requirePermission('sub_accounts', 'create'),
      },
      async (req, reply) => ok(reply, await subAccounts.create(ctx, requireAuth(req), req.body, req.ip), 'Sub-account created', 201),
    );
    app.post(
      '/:id/credits',
      {
        schema: {
          tags,
          summary: 'Give message credits from the own balance to a sub-account',
          params: idParamSchema,
          body: allocateCreditsSchema,
          response: { 200: subAccountEnvelopeSchema },
        },
        preHandler: requirePermission('sub_accounts', 'update'),
      },
      async (req, reply) => ok(reply, await subAccounts.allocate(ctx, requireAuth(req), req.params.id, req.body, req.ip), 'Credits given'),
    );
  };
}
