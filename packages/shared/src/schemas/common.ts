import { isValidPhoneNumber, validatePhoneNumberLength } from 'libphonenumber-js/min';
import { z } from 'zod';
import { LIMITS } from '../constants.ts';

/**
 * Validation messages are i18n keys (`validation.*`); the server translates them into the caller's
 * language in the error envelope and the web translates them beside the field.
 */
export const requiredString = (max = 255) =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });

export const optionalString = (max = 255) => z.string().trim().max(max, { error: 'validation.tooLong' }).optional().nullable();

export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(254, { error: 'validation.tooLong' })
  .pipe(z.email({ error: 'validation.email' }))
  .transform((v) => v.toLowerCase());

/** §5: 8–16 characters with upper case, lower case, a digit and a special character. */
export const passwordSchema = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .superRefine((value, ctx) => {
    if (value.length < LIMITS.passwordMin || value.length > LIMITS.passwordMax) {
      ctx.addIssue({ code: 'custom', message: 'validation.password.length' });
    } else if (!/[A-Z]/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'validation.password.uppercase' });
    } else if (!/[a-z]/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'validation.password.lowercase' });
    } else if (!/[0-9]/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'validation.password.number' });
    } else if (!/[^A-Za-z0-9]/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'validation.password.special' });
    }
  });

/**
 * What is wrong with a number written with its country code (+966…), as a `validation.phone.*`
 * key, or null when it is a valid number. Too short and too long have their own texts (§5).
 */
export function phoneProblem(international: string): string | null {
  const length = validatePhoneNumberLength(international);
  if (length === 'TOO_SHORT' || length === 'NOT_A_NUMBER') return 'validation.phone.tooShort';
  if (length === 'TOO_LONG') return 'validation.phone.tooLong';
  if (length === 'INVALID_COUNTRY' || !isValidPhoneNumber(international)) return 'validation.phone.invalid';
  return null;
}

/**
 * Arabic-Indic (٠–٩) and Persian (۰–۹) digits as ASCII: an Arabic keyboard's number pad types
 * them, and codes and numbers are compared and stored in ASCII.
 */
export const asciiDigits = (value: string) =>
  value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });

/** §5: a valid number with its country code (+966…; 00966…, the international dialling prefix, reads as +966…). */
export const phoneSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .transform((v) =>
    asciiDigits(v)
      .replace(/[\s()-]/g, '')
      .replace(/^00(?=[1-9])/, '+'),
  )
  .superRefine((value, ctx) => {
    const problem = value.startsWith('+') ? phoneProblem(value) : 'validation.phone.countryCode';
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** §5: names (filters, plugins, rules, messages) need at least one letter, in any script. */
export const nameSchema = (max = 100) => requiredString(max).refine((v) => /\p{L}/u.test(v), { error: 'validation.nameLetter' });

/** A message text (§5 "message: at least one letter"); blank is left to the text-or-template rule. */
export const messageTextSchema = (max: number) =>
  z
    .string()
    .max(max, { error: 'validation.tooLong' })
    .refine((v) => v.trim() === '' || /\p{L}/u.test(v), { error: 'validation.nameLetter' });

export const languageSchema = z.enum(['en', 'ar'], { error: 'validation.language' });

export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'validation.id' }).int({ error: 'validation.id' }).positive({
    error: 'validation.id',
  }),
});
export type IdParam = z.infer<typeof idParamSchema>;

export const userIdParamSchema = z.object({
  userId: z.coerce.number({ error: 'validation.id' }).int().positive({ error: 'validation.id' }),
});

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'validation.min' }).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'validation.min' })
    .max(100, {
      error: 'validation.max',
    })
    .default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The success envelope around a response's data (§7), for the routes' `response` schemas. */
export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ statusCode: z.number().int(), message: z.string(), data });
/** What an envelope schema carries in `data`: the web's type for an answer, from the route's own schema. */
export type DataOf<E extends z.ZodType> = z.output<E> extends { data: infer D } ? D : never;

/** A page of a list, in the envelope's `data`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() });

/** `{ id }`: what a DELETE (and a few actions) answer about the row they touched. */
export const idEnvelopeSchema = envelopeOf(z.object({ id: z.number().int() }));

/**
 * A file the route streams or sends whole (CSV, images, documents): no envelope, the body is the
 * file. OpenAPI shows it under its content type; nothing is serialised.
 */
export const fileResponse = (contentType: string, description: string) => ({
  description,
  // unknown to TypeScript (a stream, a Buffer or text), a binary string to OpenAPI
  content: { [contentType]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
});

/** A text body (an HTML page, a plain-text acknowledgement, Prometheus metrics) under its content type. */
export const textResponse = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string() } },
});

/** A redirect: the answer is the Location header, no body (the route's success is a 302). */
export const redirectResponse = (description: string) => z.null().describe(description);

/** An envelope with no data (`data: null`): the action's outcome is the status and message. */
export const emptyEnvelopeSchema = envelopeOf(z.null());

/** The error envelope every route answers a refusal with (stable `code`, texts in the caller's language). */
export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  isError: z.literal(true),
  data: z.unknown().optional(),
});

/** A response whose body we do not describe field by field (kept loose on purpose). */
export const messageResponseSchema = z.object({
  statusCode: z.number(),
  message: z.string(),
  data: z.unknown().optional(),
});
