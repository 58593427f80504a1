/**
 * The rule of the AI features, as code: every number in a generated text must be one the product
 * computed and handed over as facts. A model (or the built-in engine) chooses and phrases; it never
 * produces a figure. Used by the server (a model's text that breaks the rule is replaced by the
 * built-in phrasing), by the eval (`npm run eval:ai`) and by the tests.
 */

const ARABIC_INDIC = /[\u0660-\u0669]/g;
const PERSIAN = /[\u06F0-\u06F9]/g;

/** Arabic-Indic digits and separators as ASCII (٫ decimal, ٬ thousands), so both scripts read alike. */
export function asciiDigits(text: string): string {
  return text
    .replace(ARABIC_INDIC, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(PERSIAN, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',');
}

/** Text a number check should not read: placeholders ({{first_name}}, WhatsApp {{1}}) and link targets (checked apart). */
function withoutPlaceholdersAndLinks(text: string): string {
  return text
    .replace(/\{\{[^{}]*\}\}/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/https?:\/\/[^\s)"'<>]+/gi, ' ')
    .replace(/<[^>]+>/g, ' ');
}

export interface NumberToken {
  value: number;
  /** digits after the decimal point, as written (87 → 0, 87.3 → 1) */
  decimals: number;
  raw: string;
}

/**
 * Every number a reader sees in a text: "1,234", "87.3%", "١٢٫٥٪", "19:00" (two numbers), dates'
 * parts. Thousands separators are read, placeholders and links are not.
 */
export function numberTokens(text: string): NumberToken[] {
  const plain = asciiDigits(withoutPlaceholdersAndLinks(text));
  const out: NumberToken[] = [];
  for (const m of plain.matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g)) {
    const raw = m[0];
    const clean = raw.replace(/,/g, '');
    const dot = clean.indexOf('.');
    out.push({ value: Number(clean), decimals: dot < 0 ? 0 : clean.length - dot - 1, raw });
  }
  return out;
}

export const numbersIn = (text: string): number[] => numberTokens(text).map((t) => t.value);

/** Every number in a facts object (as a reader sees it, without sign): numbers, and those written inside its strings (dates, names, the user's own words). */
export function factNumbers(facts: unknown): Set<number> {
  const found = new Set<number>();
  const walk = (v: unknown) => {
    // a reader sees "3.2 points lower" for a difference of -3.2
    if (typeof v === 'number' && Number.isFinite(v)) found.add(Math.abs(v));
    else if (typeof v === 'string') {
      for (const n of numbersIn(v)) found.add(n);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(facts);
  return found;
}

const roundTo = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;

/**
 * The numbers of `text` that are not among the facts. A number written with fewer decimals than
 * a fact has counts when it is that fact rounded ("87%" for 87.3): the product computed it.
 */
export function ungroundedNumbers(text: string, facts: unknown): number[] {
  const known = [...factNumbers(facts)];
  const exact = new Set(known);
  return numberTokens(text)
    .filter((t) => !exact.has(t.value) && !known.some((k) => roundTo(k, t.decimals) === t.value))
    .map((t) => t.value);
}

/** Links in a text (Markdown targets and bare URLs). */
export function linksIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) found.add(m[1] as string);
  for (const m of text.matchAll(/https?:\/\/[^\s)"'<>]+/gi)) found.add(m[0].replace(/[.,;:!?]+$/, ''));
  for (const m of text.matchAll(/href="([^"]+)"/gi)) found.add(m[1] as string);
  return [...found];
}

/**
 * The language a text is written in, by its letters: Arabic when Arabic letters outnumber Latin
 * ones (placeholders, links and the opt-out keyword STOP are not counted).
 */
export function textLanguage(text: string): 'en' | 'ar' {
  const plain = withoutPlaceholdersAndLinks(text).replace(/\bSTOP\b/g, ' ');
  const ar = (plain.match(/[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/g) ?? []).length;
  const la = (plain.match(/[A-Za-z]/g) ?? []).length;
  return ar > la ? 'ar' : 'en';
}

export interface GroundingCheck {
  ok: boolean;
  /** numbers the facts do not hold */
  numbers: number[];
  /** links that are not among the allowed ones (relative app links are allowed) */
  links: string[];
  /** the text is not in the language asked for */
  language: boolean;
}

/** The whole check of a generated text against its facts, allowed links and language. */
export function checkGrounding(text: string, facts: unknown, opts: { language: 'en' | 'ar'; links?: readonly string[] }): GroundingCheck {
  const numbers = ungroundedNumbers(text, facts);
  const allowed = new Set(opts.links ?? []);
  const links = linksIn(text).filter((l) => !l.startsWith('/') && !allowed.has(l));
  const language = textLanguage(text) !== opts.language;
  return { ok: numbers.length === 0 && links.length === 0 && !language, numbers, links, language };
}

/**
 * Phone numbers and email addresses replaced, before free text (a brief, notes) goes to an external
 * model. A run of nine digits or more counts as a phone number; dates and times do not.
 */
export function redactContacts(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]')
    .replace(/(?:\+|00)?[0-9\u0660-\u0669\u06F0-\u06F9][0-9\u0660-\u0669\u06F0-\u06F9 ().-]{7,}[0-9\u0660-\u0669\u06F0-\u06F9]/g, (run) => {
      const ascii = asciiDigits(run);
      const digits = ascii.replace(/\D/g, '').length;
      return digits < 9 || /^\d{4}-\d{2}-\d{2}/.test(ascii) || /\d{1,2}:\d{2}/.test(ascii) ? run : '[phone]';
    });
}

const ARABIC_WORD = /[\u0621-\u065F\u0670-\u06D3\u06FA-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFC]+/g;
const LATIN_WORD = /[A-Za-z\u00C0-\u024F]+(?:['’][A-Za-z]+)*/g;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether every word of a text is in `language`: a word is a run of Arabic or Latin letters, and
 * placeholders, links, HTML tags, the brand's name, the carriers' keyword STOP and the given
 * literals (an offer's code) are not words of any language. A "✓ language" means exactly this,
 * not that most letters are.
 */
export function languageCheck(
  text: string,
  language: 'en' | 'ar',
  opts: { brand?: string | null; literals?: readonly (string | null | undefined)[] } = {},
): { ok: boolean; language: 'en' | 'ar'; foreign: string[] } {
  let plain = text;
  for (const literal of [opts.brand, ...(opts.literals ?? []), 'STOP']) {
    const l = literal?.trim();
    if (l) plain = plain.replace(new RegExp(escapeRe(l), 'gi'), ' ');
  }
  plain = withoutPlaceholdersAndLinks(plain).replace(/\bwww\.[^\s)"'<>]+/gi, ' ');
  const foreign = [...plain.matchAll(language === 'ar' ? LATIN_WORD : ARABIC_WORD)].map((m) => m[0]);
  return { ok: foreign.length === 0, language, foreign: [...new Set(foreign)] };
}
