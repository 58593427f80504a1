import { type TextDirection, textDirection, valueIsolation } from '../bidi.ts';
import { z } from 'zod';
import { envelopeOf, nameSchema, optionalString, pageQuerySchema, requiredString } from './common.ts';

export const MESSAGE_TYPES = ['email', 'sms', 'whatsapp'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const TEMPLATE_CATEGORIES = ['marketing', 'transactional', 'otp', 'notification'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_STATUSES = ['DRAFT', 'PENDING_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const REVIEW_ACTIONS = ['submitted', 'approved', 'rejected', 'reopened'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

// ── variables ────────────────────────────────────────────────────────────────

/** Customer fields a template may use; custom attributes are `attributes.<key>`. */
export const CUSTOMER_VARIABLES = ['first_name', 'last_name', 'email', 'mobile_number', 'city', 'country'] as const;
const ATTRIBUTE_VARIABLE = /^attributes\.[A-Za-z0-9_]{1,64}$/;

/**
 * Placeholders the sending fills in, not the customer's fields: `{{unsubscribe_url}}` becomes a
 * campaign email's signed unsubscribe link. Allowed in an email's HTML (and its design) only.
 */
export const SYSTEM_VARIABLES = ['unsubscribe_url'] as const;
export const isSystemVariable = (name: string) => (SYSTEM_VARIABLES as readonly string[]).includes(name);

/** `{{ name }}` or `{{ name|fallback }}` (the fallback is used when the customer has no value). */
const PLACEHOLDER = /\{\{\s*([^{}|]*?)\s*(?:\|([^{}]*))?\}\}/g;

export function isAllowedVariable(name: string): boolean {
  return (CUSTOMER_VARIABLES as readonly string[]).includes(name) || ATTRIBUTE_VARIABLE.test(name);
}

/**
 * Every placeholder name in the texts, in order of first use, split into the customer's fields,
 * the sending's own (`system`) and unknown ones.
 */
export function extractVariables(...texts: (string | null | undefined)[]) {
  const variables: string[] = [];
  const system: string[] = [];
  const unknown: string[] = [];
  for (const text of texts) {
    for (const match of (text ?? '').matchAll(PLACEHOLDER)) {
      const name = match[1] ?? '';
      const list = isAllowedVariable(name) ? variables : isSystemVariable(name) ? system : unknown;
      if (!list.includes(name)) list.push(name);
    }
  }
  return { variables, system, unknown };
}

/**
 * Replace placeholders with values. A missing or empty value uses the placeholder's fallback
 * (`{{first_name|Friend}}`), else nothing. `encode` escapes values for HTML output. A system
 * placeholder without a value stays as it is, for the step that fills it (campaign tracking).
 */
export function renderVariables(
  text: string,
  values: Record<string, string | null | undefined>,
  encode: (value: string) => string = (v) => v,
  options: { isolate?: boolean } = {},
): string {
  // plain texts (SMS, WhatsApp, an email's subject): a value of the other direction keeps its place (bidi.ts)
  const isolation = options.isolate ? valueIsolation(templateDirection(text)) : null;
  const keep = (inserted: string) => (isolation?.test.test(inserted) ? `${inserted}${isolation.mark}` : inserted);
  return text.replace(PLACEHOLDER, (all, name: string, fallback: string | undefined) => {
    if (isSystemVariable(name) && !values[name]) return all;
    const value = values[name];
    if (value !== undefined && value !== null && value !== '') return encode(keep(value));
    return keep(fallback?.trim() ?? '');
  });
}

/** A template's own direction: that of its first letter outside the placeholders (null without any). */
export function templateDirection(text: string): TextDirection | null {
  return textDirection(text.replace(PLACEHOLDER, ' '));
}

/** A literal run of a template, or one placeholder with its fallback (trimmed, as rendered). */
export type TemplatePart = { text: string } | { name: string; fallback: string };

/**
 * The text cut where renderVariables would replace: for renderers that are not JavaScript (the
 * campaign expansion renders plain SMS texts in SQL). Joining each part's value, or its fallback
 * when the value is missing or empty, gives renderVariables' result.
 */
export function templateParts(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ name: match[1] ?? '', fallback: match[2]?.trim() ?? '' });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** Adds an issue for each unknown placeholder in the given fields (system ones only in `html` and `mjml`). */
function checkVariables(fields: readonly string[]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const field of fields) {
      const text = value[field];
      if (typeof text !== 'string') continue;
      const found = extractVariables(text);
      if (found.unknown.length > 0 || (found.system.length > 0 && field !== 'html' && field !== 'mjml')) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'validation.templateVariable' });
      }
    }
  };
}

// ── requests ─────────────────────────────────────────────────────────────────

const templateName = nameSchema(100);
const brandId = z.coerce.number().int().positive({ error: 'validation.id' }).nullable().optional();
const category = z.enum(TEMPLATE_CATEGORIES, { error: 'validation.invalid' });
const HTML_MAX = 1_000_000;

/** POST /api/templates — a plain-text template (SMS, WhatsApp text, or a text-only email). */
export const createTemplateSchema = z
  .object({
    template_name: templateName,
    message_type: z.enum(MESSAGE_TYPES, { error: 'validation.invalid' }),
    category: category.default('marketing'),
    template_text: requiredString(10_000),
    subject: optionalString(255),
    brand_id: brandId,
  })
  .superRefine((value, ctx) => {
    if (value.message_type === 'email' && !value.subject) {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'validation.required' });
    }
    checkVariables(['template_text', 'subject'])(value, ctx);
  });
export type CreateTemplateInput = z.infer<typeof createTemplateSchema>;

/** A design of the visual builder: an MJML document (the server renders it to the HTML it stores). */
const mjmlSchema = z.string().trim().max(HTML_MAX, { error: 'validation.tooLong' });

/** Exactly one of `html` and `mjml` (a design's HTML is the server's to write). */
function oneBody(value: { html?: string | null; mjml?: string | null }, ctx: z.RefinementCtx) {
  if (value.html && value.mjml) ctx.addIssue({ code: 'custom', path: ['html'], message: 'validation.invalid' });
  else if (!value.html && !value.mjml) ctx.addIssue({ code: 'custom', path: ['html'], message: 'validation.required' });
}

/**
 * POST /api/templates/rich — an email with HTML (sanitised by the server) or a builder design
 * (`mjml`, rendered by the server); the text part is derived when absent.
 */
export const createRichTemplateSchema = z
  .object({
    template_name: templateName,
    message_type: z.literal('email', { error: 'validation.invalid' }).default('email'),
    category: category.default('marketing'),
    subject: requiredString(255),
    html: z.string().trim().max(HTML_MAX, { error: 'validation.tooLong' }).optional(),
    mjml: mjmlSchema.optional(),
    template_text: optionalString(10_000),
    brand_id: brandId,
  })
  .superRefine((value, ctx) => {
    oneBody(value, ctx);
    checkVariables(['subject', 'html', 'mjml', 'template_text'])(value, ctx);
  });
export type CreateRichTemplateInput = z.infer<typeof createRichTemplateSchema>;

/**
 * PUT /api/templates/{id} — any subset; the channel does not change. `mjml` replaces the body with
 * a design (the server renders its HTML); `html` with HTML written by hand, which ends the design
 * (the email is no longer edited as blocks). Not both.
 */
export const updateTemplateSchema = z
  .object({
    template_name: templateName.optional(),
    category: category.optional(),
    subject: optionalString(255),
    template_text: z.string().trim().max(10_000, { error: 'validation.tooLong' }).optional(),
    html: z.string().max(HTML_MAX, { error: 'validation.tooLong' }).nullable().optional(),
    mjml: mjmlSchema.nullable().optional(),
    brand_id: brandId,
  })
  .superRefine((value, ctx) => {
    if (value.html && value.mjml) ctx.addIssue({ code: 'custom', path: ['html'], message: 'validation.invalid' });
    checkVariables(['subject', 'html', 'mjml', 'template_text'])(value, ctx);
  });
export type UpdateTemplateInput = z.infer<typeof updateTemplateSchema>;

export const TEMPLATE_SORTS = ['updated_at', 'created_at', 'template_name', 'status', 'message_type'] as const;

export const listTemplatesQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  message_type: z.enum(MESSAGE_TYPES, { error: 'validation.invalid' }).optional(),
  status: z.enum(TEMPLATE_STATUSES, { error: 'validation.invalid' }).optional(),
  category: category.optional(),
  sort: z.enum(TEMPLATE_SORTS, { error: 'validation.invalid' }).default('updated_at'),
  order: z.enum(['asc', 'desc'], { error: 'validation.invalid' }).default('desc'),
});
export type ListTemplatesQuery = z.infer<typeof listTemplatesQuerySchema>;

export const categoryParamSchema = z.object({ category });

const customerId = z.coerce.number({ error: 'validation.required' }).int().positive({ error: 'validation.id' });

export const previewTemplateSchema = z.object({ customer_id: customerId });

/**
 * POST /api/templates/render — an email being edited (not saved yet) as mail clients get it: a
 * design (`mjml`) or HTML, with one customer's values when `customer_id` is given (else the
 * placeholders stay).
 */
export const renderEmailSchema = z
  .object({
    subject: z.string().trim().max(255, { error: 'validation.tooLong' }).default(''),
    html: z.string().trim().max(HTML_MAX, { error: 'validation.tooLong' }).optional(),
    mjml: mjmlSchema.optional(),
    customer_id: customerId.optional(),
  })
  .superRefine(oneBody);
export type RenderEmailInput = z.infer<typeof renderEmailSchema>;

export const rejectTemplateSchema = z.object({
  reason: requiredString(1000),
});

// ── responses ────────────────────────────────────────────────────────────────

export const templateSchema = z.object({
  id: z.number(),
  template_name: z.string(),
  message_type: z.enum(MESSAGE_TYPES),
  category: z.enum(TEMPLATE_CATEGORIES),
  subject: z.string().nullable(),
  template_text: z.string(),
  html: z.string().nullable(),
  /** the builder's design the HTML was rendered from; null when edited as rich text or HTML */
  mjml: z.string().nullable(),
  variables: z.array(z.string()),
  brand_id: z.number().nullable(),
  status: z.enum(TEMPLATE_STATUSES),
  rejection_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.number().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const templateListSchema = z.object({ items: z.array(templateSchema), page: z.number(), limit: z.number(), total: z.number() });
export type TemplateList = z.infer<typeof templateListSchema>;

export const templateReviewEntrySchema = z.object({
  id: z.number(),
  action: z.enum(REVIEW_ACTIONS),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type TemplateReviewEntry = z.infer<typeof templateReviewEntrySchema>;

export const templateReviewStatusSchema = z.object({
  status: z.enum(TEMPLATE_STATUSES),
  reason: z.string().nullable(),
  reviewer: z.object({ id: z.number(), name: z.string() }).nullable(),
  reviewed_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  history: z.array(templateReviewEntrySchema),
});
export type TemplateReviewStatus = z.infer<typeof templateReviewStatusSchema>;

/** GET /api/templates/{id}/email and the preview: what a mail client receives. */
export const emailRenditionSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailRendition = z.infer<typeof emailRenditionSchema>;

const previewCustomerSchema = z.object({ id: z.number(), name: z.string() });

export const templatePreviewSchema = z.object({
  message_type: z.enum(MESSAGE_TYPES),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  customer: previewCustomerSchema,
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

/** POST /api/templates/render: the email as sent, and its body as it would be stored (a design's HTML). */
export const renderedEmailSchema = emailRenditionSchema.extend({
  /** the sanitised body before inlining, placeholders kept: what "edit as HTML" starts from */
  body_html: z.string(),
  customer: previewCustomerSchema.nullable(),
});
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;

/** GET /api/templates/email-assets: what the builder offers — library images and brands, with addresses mail clients can load. */
export const emailAssetsSchema = z.object({
  images: z.array(
    z.object({
      /** the content item's id, or the brand's for a logo */
      id: z.number(),
      title: z.string(),
      source: z.enum(['content', 'logo']),
      /** a lasting public address (no session needed) */
      url: z.string(),
    }),
  ),
  brands: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      colors: z.array(z.string()),
      logo_url: z.string().nullable(),
      website: z.string().nullable(),
      default_language: z.enum(['en', 'ar']),
    }),
  ),
});
export type EmailAssets = z.infer<typeof emailAssetsSchema>;

export const docxConversionSchema = z.object({
  html: z.string(),
  messages: z.array(z.object({ type: z.string(), message: z.string() })),
});
export type DocxConversion = z.infer<typeof docxConversionSchema>;

export const templateEnvelopeSchema = envelopeOf(templateSchema);
export const templateListEnvelopeSchema = envelopeOf(templateListSchema);
export const templateReviewStatusEnvelopeSchema = envelopeOf(templateReviewStatusSchema);
export const emailRenditionEnvelopeSchema = envelopeOf(emailRenditionSchema);
export const templatePreviewEnvelopeSchema = envelopeOf(templatePreviewSchema);
export const docxConversionEnvelopeSchema = envelopeOf(docxConversionSchema);
export const renderedEmailEnvelopeSchema = envelopeOf(renderedEmailSchema);
export const emailAssetsEnvelopeSchema = envelopeOf(emailAssetsSchema);
