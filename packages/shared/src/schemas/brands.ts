import { z } from 'zod';
import { languageSchema, nameSchema, optionalString, pageQuerySchema } from './common.ts';

export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'validation.invalid' });

/** An http(s) address; empty means none. */
export const websiteSchema = z
  .string()
  .trim()
  .max(2048, { error: 'validation.tooLong' })
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { error: 'validation.url' })
  .transform((v) => (v === '' ? null : v));

const brandFields = {
  name: nameSchema(100),
  description: optionalString(2000),
  /** an uploaded image (POST /api/s3/upload with purpose `logo`); null removes the logo */
  logo_file_id: z.number({ error: 'validation.id' }).int().positive({ error: 'validation.id' }).nullable().optional(),
  website: websiteSchema.nullable().optional(),
  industry: optionalString(100),
  colors: z.array(hexColorSchema).max(10, { error: 'validation.max' }).optional(),
  voice_tone: optionalString(2000),
  default_language: languageSchema.optional(),
};

export const createBrandSchema = z.object(brandFields);
export type CreateBrandInput = z.infer<typeof createBrandSchema>;

export const updateBrandSchema = z.object(brandFields).partial();
export type UpdateBrandInput = z.infer<typeof updateBrandSchema>;

export const brandListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  sort: z.enum(['name', 'created_at'], { error: 'validation.invalid' }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'validation.invalid' }).default('desc'),
});
export type BrandListQuery = z.infer<typeof brandListQuerySchema>;

export interface Brand {
  id: number;
  name: string;
  description: string | null;
  logo: string | null;
  logo_file_id: number | null;
  website: string | null;
  industry: string | null;
  colors: string[];
  voice_tone: string | null;
  default_language: 'en' | 'ar';
  created_by: number | null;
  content_count: number;
  created_at: string;
  updated_at: string;
}
