import { z } from 'zod';
import { envelopeOf, optionalString, pageOf, pageQuerySchema, requiredString } from './common.ts';
import { storedFileSchema } from './storage.ts';

export const CONTENT_TYPES = ['text', 'image', 'video', 'document', 'link'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const contentTypeSchema = z.enum(CONTENT_TYPES, { error: 'validation.invalid' });

const idSchema = z.number({ error: 'validation.id' }).int({ error: 'validation.id' }).positive({ error: 'validation.id' });
const urlSchema = z
  .string()
  .trim()
  .max(2048, { error: 'validation.tooLong' })
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, { error: 'validation.url' });
const tagSchema = z.string().trim().min(1, { error: 'validation.required' }).max(50, { error: 'validation.tooLong' });

const contentFields = {
  title: requiredString(200),
  type: contentTypeSchema,
  body: optionalString(20_000),
  /** an uploaded file (POST /api/s3/upload, purpose `content`): an image for `image`, any other kind for `document` */
  file_id: idSchema.nullable().optional(),
  url: urlSchema.nullable().optional(),
  tags: z.array(tagSchema).max(20, { error: 'validation.max' }).optional(),
  brand_ids: z.array(idSchema).max(50, { error: 'validation.max' }).optional(),
};

type Fields = { type?: ContentType; body?: string | null; file_id?: number | null; url?: string | null };

/** What each type needs: text a body, image and document a file, video and link an address. */
export function contentRequirementIssues(value: Fields): { path: string; message: string }[] {
  switch (value.type) {
    case 'text':
      return value.body ? [] : [{ path: 'body', message: 'validation.required' }];
    case 'image':
    case 'document':
      return value.file_id ? [] : [{ path: 'file_id', message: 'validation.required' }];
    case 'video':
    case 'link':
      return value.url ? [] : [{ path: 'url', message: 'validation.required' }];
    default:
      return [];
  }
}

export const createContentSchema = z.object(contentFields).superRefine((value, ctx) => {
  for (const issue of contentRequirementIssues(value)) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
});
export type CreateContentInput = z.infer<typeof createContentSchema>;

/** Partial; the service checks the merged result against the same requirements. */
export const updateContentSchema = z.object(contentFields).partial();
export type UpdateContentInput = z.infer<typeof updateContentSchema>;

export const contentListQuerySchema = pageQuerySchema.extend({
  type: contentTypeSchema.optional(),
  tag: z.string().trim().max(50, { error: 'validation.tooLong' }).optional(),
  brand_id: z.coerce.number({ error: 'validation.id' }).int().positive({ error: 'validation.id' }).optional(),
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  sort: z.enum(['created_at', 'updated_at', 'title'], { error: 'validation.invalid' }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'validation.invalid' }).default('desc'),
});
export type ContentListQuery = z.infer<typeof contentListQuerySchema>;

export const contentBrandSchema = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string().nullable(),
  colors: z.array(z.string()),
});
export type ContentBrand = z.infer<typeof contentBrandSchema>;

export const contentItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  type: contentTypeSchema,
  body: z.string().nullable(),
  url: z.string().nullable(),
  file_id: z.number().nullable(),
  file: storedFileSchema.nullable(),
  tags: z.array(z.string()),
  brands: z.array(contentBrandSchema),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentEnvelopeSchema = envelopeOf(contentItemSchema);
export const contentPageEnvelopeSchema = envelopeOf(pageOf(contentItemSchema));
export const contentBrandsEnvelopeSchema = envelopeOf(z.object({ items: z.array(contentBrandSchema) }));
