/**
 * What the built-in writer understood of a request (the offer) and a message draft the assistant
 * offers in the chat: the text, what each WhatsApp {{n}} stands for, the SMS parts, the language
 * check. Nothing is saved until the marketer chooses "Save as template" or "Use in a campaign".
 */
import { z } from 'zod';
import { CHANNELS } from './messages.ts';

export const OCCASIONS = [
  'ramadan',
  'eid_fitr',
  'eid_adha',
  'eid',
  'national_day',
  'founding_day',
  'white_friday',
  'black_friday',
  'mothers_day',
  'new_year',
  'back_to_school',
  'summer',
  'winter',
  'weekend',
] as const;
export type Occasion = (typeof OCCASIONS)[number];

export const DEADLINE_KINDS = ['today', 'tomorrow', 'weekend', 'week', 'weekday', 'date', 'days', 'limited', 'stock'] as const;

export const discountSchema = z.object({
  kind: z.enum(['percent', 'amount', 'bogo']),
  /** 20 for 20 %, 50 for SAR 50; null for buy-one-get-one */
  value: z.number().nullable(),
  /** "up to 50 %" */
  up_to: z.boolean(),
  /** ISO code of an amount (SAR, AED, USD…) */
  currency: z.string().nullable(),
});
export type Discount = z.infer<typeof discountSchema>;

export const deadlineSchema = z.object({
  kind: z.enum(DEADLINE_KINDS),
  /** weekday: 0 (Sunday)…6; days: how many; date: the day of the month */
  value: z.number().nullable(),
  /** date: 1…12 */
  month: z.number().nullable(),
});
export type Deadline = z.infer<typeof deadlineSchema>;

export const offerSchema = z.object({
  discount: discountSchema.nullable(),
  free_delivery: z.boolean(),
  occasion: z.enum(OCCASIONS).nullable(),
  /** a product the lexicon knows (written in either language), or the request's own words in its language */
  product: z.object({ key: z.string().nullable(), text: z.string(), language: z.enum(['en', 'ar']) }).nullable(),
  /** the request speaks of something new (a launch, new arrivals) */
  is_new: z.boolean(),
  deadline: deadlineSchema.nullable(),
  code: z.string().nullable(),
  link: z.string().nullable(),
  /** SMS parts the request asked for ("in one part", "رسالة واحدة"), if it did */
  parts: z.number().nullable(),
  /** the message's language, when the request names one ("in Arabic", "بالإنجليزية") */
  language: z.enum(['en', 'ar']).nullable(),
  /** words of the request the writer did not use: shown, so nothing is dropped silently */
  unplaced: z.array(z.string()),
});
export type Offer = z.infer<typeof offerSchema>;

/** What every word of a text is checked against: placeholders, links, the brand, STOP and the offer's code are not words of a language. */
export const languageCheckSchema = z.object({
  ok: z.boolean(),
  language: z.enum(['en', 'ar']),
  /** words in another language, as written */
  foreign: z.array(z.string()),
});
export type LanguageCheck = z.infer<typeof languageCheckSchema>;

export const messageDraftSchema = z.object({
  channel: z.enum(CHANNELS),
  language: z.enum(['en', 'ar']),
  /** SMS text, WhatsApp template body (Meta's {{1}}…{{n}}), or an email's plain text */
  body: z.string(),
  subject: z.string().nullable(),
  /** email only: sanitised HTML the editor opens as it is */
  html: z.string().nullable(),
  /** WhatsApp only: the opt-out footer */
  footer: z.string().nullable(),
  /** WhatsApp only: what each {{n}} stands for and an example (Meta wants one per variable) */
  variables: z.array(z.object({ index: z.number(), variable: z.string(), example: z.string() })),
  /** WhatsApp only: a URL button */
  button: z.object({ text: z.string(), url: z.string() }).nullable(),
  /** SMS only: parts with every variable counted long, and the parts asked for */
  sms: z
    .object({
      encoding: z.enum(['GSM-7', 'UCS-2']),
      parts: z.number(),
      characters: z.number(),
      max_parts: z.number(),
      fits: z.boolean(),
    })
    .nullable(),
  language_check: languageCheckSchema,
  /** what was understood of the request (built-in writer), or null (written by a model) */
  offer: offerSchema.nullable(),
  source: z.enum(['builtin', 'model']),
});
export type MessageDraft = z.infer<typeof messageDraftSchema>;
