import { z } from 'zod';
import { pageQuerySchema } from './common.ts';

/**
 * Uploads (spec §5, §7, §9). The type of a file is decided by its bytes, never by its name or the
 * declared content type. Every purpose allows JPG, PNG and PDF, except `logo` (images only);
 * `template` adds DOCX and `import` adds CSV and XLSX.
 */
export const FILE_KINDS = ['jpg', 'png', 'pdf', 'docx', 'xlsx', 'csv'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_PURPOSES = ['general', 'logo', 'content', 'template', 'import'] as const;
export type FilePurpose = z.infer<typeof filePurposeSchema>;
export const filePurposeSchema = z.enum(FILE_PURPOSES, { error: 'validation.invalid' });

export const ALLOWED_KINDS: Record<FilePurpose, readonly FileKind[]> = {
  general: ['jpg', 'png', 'pdf'],
  logo: ['jpg', 'png'],
  content: ['jpg', 'png', 'pdf', 'docx'], // images for image items; PDF or Word for documents
  template: ['jpg', 'png', 'pdf', 'docx'],
  import: ['jpg', 'png', 'pdf', 'csv', 'xlsx'],
};

export const KIND_MIME: Record<FileKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

export const IMAGE_KINDS: readonly FileKind[] = ['jpg', 'png'];

/** A stored file as the API returns it. `url` is an in-app address that needs the session. */
export const storedFileSchema = z.object({
  id: z.number(),
  key: z.string(),
  kind: z.string(),
  original_name: z.string().nullable(),
  content_type: z.string(),
  size: z.number(),
  purpose: z.string(),
  user_id: z.number().nullable(),
  url: z.string(),
  created_at: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** A key in a path: `acc_<accountId>/<uuid>.<ext>` (URL-encoded, the slash as %2F). */
export const fileKeySchema = z
  .string({ error: 'validation.required' })
  .regex(/^acc_\d+\/[0-9a-f-]{36}\.(jpg|png|pdf|docx|xlsx|csv)$/, { error: 'validation.invalid' });
export const fileKeyParamSchema = z.object({ key: fileKeySchema });

export const fileListQuerySchema = pageQuerySchema.extend({
  purpose: filePurposeSchema.optional(),
  kind: z.enum(FILE_KINDS, { error: 'validation.invalid' }).optional(),
});
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

/** Seconds a signed link stays valid: 1 minute to 7 days (S3's own maximum), 15 minutes by default. */
export const signedUrlSchema = z.object({
  key: fileKeySchema,
  expires_in: z.coerce
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(60, { error: 'validation.min' })
    .max(604_800, { error: 'validation.max' })
    .default(900),
});
export type SignedUrlInput = z.infer<typeof signedUrlSchema>;

export const downloadQuerySchema = z.object({
  key: fileKeySchema,
  exp: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export interface SignedUrl {
  url: string;
  expires_at: string;
}

export interface StorageStats {
  total: { count: number; bytes: number };
  by_type: { kind: string; count: number; bytes: number }[];
}
