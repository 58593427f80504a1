/**
 * The shape of a phrase bank: everything a message is written from, per language. Each slot gives
 * its phrasings longest first; the composer takes a shorter one when a message must be shorter, and
 * never cuts a phrase. Words in braces are filled by the composer: {brand}, {occasion} (the
 * occasion's name), {offers} (its sale name), {liOccasion} (Arabic: "for the occasion", with the
 * article joined), {wish}, {core} (the offer itself), {product}, {link}, {code}.
 * The banks' tone and rules are written down in docs/copy-phrase-banks.md.
 */
import type { Deadline, Discount, Occasion } from '@risala/shared/schemas/ai-draft';
import type { PlanObjective } from '@risala/shared/schemas/ai-content';

export const STYLES = ['direct', 'friendly', 'urgent', 'short', 'question'] as const;
export type Style = (typeof STYLES)[number];
export type Register = 'warm' | 'formal';

export interface LeadSet {
  /** when the request names an occasion ({occasion}, {offers}, {liOccasion} available) */
  occasion: readonly string[];
  /** without one */
  plain: readonly string[];
}

export interface OccasionWords {
  name: string;
  offers: string;
  /** a greeting for the day ("Ramadan Kareem"), when there is one */
  wish: string | null;
}

export interface EmailWords {
  dear: Record<Register, string>;
  subject: Record<Style, readonly string[]>;
  preheader: Record<PlanObjective, string>;
  headline: Record<PlanObjective, string>;
  button: Record<PlanObjective, string>;
  closing: string;
  unsubscribe: string;
}

export interface PhraseBank {
  language: 'en' | 'ar';
  /** the SMS/email greeting with the customer's first name and a fallback */
  greeting: Record<Register, string>;
  /** WhatsApp: Meta's templates number their variables; {{1}} is the first name */
  whatsappGreeting: Record<Register, string>;
  occasions: Record<Occasion, OccasionWords>;
  leads: Record<PlanObjective, Record<Style, LeadSet>>;
  /** a lead that wishes the customer well on the occasion (awareness, retention, announcement) */
  wishLead: readonly string[];
  /** the offer in words: the discount and the product, longest first */
  discount(d: Discount, product: readonly string[]): string[];
  /** the offer with its occasion, when the lead does not name it ("20% off everything for Ramadan") */
  withOccasion(occasion: OccasionWords, core: string): string;
  /** no discount: the product (new or not), the occasion's offers, or the objective's own line */
  noDiscount(o: {
    product: readonly string[];
    productKey: string | null;
    isNew: boolean;
    offers: string | null;
    objective: PlanObjective;
    freeDelivery: boolean;
  }): string[];
  /** "plus free delivery", to follow a discount */
  freeDelivery: readonly string[];
  deadline(d: Deadline): string[];
  code: readonly string[];
  cta: Record<PlanObjective, readonly string[]>;
  optOut: { sms: readonly string[]; whatsapp: string };
  /** the words of a WhatsApp URL button */
  button: Record<PlanObjective, string>;
  email: EmailWords;
  /** an example first name for WhatsApp's {{1}} */
  exampleName: string;
  /** Punctuation between sentences and after a lead */
  comma: string;
  /** a sentence's first letter: capital (English) after a full stop, small after a colon; Arabic has no case */
  sentence(text: string, afterColon: boolean): string;
}

/** Fills {name} slots; a slot without a value leaves the phrase unusable (returns null). */
export function fill(template: string, values: Record<string, string | null | undefined>): string | null {
  let missing = false;
  const out = template.replace(/\{(\w+)\}/g, (_all, key: string) => {
    const v = values[key];
    if (v === null || v === undefined || v === '') {
      missing = true;
      return '';
    }
    return v;
  });
  return missing ? null : out;
}

/** The register a brand's voice asks for: formal for formal or professional voices, else warm. */
export function registerFor(voice: string | null): Register {
  return /formal|professional|serious|corporate|رسمي|مهني|جاد/i.test(voice ?? '') ? 'formal' : 'warm';
}

/**
 * Styles in the order the brand's voice suggests: a formal voice leads with the direct style, a
 * playful one with the friendly and the question; the rest follow.
 */
export function stylesFor(voice: string | null): Style[] {
  const v = (voice ?? '').toLowerCase();
  const lead: Style[] = /playful|fun|friendly|casual|warm|مرح|ودود|دافئ|ودي/.test(v)
    ? ['friendly', 'question']
    : /formal|serious|professional|رسمي|مهني|جاد/.test(v)
      ? ['direct', 'short']
      : /urgent|bold|energetic|حماس|جريء/.test(v)
        ? ['urgent', 'direct']
        : [];
  return [...lead, ...STYLES.filter((s) => !lead.includes(s))];
}
