import { companyEnvelopeSchema, companyInputSchema } from '@risala/shared/schemas/company';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import * as company from './company.service.ts';

/** /api/account/company — the company profile (permission tree: company). */
export function companyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['account'];
    app.get(
      '/',
      {
        schema: { tags, summary: 'The company profile', response: { 200: companyEnvelopeSchema } },
        preHandler: requirePermission('company', 'view'),
      },
      async (req, reply) => ok(reply, await company.getCompany(ctx, requireAuth(req))),
    );
    app.put(
      '/',
      {
        schema: {
          tags,
          summary: 'Change the company profile (a Saudi VAT number is checked when the country is SA)',
          body: companyInputSchema,
          response: { 200: companyEnvelopeSchema },
        },
        preHandler: requirePermission('company', 'update'),
      },
      async (req, reply) => ok(reply, await company.updateCompany(ctx, requireAuth(req), req.body, req.ip), 'Company profile saved'),
    );
  };
}
