import { idEnvelopeSchema, idParamSchema } from '@risala/shared/schemas/common';
import {
  waSubmissionLimitsEnvelopeSchema,
  waTemplateEnvelopeSchema,
  waTemplateInputSchema,
  waTemplateListEnvelopeSchema,
  waTemplateListQuerySchema,
} from '@risala/shared/schemas/whatsapp';
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

    app.get(
      '/',
      {
        ...view,
        schema: {
          tags,
          summary: 'List the WhatsApp templates',
          querystring: waTemplateListQuerySchema,
          response: { 200: waTemplateListEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.listTemplates(ctx, requireAuth(req), req.query)),
    );
    app.post(
      '/',
      {
        ...write('create'),
        schema: { tags, summary: 'Create a WhatsApp template', body: waTemplateInputSchema, response: { 201: waTemplateEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await service.createTemplate(ctx, requireAuth(req), req.body), 'Template created', 201),
    );
    app.get(
      '/submission-limits',
      {
        ...view,
        schema: { tags, summary: 'How many template submissions are left today', response: { 200: waSubmissionLimitsEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await service.submissionLimits(ctx, requireAuth(req))),
    );
    app.get(
      '/:id',
      { ...view, schema: { tags, summary: 'Get a WhatsApp template', params: idParamSchema, response: { 200: waTemplateEnvelopeSchema } } },
      async (req, reply) => ok(reply, await service.getTemplate(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        ...write('update'),
        schema: {
          tags,
          summary: 'Update a draft or rejected WhatsApp template',
          params: idParamSchema,
          body: waTemplateInputSchema,
          response: { 200: waTemplateEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.updateTemplate(ctx, requireAuth(req), req.params.id, req.body), 'Template updated'),
    );
    app.delete(
      '/:id',
      {
        ...write('delete'),
        schema: { tags, summary: 'Delete a WhatsApp template', params: idParamSchema, response: { 200: idEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await service.deleteTemplate(ctx, requireAuth(req), req.params.id), 'Template deleted'),
    );
    app.post(
      '/:id/submit',
      {
        ...write('update'),
        schema: { tags, summary: 'Submit a WhatsApp template to Meta', params: idParamSchema, response: { 200: waTemplateEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await service.submitTemplate(ctx, requireAuth(req), req.params.id), 'Template submitted'),
    );
    // syncing with Meta changes the row, so it needs update; no plan gate (nothing is consumed)
    app.post(
      '/:id/check-status',
      {
        preHandler: requirePermission('template', 'update'),
        schema: {
          tags,
          summary: 'Fetch the status of a WhatsApp template from Meta',
          params: idParamSchema,
          response: { 200: waTemplateEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.checkStatus(ctx, requireAuth(req), req.params.id)),
    );
  };
}
