import { idParamSchema } from '@risala/shared/schemas/common';
import { waTemplateInputSchema, waTemplateListQuerySchema } from '@risala/shared/schemas/whatsapp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import * as service from './whatsapp-templates.service.ts';

/** /api/whatsapp/templates… — Meta message templates, their submission and status (spec §7, §9). */
export function whatsappTemplateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['whatsapp'];
    const view = { preHandler: requirePermission('template', 'view') };
    const write = (action: 'create' | 'update' | 'delete') => ({ preHandler: [requirePermission('template', action), planGate] });

    app.get('/', { ...view, schema: { tags, querystring: waTemplateListQuerySchema } }, async (req, reply) =>
      ok(reply, await service.listTemplates(ctx, requireAuth(req), req.query)),
    );
    app.post('/', { ...write('create'), schema: { tags, body: waTemplateInputSchema } }, async (req, reply) =>
      ok(reply, await service.createTemplate(ctx, requireAuth(req), req.body), 'Template created', 201),
    );
    app.get('/submission-limits', { ...view, schema: { tags } }, async (req, reply) =>
      ok(reply, await service.submissionLimits(ctx, requireAuth(req))),
    );
    app.get('/:id', { ...view, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await service.getTemplate(ctx, requireAuth(req), req.params.id)),
    );
    app.put('/:id', { ...write('update'), schema: { tags, params: idParamSchema, body: waTemplateInputSchema } }, async (req, reply) =>
      ok(reply, await service.updateTemplate(ctx, requireAuth(req), req.params.id, req.body), 'Template updated'),
    );
    app.delete('/:id', { ...write('delete'), schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await service.deleteTemplate(ctx, requireAuth(req), req.params.id), 'Template deleted'),
    );
    app.post('/:id/submit', { ...write('update'), schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await service.submitTemplate(ctx, requireAuth(req), req.params.id), 'Template submitted'),
    );
    // syncing with Meta changes the row, so it needs update; no plan gate (nothing is consumed)
    app.post(
      '/:id/check-status',
      { preHandler: requirePermission('template', 'update'), schema: { tags, params: idParamSchema } },
      async (req, reply) => ok(reply, await service.checkStatus(ctx, requireAuth(req), req.params.id)),
    );
  };
}
