import { idParamSchema, userIdParamSchema } from '@risala/shared';
import { envelopeOf } from '@risala/shared/schemas/common';
import {
  categoryParamSchema,
  createRichTemplateSchema,
  createTemplateSchema,
  emailAssetsSchema,
  emailRenditionSchema,
  listTemplatesQuerySchema,
  previewTemplateSchema,
  rejectTemplateSchema,
  renderedEmailSchema,
  renderEmailSchema,
  templateListSchema,
  templatePreviewSchema,
  templateSchema,
  updateTemplateSchema,
} from '@risala/shared/schemas/templates';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import { convertDocx } from './docx.ts';
import { emailAssets, renderEmail } from './render.service.ts';
import * as review from './review.service.ts';
import * as service from './templates.service.ts';

async function readDocx(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
  const part = await req.file();
  if (!part) throw new AppError('FILE_REQUIRED');
  const buffer = await part.toBuffer();
  if (buffer.length === 0) throw new AppError('FILE_REQUIRED');
  return buffer;
}

/** /api/templates — email, SMS and WhatsApp text templates with the review workflow (spec §7). */
export function templateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['templates'];
    const view = { preHandler: [requirePermission('template', 'view')] };
    const create = { preHandler: [requirePermission('template', 'create'), planGate] };
    const update = { preHandler: [requirePermission('template', 'update'), planGate] };
    const remove = { preHandler: [requirePermission('template', 'delete')] };
    const decide = { preHandler: [requirePermission('template', 'approve')] };
    const one = { 200: envelopeOf(templateSchema) };
    const created = { 201: envelopeOf(templateSchema) };
    const page = { 200: envelopeOf(templateListSchema) };

    app.post('/', { ...create, schema: { tags, body: createTemplateSchema, response: created } }, async (req, reply) =>
      ok(reply, await service.createTemplate(ctx, requireAuth(req), req.body), 'Template created', 201),
    );
    app.post('/rich', { ...create, schema: { tags, body: createRichTemplateSchema, response: created } }, async (req, reply) =>
      ok(reply, await service.createRichTemplate(ctx, requireAuth(req), req.body), 'Template created', 201),
    );
    // Converts only (nothing is stored): the editor shows the result and the user saves it.
    app.post('/upload-docx', { ...create, schema: { tags, consumes: ['multipart/form-data'] } }, async (req, reply) =>
      ok(reply, await convertDocx(await readDocx(req)), 'Document converted'),
    );
    // an email being edited, rendered as sent (a design or HTML; a customer's values when given)
    app.post(
      '/render',
      { ...view, schema: { tags, body: renderEmailSchema, response: { 200: envelopeOf(renderedEmailSchema) } } },
      async (req, reply) => ok(reply, await renderEmail(ctx, requireAuth(req), req.body)),
    );
    // library images and brands for the builder, with addresses mail clients can load
    app.get('/email-assets', { ...view, schema: { tags, response: { 200: envelopeOf(emailAssetsSchema) } } }, async (req, reply) =>
      ok(reply, await emailAssets(ctx, requireAuth(req))),
    );
    app.get('/email', { ...view, schema: { tags, querystring: listTemplatesQuerySchema, response: page } }, async (req, reply) =>
      ok(reply, await service.listTemplates(ctx, requireAuth(req), { ...req.query, message_type: 'email' })),
    );
    app.get(
      '/category/:category',
      { ...view, schema: { tags, params: categoryParamSchema, querystring: listTemplatesQuerySchema, response: page } },
      async (req, reply) => ok(reply, await service.listTemplates(ctx, requireAuth(req), { ...req.query, category: req.params.category })),
    );
    app.get('/template/:id', { ...view, schema: { tags, params: idParamSchema, response: one } }, async (req, reply) =>
      ok(reply, await service.getTemplate(ctx, requireAuth(req), req.params.id)),
    );
    app.get(
      '/:userId',
      { ...view, schema: { tags, params: userIdParamSchema, querystring: listTemplatesQuerySchema, response: page } },
      async (req, reply) => ok(reply, await service.listForUser(ctx, requireAuth(req), req.params.userId, req.query)),
    );
    app.put('/:id', { ...update, schema: { tags, params: idParamSchema, body: updateTemplateSchema, response: one } }, async (req, reply) =>
      ok(reply, await service.updateTemplate(ctx, requireAuth(req), req.params.id, req.body), 'Template updated'),
    );
    app.delete('/:id', { ...remove, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await service.deleteTemplate(ctx, requireAuth(req), req.params.id), 'Template deleted'),
    );
    app.get(
      '/:id/email',
      { ...view, schema: { tags, params: idParamSchema, response: { 200: envelopeOf(emailRenditionSchema) } } },
      async (req, reply) => ok(reply, await service.emailRendition(ctx, requireAuth(req), req.params.id)),
    );
    app.post(
      '/:id/preview',
      {
        ...view,
        schema: { tags, params: idParamSchema, body: previewTemplateSchema, response: { 200: envelopeOf(templatePreviewSchema) } },
      },
      async (req, reply) => ok(reply, await service.previewTemplate(ctx, requireAuth(req), req.params.id, req.body.customer_id)),
    );

    // review workflow
    app.post('/:id/submit-review', { ...update, schema: { tags, params: idParamSchema, response: one } }, async (req, reply) =>
      ok(reply, await review.submitForReview(ctx, requireAuth(req), req.params.id), 'Submitted for review'),
    );
    app.get('/:id/review-status', { ...view, schema: { tags, params: idParamSchema } }, async (req, reply) =>
      ok(reply, await review.reviewStatus(ctx, requireAuth(req), req.params.id)),
    );
    app.post('/:id/approve', { ...decide, schema: { tags, params: idParamSchema, response: one } }, async (req, reply) =>
      ok(reply, await review.approveTemplate(ctx, requireAuth(req), req.params.id), 'Template approved'),
    );
    app.post(
      '/:id/reject',
      { ...decide, schema: { tags, params: idParamSchema, body: rejectTemplateSchema, response: one } },
      async (req, reply) =>
        ok(reply, await review.rejectTemplate(ctx, requireAuth(req), req.params.id, req.body.reason), 'Template rejected'),
    );
  };
}
