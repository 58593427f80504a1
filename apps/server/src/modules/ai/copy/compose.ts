/**
 * The built-in writer: a message composed from the phrase bank of its language and the offer read
 * from the request — never from the request's own sentence. An SMS is fitted to the parts asked
 * for by taking shorter phrasings (the greeting goes first, then the call to action's words, the
 * lead, the deadline's and code's words, the offer's, the opt-out's); no word is ever cut and no
 * fact of the offer is dropped. When even the shortest phrasing does not fit, it says so (`fits`).
 */
import type { Offer } from '@risala/shared/schemas/ai-draft';
import type { WaComponent } from '@risala/shared/schemas/whatsapp';
import type { PlanObjective } from '@risala/shared/schemas/ai-content';
import { AR } from './bank-ar.ts';
import { EN } from './bank-en.ts';
import { fill, type PhraseBank, registerFor, type Style } from './bank.ts';
import { smsParts } from './checks.ts';
import { PRODUCTS } from './lexicon.ts';

export interface CopyBrief {
  language: 'en' | 'ar';
  objective: PlanObjective;
  brand: string;
  voice: string | null;
  offer: Offer;
}

export const bankOf = (language: 'en' | 'ar'): PhraseBank => (language === 'ar' ? AR : EN);

/** Spaces tidied; a link is never followed by punctuation (a phone would take it into the link). */
export function tidy(text: string): string {
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/ +([.,،:!?؟])(?=\s|$)/g, '$1')
    .replace(/(https?:\/\/[^\s<>"']*?)[.,،;:!?؟]+(?=\s|$)/g, '$1')
    .replace(/([.!?؟])\.(?=\s|$)/g, '$1')
    .trim();
}

/** The product in the message's language: the lexicon's words, or the request's own in its language (else none). */
export function productWords(offer: Offer, language: 'en' | 'ar'): { words: string[]; unused: string | null } {
  const p = offer.product;
  if (!p) return { words: [], unused: null };
  const entry = p.key ? PRODUCTS.find((x) => x.key === p.key) : undefined;
  if (entry) {
    const long = language === 'ar' ? entry.ar : entry.en;
    const short = language === 'ar' ? entry.arShort : entry.enShort;
    return { words: short ? [long, short] : [long], unused: null };
  }
  // the marketer's own words for a product are used only in their own language: the writer does not translate
  return p.language === language ? { words: [p.text], unused: null } : { words: [], unused: p.text };
}

/** "for the occasion" in Arabic: the preposition joins the article (للعيد, لرمضان). */
const liOf = (name: string) => (name.startsWith('ال') ? `لل${name.slice(2)}` : `ل${name}`);

export function slotValues(b: CopyBrief) {
  const bank = bankOf(b.language);
  const occ = b.offer.occasion ? bank.occasions[b.offer.occasion] : null;
  const cap = (s: string | undefined) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
  return {
    brand: b.brand,
    occasion: occ?.name,
    offers: occ?.offers,
    Offers: cap(occ?.offers),
    liOccasion: occ ? liOf(occ.name) : undefined,
    wish: occ?.wish ?? undefined,
    link: b.offer.link ?? undefined,
    code: b.offer.code ?? undefined,
  };
}

/** A phrase that names the occasion itself. */
export const OCCASION_SLOT = /\{(?:occasion|offers|Offers|liOccasion|wish)\}/;

/**
 * The offer as sentences, longest first (without their closing full stop). `named`: the lead
 * already names the occasion; otherwise the sentence carries it ("Ramadan offers: 20% off").
 */
export function coreSentences(b: CopyBrief, named = false): string[] {
  const bank = bankOf(b.language);
  const o = b.offer;
  const product = productWords(o, b.language).words;
  const occ = o.occasion ? bank.occasions[o.occasion] : null;
  const carry = occ && !named ? occ : null;
  let out: string[];
  if (o.discount) {
    const extras = o.free_delivery ? bank.freeDelivery : [''];
    out = bank.discount(o.discount, product).flatMap((c) => extras.map((e) => `${c}${e}`));
    if (carry) out = out.map((c) => bank.withOccasion(carry, c));
  } else {
    const lines = bank.noDiscount({
      product,
      productKey: o.product?.key ?? null,
      isNew: o.is_new,
      offers: carry && product.length === 0 && !o.free_delivery ? carry.offers : null,
      objective: b.objective,
      freeDelivery: o.free_delivery,
    });
    out = carry && (product.length > 0 || o.free_delivery) ? lines.map((c) => bank.withOccasion(carry, c)) : lines;
  }
  return out;
}

interface Lead {
  text: string;
  /** it names the occasion (the offer's sentence need not) */
  named: boolean;
  /** English: its first letter may be lower case after the greeting ("Hi Sara, don't miss…") */
  lower: boolean;
}

function leads(b: CopyBrief, style: Style): Lead[] {
  const bank = bankOf(b.language);
  const values = slotValues(b);
  const occ = b.offer.occasion ? bank.occasions[b.offer.occasion] : null;
  const wishing = occ?.wish && b.objective !== 'promotion' && (style === 'direct' || style === 'friendly');
  const set = wishing ? bank.wishLead : bank.leads[b.objective][style][occ ? 'occasion' : 'plain'];
  const out: Lead[] = [];
  for (const t of [...set, '{brand}:']) {
    const text = fill(t, values);
    if (text === null || out.some((l) => l.text === text)) continue;
    const lower = bank.language === 'en' && (!t.startsWith('{') || (t.startsWith('{Offers}') && /^[a-z]/.test(occ?.offers ?? '')));
    out.push({ text, named: OCCASION_SLOT.test(t), lower });
  }
  return out;
}

interface Parts {
  greeting: string[];
  lead: Lead[];
  deadline: string[];
  code: string[];
  cta: string[];
  optOut: string[];
}
type Dim = keyof Parts | 'core';
const ORDER: Dim[] = ['greeting', 'lead', 'core', 'deadline', 'code', 'cta', 'optOut'];
/** What is shortened first when a message is too long. */
const SHORTEN: Dim[] = ['greeting', 'cta', 'lead', 'deadline', 'code', 'core', 'optOut'];

function parts(b: CopyBrief, style: Style, channel: 'sms' | 'whatsapp'): Parts {
  const bank = bankOf(b.language);
  const values = slotValues(b);
  const o = b.offer;
  const filled = (list: readonly string[]) => list.map((t) => fill(t, values)).filter((t): t is string => t !== null);
  const register = registerFor(b.voice);
  return {
    greeting: channel === 'whatsapp' ? [bank.whatsappGreeting[register]] : style === 'short' ? [''] : [bank.greeting[register], ''],
    lead: leads(b, style),
    deadline: o.deadline ? bank.deadline(o.deadline) : [''],
    code: o.code ? filled(bank.code) : [''],
    // WhatsApp carries the link on a button
    cta: o.link && channel === 'sms' ? filled(bank.cta[b.objective]) : [''],
    optOut: channel === 'sms' ? [...bank.optOut.sms] : [''],
  };
}

type At = Record<Dim, number>;

function build(b: CopyBrief, p: Parts, at: At): { text: string; last: Record<Dim, boolean> } {
  const lead = p.lead[Math.min(at.lead, p.lead.length - 1)] as Lead;
  const greeting = p.greeting[at.greeting] ?? '';
  const bank = bankOf(b.language);
  const cores = coreSentences(b, lead.named).map((c) => `${bank.sentence(c, lead.text.endsWith(':'))}.`);
  const core = cores[Math.min(at.core, cores.length - 1)] ?? '';
  const leadText = greeting && lead.lower ? lead.text.charAt(0).toLowerCase() + lead.text.slice(1) : lead.text;
  const pieces = [greeting, leadText, core, p.deadline[at.deadline], p.code[at.code], p.cta[at.cta], p.optOut[at.optOut]];
  const length = (d: Dim) => (d === 'core' ? cores.length : p[d].length);
  const last = Object.fromEntries(ORDER.map((d) => [d, at[d] >= length(d) - 1])) as Record<Dim, boolean>;
  return { text: tidy(pieces.filter(Boolean).join(' ')), last };
}

const start = (): At => ({ greeting: 0, lead: 0, core: 0, deadline: 0, code: 0, cta: 0, optOut: 0 });

export interface ComposedSms {
  text: string;
  /** within the parts asked for */
  fits: boolean;
  parts: number;
}

/** One SMS in a style, within `maxParts` when any phrasing allows it. */
export function composeSms(b: CopyBrief, style: Style, maxParts: number): ComposedSms {
  const p = parts(b, style, 'sms');
  const at = start();
  for (;;) {
    const { text, last } = build(b, p, at);
    const count = smsParts(text).parts;
    if (count <= maxParts) return { text, fits: true, parts: count };
    const next = SHORTEN.find((d) => !last[d]);
    if (!next) return { text, fits: false, parts: count };
    at[next] += 1;
  }
}

export interface ComposedWhatsapp {
  body: string;
  footer: string;
  variables: { index: number; variable: string; example: string }[];
  button: { text: string; url: string } | null;
}

/** A WhatsApp template body in Meta's format: {{1}} is the first name; the opt-out is the footer, the link a button. */
export function composeWhatsapp(b: CopyBrief, style: Style): ComposedWhatsapp {
  const bank = bankOf(b.language);
  const p = parts(b, style, 'whatsapp');
  const body = build(b, p, start()).text;
  return {
    body,
    footer: bank.optOut.whatsapp,
    variables: [{ index: 1, variable: 'first_name', example: bank.exampleName }],
    button: b.offer.link ? { text: bank.button[b.objective], url: b.offer.link } : null,
  };
}

/** The template's components as the Cloud API takes them: the body with an example per variable, the footer, the button. */
export function whatsappComponents(w: Pick<ComposedWhatsapp, 'body' | 'footer' | 'variables' | 'button'>): WaComponent[] {
  const components: WaComponent[] = [
    { type: 'BODY', text: w.body, ...(w.variables.length ? { example: { body_text: [w.variables.map((v) => v.example)] } } : {}) },
  ];
  if (w.footer) components.push({ type: 'FOOTER', text: w.footer });
  if (w.button) components.push({ type: 'BUTTONS', buttons: [{ type: 'URL', text: w.button.text, url: w.button.url }] });
  return components;
}
