/**
 * AI content generation (spec §7 `content/generate`, `/api/campaigns/ai/generate`) and briefs
 * (`upload`): the request, the variants (SMS with encoding and parts, email safe for the editor,
 * WhatsApp in Meta's template format) and the checks each variant passed. Shared by the server
 * (route schemas) and the web (the "Write with AI" window).
 */
import { z } from 'zod';
import { CHANNELS } from './messages.ts';

export const PLAN_OBJECTIVES = ['awareness', 'promotion', 'retention', 'winback', 'announcement'] as const;
export type PlanObjective = (typeof PLAN_OBJECTIVES)[number];

export const CONTENT_LANGUAGES = ['en', 'ar'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** SMS parts a generated SMS may use at most (the launcher's estimate counts what is rendered). */
export const MAX_SMS_PARTS = 4;

const id = z.number().int().positive();
const envelope = <T extends z.ZodType>(data: T) => z.object({ statusCode: z.number(), message: z.string(), data });

export const contentGenerateSchema = z.object({
  channel: z.enum(CHANNELS, { error: 'validation.invalid' }),
  language: z.enum(CONTENT_LANGUAGES, { error: 'validation.invalid' }),
  brand_id: id.nullish(),
  objective: z.enum(PLAN_OBJECTIVES, { error: 'validation.invalid' }).default('promotion'),
  /** what the message is about, in the marketer's words (the offer, the news) */
  topic: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(500, { error: 'validation.tooLong' }),
  /** the call to action's link, if any */
  link: z.url({ error: 'validation.url' }).max(500, { error: 'validation.tooLong' }).nullish(),
  /** an uploaded brief that grounds the text */
  brief_id: id.nullish(),
  /** who it is for: their size and language shape the wording (never their contact details) */
  group_ids: z.array(id).max(20).default([]),
  variants: z.number().int().min(1, { error: 'validation.min' }).max(5, { error: 'validation.max' }).default(3),
  /** SMS only: the most parts a variant may take */
  max_parts: z.number().int().min(1, { error: 'validation.min' }).max(MAX_SMS_PARTS, { error: 'validation.max' }).default(1),
});
export type ContentGenerateInput = z.infer<typeof contentGenerateSchema>;

/** POST /api/campaigns/ai/generate: the same, for a campaign draft (its brand, objective and audience unless given). */
export const campaignContentGenerateSchema = contentGenerateSchema.partial({ topic: true, language: true }).extend({
  campaign_id: id,
});

export const smsVariantSchema = z.object({
  text: z.string(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  /** parts with every variable at its reserved length */
  parts: z.number(),
  characters: z.number(),
  /** parts if a customer's name switches a GSM-7 text to UCS-2 (null: it cannot) */
  parts_if_unicode: z.number().nullable(),
});

export const emailVariantSchema = z.object({
  subject: z.string(),
  preheader: z.string(),
  /** sanitised HTML the email editor opens as it is */
  html: z.string(),
  text: z.string(),
});

export const whatsappVariantSchema = z.object({
  /** Meta's template body with {{1}}, {{2}} … */
  body: z.string(),
  footer: z.string().nullable(),
  /** what each {{n}} stands for (a customer field) and an example value */
  parameters: z.array(z.object({ index: z.number(), variable: z.string(), example: z.string() })),
  /** the template's components as the Cloud API takes them */
  components: z.array(z.record(z.string(), z.unknown())),
});

export const variantChecksSchema = z.object({
  parts_ok: z.boolean(),
  variables_ok: z.boolean(),
  opt_out: z.boolean(),
  language_ok: z.boolean(),
  grounded: z.boolean(),
});

export const contentVariantSchema = z.object({
  index: z.number(),
  channel: z.enum(CHANNELS),
  language: z.enum(CONTENT_LANGUAGES),
  /** the angle of the variant (direct, friendly, urgent, …) */
  style: z.string(),
  sms: smsVariantSchema.nullable(),
  email: emailVariantSchema.nullable(),
  whatsapp: whatsappVariantSchema.nullable(),
  /** the {{customer}} variables it uses */
  variables: z.array(z.string()),
  /** who wrote it: the model, or the built-in templates (also when a model's variant failed a check) */
  source: z.enum(['model', 'builtin']),
  checks: variantChecksSchema,
});
export type ContentVariant = z.infer<typeof contentVariantSchema>;

export const contentResultSchema = z.object({
  engine: z.enum(['builtin', 'openai-compatible']),
  model: z.string().nullable(),
  channel: z.enum(CHANNELS),
  language: z.enum(CONTENT_LANGUAGES),
  max_parts: z.number(),
  variants: z.array(contentVariantSchema),
  /** a model's variants that failed a check and were replaced by built-in ones */
  replaced: z.number(),
  /** what the text was grounded on (brand, audience figures, brief), as the model was given it */
  facts: z.record(z.string(), z.unknown()),
  /** words of the topic the built-in writer did not use (shown, so nothing is dropped silently) */
  unplaced: z.array(z.string()),
});
export type ContentResult = z.infer<typeof contentResultSchema>;
export const contentEnvelopeSchema = envelope(contentResultSchema);

// ── briefs (POST /api/ai/upload) ───────────────────────────────────────────────

export const BRIEF_TYPES = ['pdf', 'docx', 'text'] as const;
/** §5/§9: uploads up to 10 MB; a brief's text is kept up to this many characters */
export const BRIEF_TEXT_MAX = 20_000;

export const briefSchema = z.object({
  id: z.number(),
  brand_id: z.number().nullable(),
  filename: z.string(),
  kind: z.enum(BRIEF_TYPES),
  characters: z.number(),
  /** the first lines, to recognise it */
  excerpt: z.string(),
  created_at: z.string(),
});
export type Brief = z.infer<typeof briefSchema>;
export const briefEnvelopeSchema = envelope(briefSchema);
export const briefListEnvelopeSchema = envelope(z.object({ items: z.array(briefSchema) }));
export const briefQuerySchema = z.object({ brand_id: z.coerce.number().int().positive().optional() });
