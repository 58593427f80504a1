import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { pageQuerySchema } from './common.ts';

/**
 * WhatsApp message templates in Meta's Cloud API shape (name, language, category, components).
 * Messages are `validation.whatsapp.*` keys, translated by the server and the web.
 */
export const WA_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export const WA_STATUSES = ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
export const WA_HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export const WA_BUTTON_TYPES = ['URL', 'PHONE_NUMBER', 'QUICK_REPLY', 'COPY_CODE'] as const;
export type WaCategory = (typeof WA_CATEGORIES)[number];
export type WaStatus = (typeof WA_STATUSES)[number];

export const WA_LIMITS = {
  name: 512,
  headerText: 60,
  body: 1024,
  footer: 60,
  buttons: 3,
  buttonText: 25,
  url: 2000,
  example: 200,
} as const;

const msg = (key: string) => ({ error: `validation.whatsapp.${key}` });

/** `{{1}}`, `{{2}}` … in order of appearance. */
export function waVariables(text: string): number[] {
  return [...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
}

/** Variables must be {{1}}..{{n}} with no gaps (repeats allowed). Returns n, or null when not. */
export function waVariableCount(text: string): number | null {
  const distinct = [...new Set(waVariables(text))].sort((a, b) => a - b);
  return distinct.every((v, i) => v === i + 1) ? distinct.length : null;
}

/** Replace {{n}} with its example (1-based), leaving unknown ones as written. */
export function waSubstitute(text: string, examples: readonly string[]): string {
  return text.replace(/\{\{(\d+)\}\}/g, (whole, n) => examples[Number(n) - 1] || whole);
}

const text = (max: number, key: string) => z.string(msg('required')).trim().min(1, msg('required')).max(max, msg(key));
const example = z.string(msg('exampleRequired')).trim().min(1, msg('exampleRequired')).max(WA_LIMITS.example, msg('exampleTooLong'));
const buttonText = text(WA_LIMITS.buttonText, 'buttonTextTooLong');

const headerSchema = z.object({
  type: z.literal('HEADER'),
  format: z.enum(WA_HEADER_FORMATS, msg('headerFormat')),
  text: z.string().trim().max(WA_LIMITS.headerText, msg('headerTooLong')).optional(),
  example: z.object({ header_text: z.array(example).max(1).optional(), header_handle: z.array(example).max(1).optional() }).optional(),
});

const bodySchema = z.object({
  type: z.literal('BODY'),
  text: text(WA_LIMITS.body, 'bodyTooLong'),
  example: z.object({ body_text: z.array(z.array(example)).max(1) }).optional(),
});

const footerSchema = z.object({
  type: z.literal('FOOTER'),
  text: text(WA_LIMITS.footer, 'footerTooLong').refine((v) => !/\{\{/.test(v), msg('footerVariables')),
});

const buttonSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('URL'),
      text: buttonText,
      url: z.string(msg('required')).trim().max(WA_LIMITS.url, msg('urlInvalid')),
      example: z.array(example).max(1).optional(),
    }),
    z.object({
      type: z.literal('PHONE_NUMBER'),
      text: buttonText,
      phone_number: z
        .string(msg('required'))
        .trim()
        .refine((v) => /^\+[1-9]\d{6,14}$/.test(v) && isValidPhoneNumber(v), msg('phoneInvalid')),
    }),
    z.object({ type: z.literal('QUICK_REPLY'), text: buttonText }),
    z.object({
      type: z.literal('COPY_CODE'),
      example: z.string(msg('exampleRequired')).trim().min(1, msg('exampleRequired')).max(15, msg('copyCodeTooLong')),
    }),
  ],
  msg('buttonType'),
);

const buttonsSchema = z.object({
  type: z.literal('BUTTONS'),
  buttons: z.array(buttonSchema).min(1, msg('buttonsEmpty')).max(WA_LIMITS.buttons, msg('buttonsTooMany')),
});

export const waComponentSchema = z.discriminatedUnion(
  'type',
  [headerSchema, bodySchema, footerSchema, buttonsSchema],
  msg('componentType'),
);
export type WaComponent = z.infer<typeof waComponentSchema>;
export type WaHeader = z.infer<typeof headerSchema>;
export type WaBody = z.infer<typeof bodySchema>;
export type WaButton = z.infer<typeof buttonSchema>;

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: (string | number)[], key: string) =>
  ctx.addIssue({ code: 'custom', path, message: `validation.whatsapp.${key}` });

function checkHeader(c: WaHeader, i: number, ctx: Ctx) {
  if (c.format === 'TEXT') {
    if (!c.text) return issue(ctx, [i, 'text'], 'required');
    const count = waVariableCount(c.text);
    if (count === null || count > 1) return issue(ctx, [i, 'text'], 'headerVariables');
    if (count === 1 && !c.example?.header_text?.[0]) issue(ctx, [i, 'example'], 'exampleRequired');
  } else {
    if (c.text) issue(ctx, [i, 'text'], 'headerMediaText');
    if (!c.example?.header_handle?.[0]) issue(ctx, [i, 'example'], 'mediaExampleRequired');
  }
}

function checkBody(c: WaBody, i: number, ctx: Ctx) {
  const count = waVariableCount(c.text);
  if (count === null) return issue(ctx, [i, 'text'], 'variablesSequence');
  const examples = c.example?.body_text?.[0] ?? [];
  if (examples.length !== count) issue(ctx, [i, 'example'], 'examplesCount');
}

function checkButton(b: WaButton, path: (string | number)[], ctx: Ctx) {
  if (b.type === 'URL') {
    const dynamic = waVariables(b.url);
    const fixed = b.url.replace(/\{\{1\}\}$/, '');
    if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(fixed) || dynamic.length > 1 || /\{\{/.test(fixed)) {
      return issue(ctx, [...path, 'url'], 'urlInvalid');
    }
    if (dynamic.length === 1 && !b.example?.[0]) issue(ctx, [...path, 'example'], 'exampleRequired');
  }
}

/** One BODY, at most one of each other component, in Meta's order; per-component rules. */
function checkComponents(components: WaComponent[], ctx: Ctx) {
  const order = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'];
  const seen = new Set<string>();
  let last = -1;
  components.forEach((c, i) => {
    if (seen.has(c.type)) issue(ctx, [i, 'type'], 'componentDuplicate');
    else if (order.indexOf(c.type) < last) issue(ctx, [i, 'type'], 'componentOrder');
    seen.add(c.type);
    last = Math.max(last, order.indexOf(c.type));
    if (c.type === 'HEADER') checkHeader(c, i, ctx);
    if (c.type === 'BODY') checkBody(c, i, ctx);
    if (c.type === 'BUTTONS') for (const [j, b] of c.buttons.entries()) checkButton(b, [i, 'buttons', j], ctx);
  });
  if (!seen.has('BODY')) issue(ctx, [], 'bodyRequired');
}

export const waTemplateInputSchema = z.object({
  name: z
    .string(msg('required'))
    .trim()
    .min(1, msg('required'))
    .max(WA_LIMITS.name, msg('nameTooLong'))
    .regex(/^[a-z0-9_]+$/, msg('nameFormat')),
  language: z
    .string(msg('required'))
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, msg('language')),
  category: z.enum(WA_CATEGORIES, msg('category')),
  components: z.array(waComponentSchema, msg('required')).max(4, msg('componentDuplicate')).superRefine(checkComponents),
});
export type WaTemplateInput = z.infer<typeof waTemplateInputSchema>;

export const waTemplateListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(WA_STATUSES).optional(),
  category: z.enum(WA_CATEGORIES).optional(),
  language: z.string().trim().max(10).optional(),
  sort: z.enum(['name', 'created_at', 'updated_at', 'status']).default('updated_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type WaTemplateListQuery = z.infer<typeof waTemplateListQuerySchema>;

export interface WaTemplate {
  id: number;
  name: string;
  language: string;
  category: WaCategory;
  components: WaComponent[];
  status: WaStatus;
  rejection_reason: string | null;
  external_id: string | null;
  submitted_at: string | null;
  status_updated_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface WaTemplateList {
  items: WaTemplate[];
  page: number;
  limit: number;
  total: number;
}

export interface WaSubmissionLimits {
  limit: number;
  used: number;
  remaining: number;
  window_hours: number;
  resets_at: string | null;
}

/** The pieces of a template a chat-bubble preview shows, with examples substituted. */
export function waPreview(components: readonly WaComponent[]) {
  const header = components.find((c): c is WaHeader => c.type === 'HEADER');
  const body = components.find((c): c is WaBody => c.type === 'BODY');
  const footer = components.find((c) => c.type === 'FOOTER');
  const buttons = components.find((c) => c.type === 'BUTTONS');
  return {
    header: header
      ? header.format === 'TEXT'
        ? { format: 'TEXT' as const, text: waSubstitute(header.text ?? '', header.example?.header_text ?? []) }
        : { format: header.format, url: header.example?.header_handle?.[0] ?? '' }
      : null,
    body: body ? waSubstitute(body.text, body.example?.body_text?.[0] ?? []) : '',
    footer: footer && footer.type === 'FOOTER' ? footer.text : null,
    buttons: buttons && buttons.type === 'BUTTONS' ? buttons.buttons : [],
  };
}

/**
 * Words that make a template promotional in Meta's review (offers, sales, discounts; English and
 * Arabic). A UTILITY or AUTHENTICATION body like this is rejected, so the editor suggests MARKETING
 * and the sandbox's review applies the same rule.
 */
export const PROMOTIONAL_TEXT =
  /\b(sale|sales|discount|discounts|promo|promotion|promotions|coupon|coupons|deal|deals|offer|offers|free shipping)\b|\d+\s*%\s*off\b|خصم|تخفيض|تخفيضات|عرض خاص|عروض|كوبون/i;

/** The category a body reads as: MARKETING when it promotes, else UTILITY (the editor's suggestion). */
export function suggestWaCategory(body: string): 'MARKETING' | 'UTILITY' {
  return PROMOTIONAL_TEXT.test(body) ? 'MARKETING' : 'UTILITY';
}

/**
 * Approved templates every sandbox WhatsApp account starts with — as Meta gives each new WhatsApp
 * Business Account a sample — so a demo can send at once. The simulator knows them as APPROVED
 * under these ids; the account gets them as APPROVED rows.
 */
export const SANDBOX_SAMPLE_TEMPLATES: readonly {
  external_id: string;
  name: string;
  language: string;
  category: WaCategory;
  components: readonly { type: 'BODY' | 'FOOTER'; text: string; example?: { body_text: string[][] } }[];
}[] = [
  {
    external_id: '100000000000001',
    name: 'weekend_offer',
    language: 'en',
    category: 'MARKETING',
    components: [
      {
        type: 'BODY',
        text: 'Hi {{1}}, our weekend offer is here: {{2}} off everything until Sunday. Show this message in store or shop online.',
        example: { body_text: [['Sara', '20%']] },
      },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
    ],
  },
  {
    external_id: '100000000000002',
    name: 'weekend_offer',
    language: 'ar',
    category: 'MARKETING',
    components: [
      {
        type: 'BODY',
        text: 'مرحبًا {{1}}، عرض نهاية الأسبوع وصل: خصم {{2}} على كل شيء حتى الأحد. أظهر هذه الرسالة في المتجر أو تسوّق عبر الإنترنت.',
        example: { body_text: [['سارة', '20%']] },
      },
      { type: 'FOOTER', text: 'أرسل «إيقاف» لإلغاء الاشتراك' },
    ],
  },
  {
    external_id: '100000000000003',
    name: 'order_update',
    language: 'en',
    category: 'UTILITY',
    components: [
      {
        type: 'BODY',
        text: 'Hi {{1}}, your order {{2}} is on its way. We will message you when it arrives.',
        example: { body_text: [['Sara', '#1042']] },
      },
    ],
  },
];
