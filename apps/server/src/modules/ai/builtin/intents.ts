/**
 * The built-in engine's recognisers: what a question asks, in English or Arabic, read from the
 * folded text (lower case; Arabic alef, yaa and taa marbuta folded, diacritics dropped). Pure
 * functions, unit-tested in both languages; the engine resolves names (groups, cities, campaigns)
 * against the account's data afterwards.
 */
import type { Channel } from '@risala/shared/schemas/messages';
import { fold } from '../language.ts';

export type Intent =
  | { kind: 'draft_campaign'; channel: Channel | null; schedule: Schedule | null }
  | { kind: 'draft_template'; channel: Channel; topic: string }
  | { kind: 'audience'; channel: Channel | null }
  | { kind: 'campaign_results' }
  | { kind: 'best_hour'; channel: Channel | null }
  | { kind: 'failures' }
  | { kind: 'credits'; channel: Channel | null }
  | { kind: 'templates_review' }
  | { kind: 'templates' }
  | { kind: 'channel_metrics' }
  | { kind: 'greeting' }
  | { kind: 'howto' }
  | { kind: 'other' };

export interface Schedule {
  /** days from today in the account's zone */
  dayOffset: number;
  hour: number;
  minute: number;
}

const any = (text: string, ...patterns: RegExp[]) => patterns.some((p) => p.test(text));

/** A channel named in the question (Arabic or English), if any. */
export function channelIn(q: string): Channel | null {
  if (/\bwhats ?app\b|واتس ?اب|واتساب|الواتس/.test(q)) return 'whatsapp';
  if (/\be-?mails?\b|بريد|ايميل|الايميل|البريد/.test(q)) return 'email';
  if (/\bsms\b|\btexts?\b|رسائل نصيه|رساله نصيه|الرسائل القصيره|رساله قصيره|اس ام اس/.test(q)) return 'sms';
  return null;
}

/** "tomorrow at 10", "today at 6pm", "غدا الساعه 10 مساء" → a day offset and a wall time. */
export function scheduleIn(q: string): Schedule | null {
  const day = /\btomorrow\b|غدا|بكره|بكرا/.test(q) ? 1 : /\btoday\b|tonight|اليوم|الليله/.test(q) ? 0 : null;
  const time = /(?:\bat\b|الساعه|ساعه)\s*(\d{1,2})(?:[: ](\d{2}))?\s*(am|pm|صباحا|ص|مساء|م|ظهرا|عصرا)?/.exec(q);
  if (day === null && !time) return null;
  let hour = time ? Number(time[1]) : 10;
  const minute = time?.[2] ? Number(time[2]) : 0;
  const half = time?.[3];
  if (half && /pm|مساء|^م$|عصرا/.test(half) && hour < 12) hour += 12;
  if (half && /am|صباحا|^ص$/.test(half) && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return { dayOffset: day ?? 1, hour, minute };
}

/** What the user wants written about: the words after "about / for / عن / بخصوص", else the whole question. */
export function topicIn(original: string): string {
  const m = /\b(?:about|for|announcing|promoting|on)\s+(.+)$/i.exec(original) ?? /(?:عن|بخصوص|حول|للإعلان عن|لـ)\s+(.+)$/.exec(original);
  return (m?.[1] ?? original)
    .replace(/[.?!؟]+$/, '')
    .trim()
    .slice(0, 200);
}

const CAMPAIGN = /\bcampaigns?\b|حمل(ه|ات|تي|تنا)|الحمل(ه|ات)/;
const WRITE_VERB = /\b(write|draft|compose|suggest|create|prepare|give me)\b|اكتب|اكتبي|صغ|انشئ|جهز|حضر|اقترح|اعد|سو/;

export function recognise(question: string): Intent {
  const q = fold(question);
  const channel = channelIn(q);
  // "how do I create a campaign?" asks for the steps, not for a draft
  if (
    /^(how (do|can|could|should) (i|we|you)|how to|where (do|can|is|are)|explain)\b/.test(q) ||
    /^(كيف (ا|ن|يمكن)|اين|طريقه|اشرح|ما معني)/.test(q)
  ) {
    return { kind: 'howto' };
  }
  if (WRITE_VERB.test(q) && CAMPAIGN.test(q) && !/\bresults?\b|نتائج/.test(q)) {
    return { kind: 'draft_campaign', channel, schedule: scheduleIn(q) };
  }
  if (
    any(
      q,
      /\b(write|draft|compose|suggest|create|prepare)\b.*\b(sms|text|message|email|whatsapp|template|copy)\b/,
      /(اكتب|اكتبي|صغ|انشئ|جهز|حضر|اقترح).*(رساله|قالب|نص|sms|بريد|ايميل|واتس)/,
    )
  ) {
    return { kind: 'draft_template', channel: channel ?? 'sms', topic: topicIn(question) };
  }
  if (
    any(
      q,
      /\bhow many\b.*\b(customers?|contacts?|people|subscribers?|recipients?|members?|users?)\b/,
      /\b(number|count|size) of (customers|contacts|subscribers|recipients|members|the audience)\b/,
      /\baudience (size|count)\b/,
      /\bcount\b.*\b(customers|audience|contacts)\b/,
      /كم\s*(عدد)?\s*(ال)?(عميل|عملاء|مشترك|مشتركين|شخص|اشخاص|جهه اتصال|اعضاء|عضو)/,
      /عدد\s*(ال)?(عملاء|مشتركين|اعضاء|الجمهور|جمهور)/,
      /حجم\s*(ال)?جمهور/,
    )
  ) {
    return { kind: 'audience', channel };
  }
  if (
    any(
      q,
      /\b(best|optimal|ideal|right|good)\s+(time|hour|moment)\b/,
      /\bwhen should (i|we) send\b/,
      /\bwhat time\b.*\bsend\b/,
      /افضل\s*(وقت|ساعه|توقيت)/,
      /(متي|اي وقت|اي ساعه)\s*(ارسل|نرسل|يجب)/,
    )
  ) {
    return { kind: 'best_hour', channel };
  }
  if (
    CAMPAIGN.test(q) &&
    any(
      q,
      /\b(results?|perform\w*|how (did|was|is|are|many)|stats?|statistics|report|went|do)\b/,
      /نتائج|نتيجه|اداء|تقرير|احصائيات|كيف (كانت|كان|جاءت)|كم/,
    )
  ) {
    return { kind: 'campaign_results' };
  }
  if (
    any(
      q,
      /\bfail\w*|\berrors?\b|\bbounce\w*|\bblocked\b|\bundeliver\w*|\bnot delivered\b|didn'?t (arrive|get delivered)/,
      /فشل|فشلت|اخفاق|خطا|اخطاء|لم تصل|محظور|مرفوض/,
    )
  ) {
    return { kind: 'failures' };
  }
  if (any(q, /\bcredits?\b|\bbalance\b/, /رصيد|الرصيد|ارصده|نقاط/)) return { kind: 'credits', channel };
  if (
    any(
      q,
      /\btemplates?\b.*\b(review|pending|approv\w*|waiting|awaiting)\b/,
      /\b(awaiting|pending|waiting for)\b.*\b(review|approval)\b/,
      /(قالب|قوالب|القوالب).*(مراجعه|موافقه|انتظار|معلق)/,
      /(بانتظار|قيد)\s*(ال)?(مراجعه|موافقه)/,
    )
  ) {
    return { kind: 'templates_review' };
  }
  if (
    any(
      q,
      /\b(delivery|open|click|read) rates?\b/,
      /\bchannels?\b.*\b(perform\w*|compare|metrics|doing)\b/,
      /\bhow (is|are) (my )?(sms|emails?|whatsapp)\b/,
      /(معدل|نسبه)\s*(ال)?(تسليم|فتح|نقر|قراءه)/,
      /اداء\s*(ال)?قنوات/,
    )
  ) {
    return { kind: 'channel_metrics' };
  }
  if (any(q, /\btemplates?\b/, /(^|\s)(قالب|قوالب|القوالب)(\s|$)/)) return { kind: 'templates' };
  if (
    any(
      q,
      /^(hi|hello|hey|salam|good (morning|evening)|what can you do|help)\b/,
      /^(مرحبا|اهلا|السلام عليكم|هلا|صباح الخير|مساء الخير)/,
      /ماذا (يمكنك|تستطيع)|ما الذي (يمكنك|تستطيع)/,
    )
  ) {
    return { kind: 'greeting' };
  }
  return { kind: 'other' };
}

/** Arabic (and common English) spellings of cities customers are stored under. */
const CITY_NAMES: Record<string, string> = {
  الرياض: 'riyadh',
  جده: 'jeddah',
  الدمام: 'dammam',
  دبي: 'dubai',
  مكه: 'mecca',
  'مكه المكرمه': 'mecca',
  المدينه: 'medina',
  الخبر: 'khobar',
  ابوظبي: 'abu dhabi',
  'ابو ظبي': 'abu dhabi',
  الشارقه: 'sharjah',
  الطايف: 'taif',
  الكويت: 'kuwait',
  الدوحه: 'doha',
  المنامه: 'manama',
  مسقط: 'muscat',
  القاهره: 'cairo',
};

/** The stored city (as written in the data) that the question names, in English or Arabic. */
export function cityIn(question: string, cities: readonly string[]): string | null {
  const q = ` ${fold(question)} `;
  for (const city of cities) {
    if (city.trim().length < 3) continue;
    if (q.includes(` ${fold(city)} `)) return city;
  }
  for (const [arabic, english] of Object.entries(CITY_NAMES)) {
    if (
      !q.includes(` ${arabic} `) &&
      !q.includes(` ${arabic.replace(/^ال/, 'بال')} `) &&
      !q.includes(` ${arabic.replace(/^ال/, 'في ال')} `)
    )
      continue;
    const stored = cities.find((c) => fold(c) === english);
    if (stored) return stored;
  }
  return null;
}

const GENERIC = new Set([
  'customers',
  'customer',
  'group',
  'groups',
  'segment',
  'list',
  'the',
  'all',
  'and',
  'for',
  'عملاء',
  'العملاء',
  'مجموعه',
  'المجموعه',
]);
/** Arabic words that stand for a common English group-name word. */
const SYNONYMS: Record<string, string> = {
  تجريبي: 'demo',
  التجريبي: 'demo',
  التجريبيه: 'demo',
  تجريبيه: 'demo',
  مشتركين: 'subscribers',
  المشتركين: 'subscribers',
  vip: 'vip',
};

/**
 * The group or segment the question names: the one most of whose distinctive name words appear
 * in the question (Arabic synonyms count), or null.
 */
export function groupIn<G extends { name: string }>(question: string, groups: readonly G[]): G | null {
  const words = new Set(fold(question).split(' '));
  for (const w of [...words]) if (SYNONYMS[w]) words.add(SYNONYMS[w] as string);
  let best: G | null = null;
  let bestScore = 0;
  for (const g of groups) {
    const name = fold(g.name);
    const tokens = name.split(' ').filter((t) => t.length > 2 && !GENERIC.has(t));
    if (tokens.length === 0) continue;
    const hits = tokens.filter((t) => words.has(t) || words.has(`ال${t}`)).length;
    // the whole name written out wins over a partial match
    const score = fold(question).includes(name) ? 100 + tokens.length : hits / tokens.length;
    if (hits > 0 && score > bestScore) {
      best = g;
      bestScore = score;
    }
  }
  return best;
}

/** A group is named but not found ("in the X group", "في مجموعه X"). */
export const mentionsGroup = (question: string) => /\b(group|segment|list)\b|مجموعه|شريحه|قائمه/.test(fold(question));
