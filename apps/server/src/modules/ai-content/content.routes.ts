import {
  briefEnvelopeSchema,
  briefListEnvelopeSchema,
  briefQuerySchema,
  contentEnvelopeSchema,
  contentGenerateSchema,
} from '@risala/shared/schemas/ai-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { aiFeatureGate } from '../ai/index.ts';
import { requireAuth } from '../auth/index.ts';
import { listBriefs, uploadBrief } from './briefs.ts';
import { canWriteContent } from './content-guard.ts';
import { generateContent } from './content.service.ts';

const tags = ['ai'];

/** /api/ai: content/generate (§7) and upload (a brief that grounds the writing). */
export function aiContentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = [canWriteContent, aiFeatureGate];
    app.post(
      '/content/generate',
      {
        schema: {
          tags,
          summary: 'Generate content drafts for a channel',
          body: contentGenerateSchema,
          response: { 200: contentEnvelopeSchema },
        },
        preHandler: guard,
      },
      async (req, reply) => ok(reply, await generateContent(ctx, requireAuth(req), req.body), 'Content generated'),
    );

    app.post(
      '/upload',
      {
        schema: {
          tags,
          summary: 'Upload a brief (PDF, Word or text) for the assistant',
          consumes: ['multipart/form-data'],
          querystring: z.object({ brand_id: z.coerce.number().int().positive().optional() }),
          response: { 201: briefEnvelopeSchema },
        },
        preHandler: guard,
      },
      async (req, reply) => {
        if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
        let file: { buffer: Buffer; filename: string } | null = null;
        let brandId = req.query.brand_id ?? null;
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (!file) file = { buffer: await part.toBuffer(), filename: part.filename };
            else await part.toBuffer();
          } else if (part.fieldname === 'brand_id' && /^\d+$/.test(String(part.value))) {
            brandId = Number(part.value);
          }
        }
        return ok(reply, await uploadBrief(ctx, requireAuth(req), file, brandId), 'Brief uploaded', 201);
      },
    );

    app.get(
      '/briefs',
      {
        schema: { tags, summary: 'List the uploaded briefs', querystring: briefQuerySchema, response: { 200: briefListEnvelopeSchema } },
        preHandler: guard,
      },
      async (req, reply) => ok(reply, await listBriefs(ctx, requireAuth(req), req.query.brand_id)),
    );
  };
}
