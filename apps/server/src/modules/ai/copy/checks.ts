/**
 * What every message variant must pass before it is shown, whoever wrote it: an SMS within its
 * parts (every variable counted at a reserved length, in the text's own encoding), only known
 * `{{variables}}` (WhatsApp: {{1}}…{{n}} with examples, Meta's rules), an opt-out line where the
 * channel needs one, the language asked for, and no number or link that is not among the facts.
 */
import { checkGrounding, languageCheck } from '@risala/shared/grounding';
import type { ContentLanguage } from '@risala/shared/schemas/ai-content';
import type { Channel } from '@risala/shared/schemas/messages';
import { extractVariables } from '@risala/shared/schemas/templates';
import { waTemplateInputSchema, type WaComponent } from '@risala/shared/schemas/whatsapp';
import { countSms, isGsm7 } from '@risala/shared/sms';

/** Characters a variable is counted at when parts are counted (a long first name, a city). */
const RESERVE: Record<string, number> = { first_name: 12, last_name: 15, city: 15, country: 2, email: 30, mobile_number: 13 };
const reserveOf = (name: string) => RESERVE[name] ?? 15;

const PLACEHOLDER = /\{\{\s*([^{}|]*?)\s*(?:\|([^{}]*))?\}\}/g;

/** The text with each placeholder as `fill` repeated to its reserved length (or its fallback's, if longer). */
function reserved(text: string, fill: string): string {
  return text.replace(PLACEHOLDER, (_all, name: string, fallback: string | undefined) =>
    fill.repeat(Math.max(reserveOf(name), fallback?.trim().length ?? 0)),
  );
}

/** Variables that may hold Arabic letters in a customer's record (and so switch an SMS to UCS-2). */
const WORDY = /\{\{\s*(first_name|last_name|city)\b/;

export function smsParts(text: string) {
  const gsm = isGsm7(reserved(text, 'x'));
  const count = countSms(reserved(text, gsm ? 'x' : 'ب'));
  const unicode = gsm && WORDY.test(text) ? countSms(reserved(text, 'ب')).parts : null;
  return { encoding: count.encoding, parts: count.parts, characters: count.length, parts_if_unicode: unicode };
}

export const SMS_OPT_OUT = /\bSTOP\b/;
const EMAIL_OPT_OUT = /unsubscribe|إلغاء الاشتراك/i;

export interface VariantText {
  channel: Channel;
  language: ContentLanguage;
  sms?: string;
  email?: { subject: string; preheader: string; html: string; text: string };
  whatsapp?: { body: string; footer: string | null; components: WaComponent[] };
}

export interface Checks {
  parts_ok: boolean;
  variables_ok: boolean;
  opt_out: boolean;
  language_ok: boolean;
  grounded: boolean;
}

/**
 * Every check of one variant; `facts` and `links` are what the text may cite, `literals` what is
 * written as it is in any language (an offer's code).
 */
export function checkVariant(
  v: VariantText,
  o: { maxParts: number; facts: unknown; links: readonly string[]; brand?: string; literals?: readonly (string | null)[] },
): Checks {
  const visible =
    v.channel === 'sms'
      ? (v.sms ?? '')
      : v.channel === 'email'
        ? [v.email?.subject, v.email?.preheader, v.email?.text].join('\n')
        : [v.whatsapp?.body, v.whatsapp?.footer].join('\n');
  const grounding = checkGrounding(visible, o.facts, { language: v.language, links: o.links });
  const htmlLinks = v.email ? checkGrounding(v.email.html, o.facts, { language: v.language, links: o.links }).links : [];
  let variables_ok: boolean;
  let opt_out: boolean;
  let parts_ok = true;
  if (v.channel === 'sms') {
    const text = v.sms ?? '';
    variables_ok = text.trim().length > 0 && extractVariables(text).unknown.length === 0;
    opt_out = SMS_OPT_OUT.test(text);
    parts_ok = text.trim().length > 0 && smsParts(text).parts <= o.maxParts;
  } else if (v.channel === 'email') {
    const e = v.email;
    variables_ok = Boolean(e?.subject.trim() && e.html.trim()) && extractVariables(e?.subject, e?.html, e?.preheader).unknown.length === 0;
    opt_out = EMAIL_OPT_OUT.test(e?.text ?? '');
  } else {
    const w = v.whatsapp;
    variables_ok =
      Boolean(w) &&
      waTemplateInputSchema.safeParse({ name: 'ai_check', language: v.language, category: 'MARKETING', components: w?.components ?? [] })
        .success;
    opt_out = SMS_OPT_OUT.test(w?.footer ?? '') || SMS_OPT_OUT.test(w?.body ?? '');
  }
  return {
    parts_ok,
    variables_ok,
    opt_out,
    // every word is in the language: the brand's name, placeholders, links, STOP and the code are not words
    language_ok: languageCheck(visible, v.language, { brand: o.brand, literals: o.literals }).ok,
    grounded: grounding.numbers.length === 0 && grounding.links.length === 0 && htmlLinks.length === 0,
  };
}

export const passes = (c: Checks) => c.parts_ok && c.variables_ok && c.opt_out && c.language_ok && c.grounded;
