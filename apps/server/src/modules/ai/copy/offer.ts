/**
 * The offer in a marketer's request, in English or Arabic: the discount, the occasion, the
 * product, the deadline, a code and a link — and the words it could not place. The writer composes
 * the message from these and its phrase banks; the request itself is never copied into a message,
 * so "اكتب لي رسالة SMS لتخفيضات رمضان 20٪" gives { discount 20 %, occasion ramadan }, not a text
 * that starts with "اكتب".
 */
import type { Deadline, Discount, Offer, Occasion } from '@risala/shared/schemas/ai-draft';
import {
  INSTRUCTION_WORDS,
  MONTH_AR_PATTERN,
  MONTHS_AR,
  MONTHS_EN,
  OCCASION_PATTERNS,
  PRODUCTS,
  WEEKDAY_AR_PATTERN,
  WEEKDAYS_EN,
} from './lexicon.ts';

const AR_LETTER = /[\u0621-\u064A]/;

/** Diacritics and tatweel removed, Eastern digits and separators as ASCII, the Arabic percent sign as "%". */
export function plainText(text: string): string {
  return text
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',')
    .replace(/\u066A/g, '%')
    .replace(/[\u200E\u200F\u2066-\u2069]/g, '');
}

/** The language a request is written in: Arabic when it has more Arabic letters than Latin ones. */
export function requestLanguage(text: string): 'en' | 'ar' {
  const ar = (text.match(/[\u0621-\u064A]/g) ?? []).length;
  const la = (text.match(/[A-Za-z]/g) ?? []).length;
  return ar > la ? 'ar' : 'en';
}

/** A text being read: each recogniser takes what it understood out, so the rest can be reported. */
class Reader {
  rest: string;
  constructor(readonly text: string) {
    this.rest = text;
  }
  /** The first match of any pattern, consumed (replaced by spaces in `rest`). */
  take(pattern: RegExp): RegExpExecArray | null {
    const m = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(this.rest);
    if (!m) return null;
    this.rest = this.rest.slice(0, m.index) + ' '.repeat(m[0].length) + this.rest.slice(m.index + m[0].length);
    return m;
  }
}

const CURRENCIES: [RegExp, string][] = [
  [/^(?:sar|sr|riyals?|ريال(?:ا|ًا|ات)?|ر\.?س)$/i, 'SAR'],
  [/^(?:aed|dirhams?|درهم(?:ا|ًا)?)$/i, 'AED'],
  [/^(?:usd|\$|dollars?|دولار(?:ا|ًا)?)$/i, 'USD'],
  [/^(?:qar)$/i, 'QAR'],
  [/^(?:kwd)$/i, 'KWD'],
];
const currencyOf = (word: string) => CURRENCIES.find(([re]) => re.test(word.trim()))?.[1] ?? null;

function readDiscount(r: Reader): Discount | null {
  if (
    r.take(
      /\bbuy\s+one,?\s+get\s+one(?:\s+free)?\b|\bbogo\b|\b1\s*\+\s*1\b|\b2\s+for\s+1\b|اشتر[يى]?\s+(?:واحد[ةه]?|واحدا|قطع[ةه])\s+و?احصل\s+على\s+(?:الثاني[ةه]?|[أا]خرى)(?:\s+مجان(?:ا|ًا))?|قطعتين\s+بسعر\s+قطع[ةه]/i,
    )
  ) {
    return { kind: 'bogo', value: null, up_to: false, currency: null };
  }
  const upTo = /(up\s*to|upto|حتى|يصل\s+(?:إلى|الى)|لغاي[ةه])\s*$/i;
  const pct =
    r.take(
      /(?:(up\s*to|upto|حتى|يصل\s+(?:إلى|الى)|لغاي[ةه])\s*)?(\d{1,2}(?:\.\d)?)\s*(?:%|percent\b|per\s+cent\b|بالمئ[ةه]|بالمائ[ةه]|في\s+المئ[ةه])/i,
    ) ??
    // "%20", as Arabic keyboards often give it
    r.take(/(?:(حتى|يصل\s+(?:إلى|الى))\s*)?%\s*(\d{1,2})(?!\d)/i);
  if (pct) {
    const before = r.text.slice(Math.max(0, pct.index - 16), pct.index);
    return { kind: 'percent', value: Number(pct[2]), up_to: Boolean(pct[1]) || upTo.test(before), currency: null };
  }
  const amount =
    r.take(/(?:(up\s*to)\s*)?\b(sar|sr|aed|usd|qar|kwd|\$)\s*(\d{1,5})(?=\s*off\b)/i) ??
    r.take(/(?:(up\s*to)\s*)?\b(\d{1,5})\s*(sar|sr|riyals?|aed|dirhams?|usd|dollars?)(?=\s*off\b)/i);
  if (amount) {
    const [, up, a, b] = amount;
    const value = Number(/^\d+$/.test(a ?? '') ? a : b);
    const currency = currencyOf(/^\d+$/.test(a ?? '') ? (b ?? '') : (a ?? ''));
    return { kind: 'amount', value, up_to: Boolean(up), currency };
  }
  const arAmount = r.take(
    /(?:خصم|بخصم|وفر|وفّر)\s*(?:(حتى|يصل\s+(?:إلى|الى))\s*)?(\d{1,5})\s*(ريال(?:ا|ًا|ات)?|ر\.?\s?س|درهم(?:ا|ًا)?|دولار(?:ا|ًا)?)/,
  );
  if (arAmount) return { kind: 'amount', value: Number(arAmount[2]), up_to: Boolean(arAmount[1]), currency: currencyOf(arAmount[3] ?? '') };
  return null;
}

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  ten: 10,
  يومين: 2,
  ثلاث: 3,
  ثلاثة: 3,
  أربعة: 4,
  اربعة: 4,
  خمسة: 5,
  سبعة: 7,
  عشرة: 10,
};

function readDeadline(r: Reader): Deadline | null {
  const d = (kind: Deadline['kind'], value: number | null = null, month: number | null = null): Deadline => ({ kind, value, month });
  const weekday = r.take(
    /\b(?:until|till|through|thru|ends?(?:\s+on)?|by)\s+(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/i,
  );
  if (weekday) return d('weekday', WEEKDAYS_EN.indexOf((weekday[1] ?? '').toLowerCase() as (typeof WEEKDAYS_EN)[number]));
  const arWeekday = r.take(new RegExp(`(?:حتى|لغاي[ةه]|ينتهي(?:\\s+العرض)?(?:\\s+في)?)\\s+(?:يوم\\s+)?${WEEKDAY_AR_PATTERN.source}`));
  if (arWeekday) {
    const w = (arWeekday[1] ?? '').replace(/[أإ]/g, 'ا').replace(/ة$/, 'ه');
    const order = ['الاحد', 'الاثنين', 'الثلاثاء', 'الاربعاء', 'الخميس', 'الجمعه', 'السبت'];
    return d('weekday', order.indexOf(w));
  }
  const months = MONTHS_EN.map((m) => `${m.slice(0, 3)}(?:${m.slice(3)})?`).join('|');
  const date =
    r.take(new RegExp(`\\b(?:until|till|through|ends?(?:\\s+on)?|by)\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s+(${months})\\b`, 'i')) ??
    r.take(new RegExp(`\\b(?:until|till|through|ends?(?:\\s+on)?|by)\\s+(${months})\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`, 'i'));
  if (date) {
    const [a, b] = [date[1] ?? '', date[2] ?? ''];
    const day = /^\d+$/.test(a) ? Number(a) : Number(b);
    const name = (/^\d+$/.test(a) ? b : a).toLowerCase().slice(0, 3);
    return d('date', day, MONTHS_EN.findIndex((m) => m.startsWith(name)) + 1);
  }
  const arDate = r.take(new RegExp(`(?:حتى|لغاي[ةه]|ينتهي(?:\\s+العرض)?(?:\\s+في)?)\\s+(\\d{1,2})\\s+${MONTH_AR_PATTERN.source}`));
  if (arDate) {
    const month = MONTHS_AR.findIndex((m) => m.replace(/[أإ]/g, 'ا') === (arDate[2] ?? '').replace(/[أإ]/g, 'ا')) + 1;
    return d('date', Number(arDate[1]), month);
  }
  const days =
    r.take(/\bfor\s+(\d{1,2}|two|three|four|five|six|seven|ten)\s+days(?:\s+only)?\b/i) ??
    r.take(/\b(\d{1,2}|two|three|four|five|seven|ten)[-\s]day\s+(?=sale|offer|deal)/i) ??
    r.take(/(?:لمد[ةه]|خلال)\s+(\d{1,2}|ثلاث[ةه]?|[أا]ربع[ةه]|خمس[ةه]|سبع[ةه]|عشر[ةه])\s+(?:[أا]يام|يوم(?:ا|ًا)?)(?:\s+فقط)?/) ??
    r.take(/(?:لمد[ةه]|خلال)\s+(يومين)(?:\s+فقط)?/);
  if (days) {
    const raw = (days[1] ?? '').toLowerCase();
    const n = /^\d+$/.test(raw) ? Number(raw) : (NUMBER_WORDS[raw] ?? NUMBER_WORDS[raw.replace(/ه$/, 'ة')] ?? null);
    if (n) return d('days', n);
  }
  if (
    r.take(
      /\btoday\s+only\b|\bonly\s+today\b|\bends?\s+today\b|\buntil\s+(?:tonight|midnight)\b|\bone\s+day\s+only\b|\b24[-\s]hours?\b|(?:ل)?اليوم\s+فقط|ينتهي\s+(?:العرض\s+)?اليوم|حتى\s+منتصف\s+الليل|ليوم\s+واحد(?:\s+فقط)?|(?:لمد[ةه]\s+)?24\s+ساع[ةه]/i,
    )
  )
    return d('today');
  if (
    r.take(/\b(?:ends?|until|till)\s+tomorrow\b|\btomorrow\s+only\b|(?:ينتهي(?:\s+العرض)?|حتى|لغاي[ةه])\s+(?:ال)?غد(?:ا|ًا)?|حتى\s+بكر[ةه]/i)
  )
    return d('tomorrow');
  if (
    r.take(
      /\bthis\s+weekend\s+only\b|\bweekend\s+only\b|\bonly\s+this\s+weekend\b|\bthis\s+weekend\b|\b(?:until|till|through)\s+the\s+weekend\b|نهاي[ةه]\s+(?:هذا\s+)?ال[أا]سبوع\s+فقط|الويكند\s+فقط|خلال\s+نهاي[ةه]\s+(?:هذا\s+)?ال[أا]سبوع/i,
    )
  )
    return d('weekend');
  if (
    r.take(
      /\bthis\s+week\s+only\b|\bonly\s+this\s+week\b|\b(?:until|till)\s+the\s+end\s+of\s+(?:the|this)\s+week\b|\bends?\s+this\s+week\b|\bthis\s+week\b|\bfor\s+(?:one|a)\s+week(?:\s+only)?\b|هذا\s+ال[أا]سبوع(?:\s+فقط)?|طوال\s+ال[أا]سبوع|(?:حتى|لغاي[ةه])\s+نهاي[ةه]\s+ال[أا]سبوع|لمد[ةه]\s+[أا]سبوع(?:\s+واحد)?(?:\s+فقط)?/i,
    )
  )
    return d('week');
  if (r.take(/\b(?:for\s+a\s+)?limited\s+time(?:\s+only)?\b|لفتر[ةه]\s+محدود[ةه]|لوقت\s+محدود|(?:ال)?عرض\s+محدود/i)) return d('limited');
  if (r.take(/\bwhile\s+(?:stocks?|supplies)\s+last\b|حتى\s+نفا[دذ]\s+(?:ال)?كمي[ةه]|(?:ال)?كمي[ةه]\s+محدود[ةه]/i)) return d('stock');
  return null;
}

function readCode(r: Reader): string | null {
  const m =
    r.take(/\b(?:promo\s*code|discount\s+code|coupon(?:\s+code)?|voucher|code)\s*:?\s*["“']?([A-Z0-9][A-Z0-9_-]{2,19})\b/) ??
    r.take(/(?:كود|رمز|كوبون|قسيم[ةه])(?:\s+(?:ال)?خصم)?\s*:?\s*["“']?([A-Za-z0-9][A-Za-z0-9_-]{2,19})(?![A-Za-z0-9])/);
  const code = m?.[1] ?? null;
  // a code has a digit or is written in capitals ("RAMADAN20", "EID"); "code for" is not one
  return code && (/\d/.test(code) || code === code.toUpperCase()) ? code.toUpperCase() : null;
}

function readLink(r: Reader): string | null {
  const m = r.take(/\bhttps?:\/\/[^\s<>"'،]+|\bwww\.[^\s<>"'،]+/i);
  if (!m) return null;
  const link = m[0].replace(/[.,;:!?؟)»"'\]]+$/, '');
  return link.startsWith('http') ? link : `https://${link}`;
}

function readParts(r: Reader): number | null {
  const words: Record<string, number> = { one: 1, single: 1, two: 2, three: 3 };
  const en = r.take(/\b(?:in\s+|within\s+|as\s+)?(one|single|two|three|[1-4])[-\s](?:sms\s+)?(?:part|segment|sms)s?\b/i);
  if (en) return words[(en[1] ?? '').toLowerCase()] ?? Number(en[1]);
  if (r.take(/\b160\s+characters\b/i)) return 1;
  if (r.take(/(?:في\s+)?جزء\s+واحد|رسال[ةه]\s+واحد[ةه]/)) return 1;
  if (r.take(/(?:في\s+)?(?:جزأين|جزئين|جزءين)/)) return 2;
  const ar = r.take(/(?:في\s+)?([2-4])\s+[أا]جزاء/);
  return ar ? Number(ar[1]) : null;
}

/** A product named after the offer in the request's own words ("20% off linen shirts", "خصم 20٪ على الثياب الرجالية"). */
function readOwnProduct(r: Reader, lang: 'en' | 'ar'): string | null {
  const stopEn = /^(?:for|until|till|this|today|tomorrow|with|and|ends?|code|at|in|during|only|plus|by|from|to|on|the|our|all)$/i;
  const stopAr = /^(?:ل|حتى|لمد[ةه]|بمناسب[ةه]|خلال|في|اليوم|غدا|هذا|هذه|مع|و|من|كود|رمز|فقط|عند|طوال)$/;
  const m =
    lang === 'en'
      ? r.take(/\b(?:off|on)\s+((?:all\s+)?(?:our\s+)?[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,3})/i)
      : r.take(/(?:^|\s)على\s+([\u0621-\u064A]+(?:\s+[\u0621-\u064A]+){0,3})/);
  if (!m) return null;
  const words: string[] = [];
  for (const w of (m[1] ?? '').split(/\s+/)) {
    if ((lang === 'en' ? stopEn : stopAr).test(w) && !(lang === 'en' && words.length === 0 && /^(?:all|our)$/i.test(w))) break;
    if (INSTRUCTION_WORDS.has(w.toLowerCase()) || INSTRUCTION_WORDS.has(stripClitics(w))) break;
    words.push(w);
  }
  const text = words.join(' ').trim();
  return text && !/^(?:all|our|all our)$/i.test(text) ? text : null;
}

/**
 * The subject of a request (the parser's topic: the words after "about" / "عن") as the product, when
 * it is a short noun phrase still unread in the request: at most four words, up to the first
 * preposition, without a leading "our" / "the" / "new" (the writer says those itself).
 */
function topicProduct(r: Reader, topic: string, lang: 'en' | 'ar'): string | null {
  const lead = lang === 'en' ? /^(?:our|the|a|an|my|new|all)$/i : /^(?:جديد|جديدة|الجديد|الجديدة)$/;
  const stop =
    lang === 'en'
      ? /^(?:for|until|till|this|today|tomorrow|with|and|ends?|code|at|in|during|only|plus|by|from|to|on|of|that|which)$/i
      : /^(?:ل|حتى|لمد[ةه]|بمناسب[ةه]|خلال|في|اليوم|غدا|هذا|هذه|مع|و|من|كود|رمز|فقط|عند|طوال|على|الى|إلى)$/;
  const words: string[] = [];
  for (const raw of topic.split(/[\s,،.;؛:!?؟]+/)) {
    const w = raw.trim();
    if (!w) continue;
    if (words.length === 0 && lead.test(w)) continue;
    if (stop.test(w) || /\d|%|٪/.test(w) || INSTRUCTION_WORDS.has(w.toLowerCase()) || INSTRUCTION_WORDS.has(stripClitics(w))) break;
    words.push(w);
    if (words.length === 4) break;
  }
  // each word must still be unread (not already the discount, the deadline, the brand…)
  const escaped = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (words.length === 0 || !words.every((w) => new RegExp(`(?:^|\\s)${escaped(w)}(?=[\\s.,!?؟،;:]|$)`, 'i').test(r.rest))) return null;
  for (const w of words) r.take(new RegExp(`(?:^|\\s)${escaped(w)}(?=[\\s.,!?؟،;:]|$)`, 'i'));
  return words.join(' ');
}

/** An Arabic word without the clitics people attach: و ف ب ل ك and the article (ال، لل). */
export function stripClitics(word: string): string {
  if (!AR_LETTER.test(word)) return word.toLowerCase();
  let w = word;
  for (let i = 0; i < 2 && w.length > 3 && /^[وفبلك]/.test(w); i++) {
    const next = w.slice(1);
    if (next.length < 3) break;
    w = next;
  }
  if (w.startsWith('ال') && w.length > 4) w = w.slice(2);
  else if (w.startsWith('لل') && w.length > 4) w = w.slice(2);
  return w;
}

/** Everything the writer can use from a request, and what it could not place. */
export function extractOffer(request: string, opts: { brand?: string | null; link?: string | null; topic?: string | null } = {}): Offer {
  const text = plainText(request);
  const lang = requestLanguage(text);
  const r = new Reader(text);
  if (opts.brand?.trim()) {
    const escaped = opts.brand.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    r.take(new RegExp(escaped, 'i'));
  }
  const link = readLink(r) ?? opts.link ?? null;
  const code = readCode(r);
  const parts = readParts(r);
  const language = r.take(/\b(?:in\s+)?arabic\b|(?:ب|باللغ[ةه]\s+)ال?عربي[ةه]?/i)
    ? 'ar'
    : r.take(/\b(?:in\s+)?english\b|(?:ب|باللغ[ةه]\s+)ال?[إا]نجليزي[ةه]?|بالانقليزي/i)
      ? 'en'
      : null;
  const deadline = readDeadline(r);
  const discount = readDiscount(r);
  const freeDelivery = Boolean(
    r.take(/\bfree\s+(?:delivery|shipping)\b|(?:ال)?توصيل\s+(?:ال)?مجاني|(?:ال)?شحن\s+(?:ال)?مجاني|(?:ال)?توصيل\s+مجان(?:ا|ًا)/i),
  );
  let product: Offer['product'] = null;
  for (const p of PRODUCTS) {
    if (r.take(p.pattern)) {
      product = { key: p.key, text: lang === 'ar' ? p.ar : p.en, language: lang };
      break;
    }
  }
  // the first occasion named is the message's; another one named is reported, not dropped
  let occasion: Occasion | null = null;
  const otherOccasions: string[] = [];
  for (const [key, pattern] of OCCASION_PATTERNS) {
    const m = r.take(pattern);
    if (!m) continue;
    if (occasion === null) occasion = key;
    else otherOccasions.push(m[0].trim());
  }
  // a weekend sale that ends with the weekend says so once, as its deadline
  if (occasion === 'weekend' && deadline?.kind === 'weekend') occasion = null;
  if (!product && (discount || freeDelivery)) {
    const own = readOwnProduct(r, lang);
    if (own) product = { key: null, text: own, language: lang };
  }
  // "write an SMS about our handmade candles": what the request is about, when nothing else named it
  if (!product && !occasion && opts.topic) {
    const own = topicProduct(r, opts.topic, lang);
    if (own) product = { key: null, text: own, language: lang };
  }
  const isNew = /\bnew\b|\blaunch\w*|\bjust\s+(?:arrived|landed)\b|جديد|[إا]طلاق|وصل\s+حديث/i.test(text);
  const unplaced = [...otherOccasions, ...leftoverWords(r.rest)].slice(0, 12);
  return { discount, free_delivery: freeDelivery, occasion, product, is_new: isNew, deadline, code, link, parts, language, unplaced };
}

/** The content words left once the offer and the instruction are read: what the writer did not use. */
function leftoverWords(rest: string): string[] {
  const out: string[] = [];
  for (const raw of rest.split(/[\s.,،;؛:!?؟"'“”«»()[\]{}…/-]+/)) {
    const w = raw.trim();
    if (!w || /^[\d%+]+$/.test(w)) continue;
    const lower = w.toLowerCase();
    if (INSTRUCTION_WORDS.has(lower) || INSTRUCTION_WORDS.has(stripClitics(w))) continue;
    if (AR_LETTER.test(w) ? stripClitics(w).length < 3 : lower.length < 2) continue;
    if (!out.includes(w)) out.push(w);
  }
  return out.slice(0, 12);
}
