import { z } from 'zod';
import { envelopeOf, nameSchema, optionalString, pageOf, pageQuerySchema, phoneSchema } from './common.ts';

/**
 * Blacklists: MT (outgoing) and MO (incoming) lists of numbers (E.164), prefixes (+ and digits)
 * and keywords (case-insensitive whole-word match on message text). Only ACTIVE lists block.
 */
export const BLACKLIST_TYPES = ['MT', 'MO'] as const;
export type BlacklistType = (typeof BLACKLIST_TYPES)[number];
export const BLACKLIST_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type BlacklistStatus = (typeof BLACKLIST_STATUSES)[number];
export const ENTRY_KINDS = ['number', 'prefix', 'keyword'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** Words of a text, lower-cased, in any script: keyword matching compares whole words. */
export function normalizeWords(text: string): string {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}

/** "+966 50-123" → "+96650123"; digits only after the plus. */
export const normalizeDigits = (value: string) => `+${value.replace(/[^\d]/g, '')}`;

const prefixSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^\+?[\d\s()-]{1,20}$/, { error: 'validation.invalid' })
  .transform(normalizeDigits)
  .refine((v) => /^\+\d{1,15}$/.test(v), { error: 'validation.invalid' });

const keywordSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(100, { error: 'validation.tooLong' })
  .transform(normalizeWords)
  .refine((v) => v.length > 0, { error: 'validation.invalid' });

export const blacklistEntryInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('number'), value: phoneSchema }),
  z.object({ kind: z.literal('prefix'), value: prefixSchema }),
  z.object({ kind: z.literal('keyword'), value: keywordSchema }),
]);
export type BlacklistEntryInput = z.infer<typeof blacklistEntryInputSchema>;

export const addEntriesSchema = z.object({
  entries: z.array(blacklistEntryInputSchema).min(1, { error: 'validation.required' }).max(1000, { error: 'validation.max' }),
});
export type AddEntriesInput = z.infer<typeof addEntriesSchema>;

export const createBlacklistSchema = z.object({
  blacklist_name: nameSchema(100),
  blacklist_type: z.enum(BLACKLIST_TYPES, { error: 'validation.invalid' }),
  description: optionalString(500),
  status: z.enum(BLACKLIST_STATUSES, { error: 'validation.invalid' }).default('ACTIVE'),
});
export type CreateBlacklistInput = z.infer<typeof createBlacklistSchema>;

export const updateBlacklistSchema = z.object({
  blacklist_name: nameSchema(100).optional(),
  blacklist_type: z.enum(BLACKLIST_TYPES, { error: 'validation.invalid' }).optional(),
  description: optionalString(500),
});
export type UpdateBlacklistInput = z.infer<typeof updateBlacklistSchema>;

export const BLACKLIST_SORTS = ['blacklist_name', 'created_at', 'entries_count', 'status'] as const;
export const blacklistListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  type: z.enum(BLACKLIST_TYPES).optional(),
  status: z.enum(BLACKLIST_STATUSES).optional(),
  sort: z.enum(BLACKLIST_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type BlacklistListQuery = z.infer<typeof blacklistListQuerySchema>;

export const entryListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  kind: z.enum(ENTRY_KINDS).optional(),
});
export type EntryListQuery = z.infer<typeof entryListQuerySchema>;

export const entryParamSchema = z.object({
  id: z.coerce.number({ error: 'validation.id' }).int({ error: 'validation.id' }).positive({ error: 'validation.id' }),
  entryId: z.coerce.number({ error: 'validation.id' }).int({ error: 'validation.id' }).positive({ error: 'validation.id' }),
});

/** POST /api/blacklists/check: a number (any formatting, country code required) and optional text. */
export const blacklistCheckSchema = z.object({
  number: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(/^\+[\d\s()-]{3,24}$/, { error: 'validation.phone.countryCode' })
    .transform(normalizeDigits)
    .refine((v) => /^\+\d{3,15}$/.test(v), { error: 'validation.phone.invalid' }),
  type: z.enum(BLACKLIST_TYPES, { error: 'validation.invalid' }).optional(),
  text: z.string().max(5000, { error: 'validation.tooLong' }).optional(),
});
export type BlacklistCheckInput = z.input<typeof blacklistCheckSchema>;

export const blacklistSchema = z.object({
  id: z.number(),
  blacklist_name: z.string(),
  blacklist_type: z.enum(BLACKLIST_TYPES),
  description: z.string().nullable(),
  status: z.enum(BLACKLIST_STATUSES),
  entries_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Blacklist = z.infer<typeof blacklistSchema>;

export const blacklistEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(ENTRY_KINDS),
  value: z.string(),
  created_at: z.string(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

export const blacklistMatchSchema = z.object({
  blacklist_id: z.number(),
  blacklist_name: z.string(),
  blacklist_type: z.enum(BLACKLIST_TYPES),
  kind: z.enum(ENTRY_KINDS),
  value: z.string(),
});
export type BlacklistMatch = z.infer<typeof blacklistMatchSchema>;

export const blacklistCheckResultSchema = z.object({
  blocked: z.boolean(),
  matches: z.array(blacklistMatchSchema),
});
export type BlacklistCheckResult = z.infer<typeof blacklistCheckResultSchema>;

export const blacklistImportReportSchema = z.object({
  total: z.number(),
  added: z.number(),
  duplicates: z.number(),
  invalid_count: z.number(),
  /** the first 1,000 invalid lines */
  invalid: z.array(z.object({ line: z.number(), value: z.string(), message: z.string() })),
});
export type BlacklistImportReport = z.infer<typeof blacklistImportReportSchema>;

export const blacklistEnvelopeSchema = envelopeOf(blacklistSchema);
export const blacklistPageEnvelopeSchema = envelopeOf(pageOf(blacklistSchema));
export const blacklistEntryPageEnvelopeSchema = envelopeOf(pageOf(blacklistEntrySchema));
export const blacklistCheckEnvelopeSchema = envelopeOf(blacklistCheckResultSchema);
export const entriesAddedEnvelopeSchema = envelopeOf(z.object({ added: z.number().int(), duplicates: z.number().int() }));
export const blacklistImportEnvelopeSchema = envelopeOf(blacklistImportReportSchema);
