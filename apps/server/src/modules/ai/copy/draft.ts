/**
 * A message draft as the chat offers it: written by the built-in writer from the marketer's request,
 * or a model's text put in order — links freed from punctuation, WhatsApp variables numbered as
 * Meta's templates need ({{1}} = first_name), the SMS parts counted, every word's language checked.
 * Nothing here saves anything: the user chooses "Save as template" or "Use in a campaign" on the card.
 */
import { languageCheck, textLanguage } from '@risala/shared/grounding';
import type { PlanObjective } from '@risala/shared/schemas/ai-content';
import type { MessageDraft, Offer } from '@risala/shared/schemas/ai-draft';
import type { Channel } from '@risala/shared/schemas/messages';
import { isAllowedVariable } from '@risala/shared/schemas/templates';
import { escapeHtml, sanitizeEmailHtml } from '../../templates/index.ts';
import { stylesFor } from './bank.ts';
import { smsParts } from './checks.ts';
import { bankOf, composeSms, composeWhatsapp, productWords, tidy } from './compose.ts';
import { composeEmail } from './email.ts';
import { extractOffer, requestLanguage } from './offer.ts';

/** SMS parts a draft may take when the request does not say: a GSM-7 (English) text one, Arabic (70 a part) two. */
export const DEFAULT_SMS_PARTS = { en: 1, ar: 2 } as const;

/** What the request is for, when it says so in words; otherwise a promotion (or news of something new). */
export function objectiveOf(request: string, offer: Offer): PlanObjective {
  if (/\bmiss(?:ed)?\s+you\b|\bcome\s+back\b|\bwin[-\s]?back\b|اشتقنا|عود[ةه]\s+العملاء|استعاد[ةه]/i.test(request)) return 'winback';
  if (/\bthank(?:s|\s+you)?\b|\bloyal(?:ty)?\b|شكر|ولاء/i.test(request)) return 'retention';
  if (!offer.discount && !offer.free_delivery && (offer.is_new || /\bannounc\w*|\bnews\b|[إا]علان|خبر/i.test(request)))
    return 'announcement';
  return 'promotion';
}

const EXAMPLES: Record<'en' | 'ar', Record<string, string>> = {
  en: { first_name: 'Sara', last_name: 'Ahmed', city: 'Riyadh', country: 'SA', email: 'sara@example.com', mobile_number: '+966500000000' },
  ar: { first_name: 'سارة', last_name: 'أحمد', city: 'الرياض', country: 'SA', email: 'sara@example.com', mobile_number: '+966500000000' },
};

/**
 * A WhatsApp body with the customer's named variables as Meta's numbers: {{first_name|there}} →
 * {{1}}, the same name the same number; numbers already there are kept. Each number gets an example.
 */
export function numberWhatsappVariables(text: string, language: 'en' | 'ar'): { body: string; variables: MessageDraft['variables'] } {
  const names: string[] = [];
  const body = text.replace(/\{\{\s*([^{}|]*?)\s*(?:\|[^{}]*)?\}\}/g, (all, name: string) => {
    if (/^\d+$/.test(name)) return `{{${name}}}`;
    if (!isAllowedVariable(name)) return all;
    if (!names.includes(name)) names.push(name);
    return `{{${names.indexOf(name) + 1}}}`;
  });
  const variables = names.map((variable, i) => ({ index: i + 1, variable, example: EXAMPLES[language][variable] ?? 'x' }));
  return { body, variables };
}

/** Codes a text carries (capitals with a digit: RAMADAN20): written as they are in any language. */
const codesIn = (text: string) => text.match(/\b[A-Z][A-Z0-9_-]*\d[A-Z0-9_-]*\b/g) ?? [];

function check(visible: string, language: 'en' | 'ar', brands: readonly string[], code: string | null) {
  let text = visible;
  // every brand of the account is a name, not a word of a language
  for (const b of [...brands].sort((x, y) => y.length - x.length)) if (b.trim()) text = text.split(b).join(' ');
  return languageCheck(text, language, { literals: [code, ...codesIn(visible)] });
}

function smsOf(text: string, maxParts: number): MessageDraft['sms'] {
  const p = smsParts(text);
  return { encoding: p.encoding, parts: p.parts, characters: p.characters, max_parts: maxParts, fits: p.parts <= maxParts };
}

/** The built-in writer's draft for a request ("اكتب لي رسالة SMS لتخفيضات رمضان 20٪"). */
export function draftFromRequest(o: {
  request: string;
  channel: Channel;
  brand: { name: string; voice_tone: string | null };
  /** the conversation's language, when the request names none */
  language?: 'en' | 'ar';
  maxParts?: number;
  /** what the request is about, as the parser read it ("our handmade candles") */
  topic?: string | null;
}): MessageDraft {
  const read = extractOffer(o.request, { brand: o.brand.name, topic: o.topic ?? null });
  const language = read.language ?? o.language ?? requestLanguage(o.request);
  // a product named in the other language is not translated: it is reported with the unused words
  const untranslated = productWords(read, language).unused;
  const offer = untranslated ? { ...read, unplaced: [...read.unplaced, untranslated] } : read;
  const brief = { language, objective: objectiveOf(o.request, offer), brand: o.brand.name, voice: o.brand.voice_tone, offer };
  const style = stylesFor(o.brand.voice_tone)[0] ?? 'direct';
  const base = {
    channel: o.channel,
    language,
    offer,
    source: 'builtin' as const,
    subject: null,
    html: null,
    footer: null,
    button: null,
    variables: [],
    sms: null,
  };
  if (o.channel === 'sms') {
    const maxParts = o.maxParts ?? offer.parts ?? DEFAULT_SMS_PARTS[language];
    const r = composeSms(brief, style, maxParts);
    return { ...base, body: r.text, sms: smsOf(r.text, maxParts), language_check: check(r.text, language, [o.brand.name], offer.code) };
  }
  if (o.channel === 'email') {
    const e = composeEmail(brief, style);
    const visible = [e.subject, e.preheader, e.text].join('\n');
    return {
      ...base,
      body: e.text,
      subject: e.subject,
      html: e.html,
      language_check: check(visible, language, [o.brand.name], offer.code),
    };
  }
  const w = composeWhatsapp(brief, style);
  return {
    ...base,
    body: w.body,
    footer: w.footer,
    variables: w.variables,
    button: w.button,
    language_check: check([w.body, w.footer].join('\n'), language, [o.brand.name], offer.code),
  };
}

/** A model's text as a draft: put in order and checked, never rewritten. */
export function draftFromText(o: {
  channel: Channel;
  text: string;
  subject?: string | null;
  html?: string | null;
  language?: 'en' | 'ar';
  maxParts?: number;
  brands: readonly string[];
}): MessageDraft {
  const language = o.language ?? textLanguage(o.text);
  const text = tidy(o.text.replace(/\r\n?/g, '\n'));
  const base = {
    channel: o.channel,
    language,
    offer: null,
    source: 'model' as const,
    subject: null,
    html: null,
    footer: null,
    button: null,
    variables: [],
    sms: null,
  };
  if (o.channel === 'sms') {
    const maxParts = o.maxParts ?? DEFAULT_SMS_PARTS[language];
    return { ...base, body: text, sms: smsOf(text, maxParts), language_check: check(text, language, o.brands, null) };
  }
  if (o.channel === 'email') {
    const subject = tidy(o.subject?.trim() || (text.split('\n')[0] ?? ''));
    const html = sanitizeEmailHtml(
      o.html?.trim() ||
        `<div dir="${language === 'ar' ? 'rtl' : 'ltr'}">${text
          .split(/\n{2,}/)
          .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
          .join('\n')}</div>`,
    );
    return { ...base, body: text, subject, html, language_check: check([subject, text].join('\n'), language, o.brands, null) };
  }
  const { body, variables } = numberWhatsappVariables(text, language);
  // Meta keeps the opt-out in the footer; a body that has none gets the bank's
  const footer = /\bSTOP\b/.test(body) ? null : bankOf(language).optOut.whatsapp;
  return { ...base, body, variables, footer, language_check: check([body, footer ?? ''].join('\n'), language, o.brands, null) };
}
