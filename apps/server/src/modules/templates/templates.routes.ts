import { idEnvelopeSchema, idParamSchema, userIdParamSchema } from '@risala/shared';
import {
  categoryParamSchema,
  createRichTemplateSchema,
  createTemplateSchema,
  docxConversionEnvelopeSchema,
  emailAssetsEnvelopeSchema,
  emailRenditionEnvelopeSchema,
  listTemplatesQuerySchema,
  previewTemplateSchema,
  rejectTemplateSchema,
  renderedEmailEnvelopeSchema,
  renderEmailSchema,
  templateEnvelopeSchema,
  templateListEnvelopeSchema,
  templatePreviewEnvelopeSchema,
  templateReviewStatusEnvelopeSchema,
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

    app.post(
      '/',
      { ...create, schema: { tags, summary: 'Create a template', body: createTemplateSchema, response: { 201: templateEnvelopeSchema } } },
      async (req, reply) => ok(reply, await service.createTemplate(ctx, requireAuth(req), req.body), 'Template created', 201),
    );
    app.post(
      '/rich',
      {
        ...create,
        schema: {
          tags,
          summary: 'Create a rich (HTML) email template',
          body: createRichTemplateSchema,
          response: { 201: templateEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.createRichTemplate(ctx, requireAuth(req), req.body), 'Template created', 201),
    );
    // Converts only (nothing is stored): the editor shows the result and the user saves it.
    app.post(
      '/upload-docx',
      {
        ...create,
        schema: {
          tags,
          summary: 'Convert a Word document to template HTML',
          consumes: ['multipart/form-data'],
          response: { 200: docxConversionEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await convertDocx(await readDocx(req)), 'Document converted'),
    );
    // an email being edited, rendered as sent (a design or HTML; a customer's values when given)
    app.post(
      '/render',
      {
        ...view,
        schema: {
          tags,
          summary: 'Render an email being edited as it would be sent',
          body: renderEmailSchema,
          response: { 200: renderedEmailEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await renderEmail(ctx, requireAuth(req), req.body)),
    );
    // library images and brands for the builder, with addresses mail clients can load
    app.get(
      '/email-assets',
      { ...view, schema: { tags, summary: 'Images and brands the email builder offers', response: { 200: emailAssetsEnvelopeSchema } } },
      async (req, reply) => ok(reply, await emailAssets(ctx, requireAuth(req))),
    );
    app.get(
      '/email',
      {
        ...view,
        schema: {
          tags,
          summary: 'List the email templates',
          querystring: listTemplatesQuerySchema,
          response: { 200: templateListEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.listTemplates(ctx, requireAuth(req), { ...req.query, message_type: 'email' })),
    );
    app.get(
      '/category/:category',
      {
        ...view,
        schema: {
          tags,
          summary: 'List the templates of a category',
          params: categoryParamSchema,
          querystring: listTemplatesQuerySchema,
          response: { 200: templateListEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.listTemplates(ctx, requireAuth(req), { ...req.query, category: req.params.category })),
    );
    app.get(
      '/template/:id',
      { ...view, schema: { tags, summary: 'Get a template', params: idParamSchema, response: { 200: templateEnvelopeSchema } } },
      async (req, reply) => ok(reply, await service.getTemplate(ctx, requireAuth(req), req.params.id)),
    );
    app.get(
      '/:userId',
      {
        ...view,
        schema: {
          tags,
          summary: 'List the templates a user created',
          params: userIdParamSchema,
          querystring: listTemplatesQuerySchema,
          response: { 200: templateListEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.listForUser(ctx, requireAuth(req), req.params.userId, req.query)),
    );
    app.put(
      '/:id',
      {
        ...update,
        schema: {
          tags,
          summary: 'Update a template',
          params: idParamSchema,
          body: updateTemplateSchema,
          response: { 200: templateEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.updateTemplate(ctx, requireAuth(req), req.params.id, req.body), 'Template updated'),
    );
    app.delete(
      '/:id',
      { ...remove, schema: { tags, summary: 'Delete a template', params: idParamSchema, response: { 200: idEnvelopeSchema } } },
      async (req, reply) => ok(reply, await service.deleteTemplate(ctx, requireAuth(req), req.params.id), 'Template deleted'),
    );
    app.get(
      '/:id/email',
      {
        ...view,
        schema: {
          tags,
          summary: 'The email a template makes (subject, HTML, text)',
          params: idParamSchema,
          response: { 200: emailRenditionEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.emailRendition(ctx, requireAuth(req), req.params.id)),
    );
    app.post(
      '/:id/preview',
      {
        ...view,
        schema: {
          tags,
          summary: 'Preview a template for a customer',
          params: idParamSchema,
          body: previewTemplateSchema,
          response: { 200: templatePreviewEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await service.previewTemplate(ctx, requireAuth(req), req.params.id, req.body.customer_id)),
    );

    // review workflow
    app.post(
      '/:id/submit-review',
      {
        ...update,
        schema: { tags, summary: 'Submit a template for review', params: idParamSchema, response: { 200: templateEnvelopeSchema } },
      },
      async (req, reply) => ok(reply, await review.submitForReview(ctx, requireAuth(req), req.params.id), 'Submitted for review'),
    );
    app.get(
      '/:id/review-status',
      {
        ...view,
        schema: {
          tags,
          summary: 'The review state and history of a template',
          params: idParamSchema,
          response: { 200: templateReviewStatusEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await review.reviewStatus(ctx, requireAuth(req), req.params.id)),
    );
    app.post(
      '/:id/approve',
      { ...decide, schema: { tags, summary: 'Approve a template', params: idParamSchema, response: { 200: templateEnvelopeSchema } } },
      async (req, reply) => ok(reply, await review.approveTemplate(ctx, requireAuth(req), req.params.id), 'Template approved'),
    );
    app.post(
      '/:id/reject',
      {
        ...decide,
        schema: {
          tags,
          summary: 'Reject a template with a reason',
          params: idParamSchema,
          body: rejectTemplateSchema,
          response: { 200: templateEnvelopeSchema },
        },
      },
      async (req, reply) =>
        ok(reply, await review.rejectTemplate(ctx, requireAuth(req), req.params.id, req.body.reason), 'Template rejected'),
    );
  };
}
