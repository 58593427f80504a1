/**
 * The parser's reading of text: folded as `language.ts` folds it (case, alef / yaa / taa marbuta
 * forms, diacritics, Arabic-Indic digits, plus hamza seats so عملائي and عملاء meet), cut into
 * tokens, and each token's candidate forms for the lexicon: Arabic light stemming (the article and
 * the clitics و ف ب ل ك before a word, attached pronouns after it, a stem of two letters at least)
 * and English plurals. Typos are met by a bounded edit distance on longer words. Pure functions.
 */
import { normalizeArabic } from '../language.ts';

export interface Token {
  /** the folded text of the token */
  text: string;
  /** the token as the user wrote it */
  raw: string;
  kind: 'word' | 'number' | 'date' | 'percent';
  /** numbers: the value; dates: yyyy-mm-dd (year 0000 when the year was not written) */
  value?: number | string;
  /** Arabic script (for stemming, and to tell the question's scripts apart) */
  arabic: boolean;
  /** the forms the lexicon is looked up with, the token itself first */
  forms: string[];
}

const ARABIC_LETTER = /[\u0621-\u064A]/;

/** The fold of language.ts, plus hamza seats, Persian letters and the Arabic percent sign. */
export function foldText(text: string): string {
  return normalizeArabic(text.toLowerCase())
    .replace(/[ؤئ]/g, 'ء')
    .replace(/ی/g, 'ي')
    .replace(/ک/g, 'ك')
    .replace(/٪/g, '%')
    .replace(/[\u200c-\u200f\u2066-\u2069]/g, '')
    .replace(/[’‘`´]/g, "'");
}

const folds = new Map<string, string>();
/** One character folded (cached: the fold is per character). */
function foldChar(c: string): string {
  const code = c.charCodeAt(0);
  if (code < 128) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : c;
  let f = folds.get(c);
  if (f === undefined) {
    f = foldText(c);
    if (folds.size < 5000) folds.set(c, f);
  }
  return f;
}

/** The fold, with each folded character's position in the original (to quote the user's own words). */
function foldWithOrigin(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; i++) {
    for (const c of foldChar(text[i] as string)) {
      folded += c;
      origin.push(i);
    }
  }
  return { folded, origin };
}

/** Number words (two and up: "one" is mostly "which one"), folded. */
const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
  hundred: 100,
  اثنين: 2,
  اثنان: 2,
  اتنين: 2,
  ثنين: 2,
  ثلاث: 3,
  ثلاثه: 3,
  تلاته: 3,
  تلات: 3,
  اربع: 4,
  اربعه: 4,
  خمس: 5,
  خمسه: 5,
  ست: 6,
  سته: 6,
  سبع: 7,
  سبعه: 7,
  ثمان: 8,
  ثمانيه: 8,
  تمانيه: 8,
  تسع: 9,
  تسعه: 9,
  عشر: 10,
  عشره: 10,
  عشرين: 20,
  ثلاثين: 30,
  ستين: 60,
  تسعين: 90,
  مءه: 100,
  ميه: 100,
};
/** Arabic duals of the period units: يومين is "2 days". */
const DUALS: Record<string, string> = {
  حملتين: 'حمله',
  قالبين: 'قالب',
  مجموعتين: 'مجموعه',
  رسالتين: 'رساله',
  يومين: 'يوم',
  اسبوعين: 'اسبوع',
  شهرين: 'شهر',
  سنتين: 'سنه',
  ساعتين: 'ساعه',
};

const MONTH_DAY = /^(\d{1,2})[/-](\d{1,2})(?:[/-](\d{2,4}))?$/;

/** Tokens of a question: words, numbers, dates (2026-11-03, 3/11/2026) and percent signs. */
export function tokenize(text: string): Token[] {
  const { folded, origin } = foldWithOrigin(text);
  const out: Token[] = [];
  const re = /(\d{4}-\d{1,2}-\d{1,2})|(\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?)|(\d+(?:[.,]\d+)?)|(%)|([a-z]+(?:'[a-z]+)?)|([\u0621-\u064A]+)/g;
  for (const m of folded.matchAll(re)) {
    const [all, iso, dmy, num, percent, latin, arabic] = m;
    const at = m.index ?? 0;
    const raw = text.slice(origin[at], (origin[at + all.length - 1] ?? at) + 1);
    if (iso) {
      const [y, mo, d] = iso.split('-').map(Number) as [number, number, number];
      out.push(dateToken(all, raw, y, mo, d));
    } else if (dmy) {
      const parts = MONTH_DAY.exec(dmy);
      if (!parts) continue;
      // day first, as Arabic and British readers write it
      const y = parts[3] ? Number(parts[3].length === 2 ? `20${parts[3]}` : parts[3]) : 0;
      out.push(dateToken(all, raw, y, Number(parts[2]), Number(parts[1])));
    } else if (num) {
      out.push(numberToken(all, raw, Number(num.replace(',', '.'))));
    } else if (percent) {
      out.push({ text: '%', raw, kind: 'percent', arabic: false, forms: ['%'] });
    } else if (latin) {
      const word = latin.replace(/'(s|t|re|ve|ll|d|m)$/, (_, s: string) => (s === 't' ? 't' : ''));
      if (NUMBER_WORDS[word] !== undefined) out.push(numberToken(word, raw, NUMBER_WORDS[word]));
      else out.push({ text: word, raw, kind: 'word', arabic: false, forms: englishForms(word) });
    } else if (arabic) {
      const bare = arabic.replace(/^(ال|ل)(?=.{3})/, '');
      // "الأسبوعين الماضيين": a dual with its article is still two
      const dual = DUALS[arabic] ?? DUALS[arabic.replace(/^(ال|بال|لل|خلال)(?=.{4})/, '')];
      if (NUMBER_WORDS[arabic] !== undefined || NUMBER_WORDS[bare] !== undefined) {
        out.push(numberToken(arabic, raw, (NUMBER_WORDS[arabic] ?? NUMBER_WORDS[bare]) as number));
      } else if (dual) {
        out.push(numberToken('2', raw, 2));
        const unit = dual;
        out.push({ text: unit, raw, kind: 'word', arabic: true, forms: arabicForms(unit) });
      } else {
        out.push({ text: arabic, raw, kind: 'word', arabic: true, forms: arabicForms(arabic) });
      }
    }
  }
  return out;
}

const numberToken = (text: string, raw: string, value: number): Token => ({
  text,
  raw,
  kind: 'number',
  value,
  arabic: false,
  forms: [text],
});

function dateToken(text: string, raw: string, y: number, mo: number, d: number): Token {
  const valid = mo >= 1 && mo <= 12 && d >= 1 && d <= 31;
  const value = valid ? `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}` : undefined;
  return { text, raw, kind: valid ? 'date' : 'word', value, arabic: false, forms: [text] };
}

/** English: the word, and its singular (campaigns → campaign, cities → city, statuses → status). */
export function englishForms(word: string): string[] {
  const forms = [word];
  if (word.length > 4 && word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  else if (word.length > 4 && /(ses|xes|ches|shes)$/.test(word)) forms.push(word.slice(0, -2));
  else if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) forms.push(word.slice(0, -1));
  return forms;
}

/** Proclitics, longest first: conjunction + preposition + article, and each alone. */
const PREFIXES = [
  'وبال',
  'فبال',
  'وكال',
  'ولل',
  'فلل',
  'وال',
  'فال',
  'بال',
  'كال',
  'لل',
  'ال',
  'وب',
  'ول',
  'فب',
  'فل',
  'وك',
  'و',
  'ف',
  'ب',
  'ل',
  'ك',
];
/** Attached pronouns (and the dual / plural endings that carry them), longest first. */
const SUFFIXES = ['كما', 'هما', 'ها', 'هم', 'هن', 'نا', 'كم', 'كن', 'ي', 'ك', 'ه'];
const MIN_STEM = 2;

/**
 * Arabic: the word, then the word without its proclitics, without its pronoun, and without both;
 * a stem that ended in ت before a pronoun also as its taa-marbuta form (حملتي → حمله). Every form
 * keeps at least two letters.
 */
export function arabicForms(word: string): string[] {
  const forms = new Set<string>([word]);
  const heads = [word];
  for (const p of PREFIXES) {
    if (word.startsWith(p) && word.length - p.length >= MIN_STEM) heads.push(word.slice(p.length));
  }
  // "لل" stands for ل + ال: لعملاء ← للعملاء keeps the article
  if (word.startsWith('لل') && word.length > 4) heads.push(`ال${word.slice(2)}`);
  for (const h of heads) {
    forms.add(h);
    for (const s of SUFFIXES) {
      if (!h.endsWith(s) || h.length - s.length < MIN_STEM) continue;
      const stem = h.slice(0, -s.length);
      forms.add(stem);
      if (stem.endsWith('ت') && stem.length > 2) forms.add(`${stem.slice(0, -1)}ه`);
      // عملاءي ← عملائي: the hamza seat before a pronoun
      if (stem.endsWith('ا') && s === 'ي') forms.add(`${stem}ء`);
    }
  }
  return [...forms];
}

/** Keys whose article is part of the meaning: اليوم is "today", يوم alone is "a day" (يوم ٣ ديسمبر). */
const ARTICLE_KEPT = new Set(['اليوم']);

/** The forms a lexicon key is filed under: itself, and an Arabic key also without the article. */
export function keyForms(key: string): string[] {
  // an English key is filed as written: singular and plural are both listed where both are meant
  // ("lists" are groups, "list" is a request for rows)
  if (!ARABIC_LETTER.test(key)) return [key];
  return key.startsWith('ال') && key.length > 4 && !ARTICLE_KEPT.has(key) ? [key, key.slice(2)] : [key];
}

let r0 = new Int32Array(64);
let r1 = new Int32Array(64);
let r2 = new Int32Array(64);

/** Damerau-Levenshtein (optimal string alignment) distance, giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (m >= 63) return a === b ? 0 : max + 1;
  // r0: two rows back, r1: the previous row, r2: this row
  for (let j = 0; j <= m; j++) r1[j] = j;
  for (let i = 1; i <= n; i++) {
    r2[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      const del = (r1[j] as number) + 1;
      const ins = (r2[j - 1] as number) + 1;
      const sub = (r1[j - 1] as number) + (ai === bj ? 0 : 1);
      let v = Math.min(del, ins);
      if (sub < v) v = sub;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj && (r0[j - 2] as number) + 1 < v)
        v = (r0[j - 2] as number) + 1;
      r2[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    const spare = r0;
    r0 = r1;
    r1 = r2;
    r2 = spare;
  }
  return r1[m] as number;
}

/** How many edits a word of this length may carry and still be read as a lexicon word. */
export const typoBudget = (word: string): number => (word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0);
