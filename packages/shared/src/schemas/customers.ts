import { type CountryCode, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { envelopeOf, languageSchema, optionalString, pageOf, phoneProblem } from './common.ts';

/** The audience (spec §3). The catalogue's "contacts" are these records. */

export const CONSENT_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/**
 * A mobile number in E.164 (+9665…), or null when it is not a valid number. A national number is
 * read with `defaultCountry` (an import's default, or the customer's country).
 */
export function normalizeMobile(value: string, defaultCountry?: string | null): string | null {
  const cleaned = value.replace(/[\s().-]/g, '');
  if (!cleaned) return null;
  const withPlus = cleaned.startsWith('00') ? `+${cleaned.slice(2)}` : cleaned;
  const country = defaultCountry && /^[A-Z]{2}$/.test(defaultCountry) ? (defaultCountry as CountryCode) : undefined;
  if (!withPlus.startsWith('+') && !country) return null;
  const parsed = parsePhoneNumberFromString(withPlus, country);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The country a number belongs to by its digits ('+14155552671' → 'US', '+79161234567' → 'RU'),
 * with its calling code; null when it cannot be parsed. Shared calling codes (+1, +7, +44 …) are
 * told apart by the number plan, not by the code.
 */
export function mobileCountry(e164: string): { country: string | null; code: string } | null {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? { country: parsed.country ?? null, code: parsed.countryCallingCode } : null;
}

/** Every country with its calling code (for phone inputs), e.g. { country: 'SA', code: '966' }. */
export function countryDialCodes(): { country: string; code: string }[] {
  return getCountries().map((country) => ({ country, code: getCountryCallingCode(country) }));
}

export const countrySchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, { error: 'validation.invalid' }));

const scalar = z.union([z.string().max(1000, { error: 'validation.tooLong' }), z.number(), z.boolean(), z.null()]);
export const attributesSchema = z
  .record(z.string().trim().min(1).max(64, { error: 'validation.tooLong' }), scalar, { error: 'validation.invalid' })
  .refine((v) => Object.keys(v).length <= 100, { error: 'validation.invalid' });

export const tagSchema = z.string().trim().min(1, { error: 'validation.required' }).max(50, { error: 'validation.tooLong' });
export const tagsSchema = z.array(tagSchema).max(50, { error: 'validation.max' });

export const consentInputSchema = z.object({
  granted: z.boolean(),
  source: optionalString(100),
});

export const customerInputSchema = z.object({
  first_name: optionalString(100),
  last_name: optionalString(100),
  /**
   * with its country code, or national with `country` set (checked by the service, which knows the
   * stored country); one with its code is checked here, so its error comes with the others
   */
  mobile_number: z
    .string()
    .trim()
    .max(32, { error: 'validation.tooLong' })
    .superRefine((value, ctx) => {
      const cleaned = value.replace(/[\s().-]/g, '');
      if (!/^(\+|00)/.test(cleaned)) return;
      const problem = phoneProblem(cleaned.startsWith('00') ? `+${cleaned.slice(2)}` : cleaned);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .nullable(),
  email: z
    .string()
    .trim()
    .max(254, { error: 'validation.tooLong' })
    .pipe(z.union([z.literal(''), z.email({ error: 'validation.email' })]))
    .transform((v) => (v ? v.toLowerCase() : null))
    .optional()
    .nullable(),
  language: languageSchema.optional(),
  country: countrySchema.optional().nullable(),
  city: optionalString(100),
  tags: tagsSchema.optional(),
  attributes: attributesSchema.optional(),
  consent: z
    .object({
      email: consentInputSchema.optional(),
      sms: consentInputSchema.optional(),
      whatsapp: consentInputSchema.optional(),
    })
    .optional(),
  brand_id: z.number().int().positive({ error: 'validation.id' }).optional().nullable(),
});
export type CustomerInput = z.infer<typeof customerInputSchema>;

export const consentStateSchema = z.object({
  granted: z.boolean(),
  source: z.string().nullable(),
  at: z.string().nullable(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

export const customerSchema = z.object({
  id: z.number(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  mobile_number: z.string().nullable(),
  email: z.string().nullable(),
  language: z.enum(['en', 'ar']),
  country: z.string().nullable(),
  city: z.string().nullable(),
  tags: z.array(z.string()),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable()),
  consent: z.record(z.enum(CONSENT_CHANNELS), consentStateSchema),
  brand_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Filters shared by the list, the export and bulk actions on a whole filtered set. */
export const customerFilterSchema = z.object({
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  group: z.coerce.number().int().positive({ error: 'validation.id' }).optional(),
  tag: tagSchema.optional(),
  country: countrySchema.optional(),
  /** a language code as stored (ar, en) */
  language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/, { error: 'validation.invalid' })
    .optional(),
  /** compared case-insensitively */
  city: z.string().trim().min(1).max(100, { error: 'validation.tooLong' }).optional(),
  brand: z.coerce.number().int().positive({ error: 'validation.id' }).optional(),
  consent_email: boolParam.optional(),
  consent_sms: boolParam.optional(),
  consent_whatsapp: boolParam.optional(),
});
export type CustomerFilter = z.infer<typeof customerFilterSchema>;

export const CUSTOMER_SORTS = ['name', 'created_at', 'country'] as const;

export const customerListQuerySchema = customerFilterSchema.extend({
  page: z.coerce.number().int().min(1, { error: 'validation.min' }).default(1),
  limit: z.coerce.number().int().min(1, { error: 'validation.min' }).max(100, { error: 'validation.max' }).default(20),
  sort: z.enum(CUSTOMER_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerListSchema = z.object({
  items: z.array(customerSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  /** true when the total is the planner's estimate (more than 10,000 matches) */
  total_estimated: z.boolean(),
});
export type CustomerList = z.infer<typeof customerListSchema>;

export const BULK_ACTIONS = ['add_to_group', 'tag', 'untag', 'delete'] as const;

/** JSON body filters use real booleans (the query-string form uses 'true'/'false'). */
export const bulkFilterSchema = customerFilterSchema.extend({
  consent_email: z.boolean().optional(),
  consent_sms: z.boolean().optional(),
  consent_whatsapp: z.boolean().optional(),
});

export const customerBulkSchema = z
  .object({
    action: z.enum(BULK_ACTIONS),
    ids: z.array(z.number().int().positive()).min(1, { error: 'validation.required' }).max(10_000).optional(),
    filter: bulkFilterSchema.optional(),
    group_id: z.number().int().positive({ error: 'validation.id' }).optional(),
    tags: tagsSchema.min(1, { error: 'validation.required' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.ids && !v.filter) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.required' });
    if (v.action === 'add_to_group' && !v.group_id) {
      ctx.addIssue({ code: 'custom', path: ['group_id'], message: 'validation.required' });
    }
    if ((v.action === 'tag' || v.action === 'untag') && !v.tags) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: 'validation.required' });
    }
  });
export type CustomerBulk = z.infer<typeof customerBulkSchema>;

// ── imports ────────────────────────────────────────────────────────────────

/** Customer fields an import column can fill; `attributes.<name>` fills a custom attribute. */
export const IMPORT_FIELDS = [
  'first_name',
  'last_name',
  'mobile_number',
  'email',
  'language',
  'country',
  'city',
  'tags',
  'consent_email',
  'consent_sms',
  'consent_whatsapp',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const importMappingSchema = z.record(
  z.string().regex(new RegExp(`^(${IMPORT_FIELDS.join('|')}|attributes\\.[A-Za-z0-9_]{1,64})$`), {
    error: 'validation.invalid',
  }),
  z.string().min(1).max(200),
);

export const importConfigSchema = z
  .object({
    mapping: importMappingSchema,
    mode: z.enum(['insert', 'upsert']).default('insert'),
    default_country: countrySchema.optional().nullable(),
    add_to_group_id: z.number().int().positive({ error: 'validation.id' }).optional().nullable(),
    /**
     * Channels every customer of the file consented to, said by the person importing (no column
     * for it): stored as consent from the import, recorded in the audit log, and only with
     * `consent_confirmed` (their "I have their permission").
     */
    consent_all: z.array(z.enum(CONSENT_CHANNELS)).max(3).default([]),
    consent_confirmed: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.consent_all.length && v.consent_confirmed !== true) {
      ctx.addIssue({ code: 'custom', path: ['consent_confirmed'], message: 'validation.consentConfirm' });
    }
    for (const ch of v.consent_all) {
      // one source per channel: a column, or everyone
      if (v.mapping[`consent_${ch}`]) ctx.addIssue({ code: 'custom', path: ['consent_all'], message: 'validation.invalid' });
    }
  });
export type ImportConfig = z.infer<typeof importConfigSchema>;

export const IMPORT_STATUSES = ['UPLOADED', 'VALIDATING', 'IMPORTING', 'COMPLETED', 'REJECTED', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importJobSchema = z.object({
  id: z.number(),
  status: z.enum(IMPORT_STATUSES),
  mode: z.enum(['insert', 'upsert']),
  file_name: z.string().nullable(),
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.string()).nullable(),
  total_rows: z.number(),
  processed_rows: z.number(),
  inserted_rows: z.number(),
  updated_rows: z.number(),
  failed_rows: z.number(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importUploadSchema = z.object({
  id: z.number(),
  columns: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  total_rows: z.number(),
  suggested_mapping: z.record(z.string(), z.string()),
});
export type ImportUpload = z.infer<typeof importUploadSchema>;

export const customerEnvelopeSchema = envelopeOf(customerSchema);
export const customerListEnvelopeSchema = envelopeOf(customerListSchema);
export const customerBulkResultEnvelopeSchema = envelopeOf(z.object({ action: z.enum(BULK_ACTIONS), affected: z.number().int() }));
export const importJobEnvelopeSchema = envelopeOf(importJobSchema);
export const importJobPageEnvelopeSchema = envelopeOf(pageOf(importJobSchema));
export const importUploadEnvelopeSchema = envelopeOf(importUploadSchema);
