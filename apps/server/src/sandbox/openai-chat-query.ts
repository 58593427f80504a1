/**
 * How the sandbox model fills `query_account`: the way a small model would, from the tool's JSON
 * schema alone — each entity branch's description lists its words, its filter description lists
 * the fields, their values and words — plus a handful of common words (how many, share, yesterday,
 * by channel). It is a naive keyword reader, not the product's parser: it shows the function-calling
 * path end to end over HTTP, and its score in `npm run eval:ai -- --sandbox` is a protocol check,
 * not a model's quality.
 */

type Json = Record<string, any>;

export interface SimQuestion {
  entity: string;
  measure: { kind: string; of?: string; where?: Json[] };
  filters: Json[];
  group_by?: string;
  rank?: { n: number; order: 'desc' | 'asc' };
  period?: { preset: string };
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u064B-\u065F\u0640]/g, '')
    .replace(/[إأآ]/g, 'ا')
    .replace(/[ئؤ]/g, 'ء')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه');

/** A word (or phrase) in the question: whole words in Latin script; in Arabic with a leading article or clitic. */
function has(question: string, word: string): boolean {
  const w = fold(word).replace(/^ال/, '');
  if (!w) return false;
  if (/[\u0600-\u06FF]/.test(w)) return question.includes(w);
  return new RegExp(`(^|[^a-z])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?([^a-z]|$)`).test(question);
}

const quoted = (text: string) => [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);

const PERIODS: [RegExp, string][] = [
  [/yesterday|امس|البارحه/, 'yesterday'],
  [/today|اليوم/, 'today'],
  [/last week|الاسبوع الماضي/, 'last_week'],
  [/this week|هذا الاسبوع/, 'this_week'],
  [/last month|الشهر الماضي/, 'last_month'],
  [/this month|هذا الشهر/, 'this_month'],
  [/last 7 days|past 7 days|اخر 7 ايام/, 'last_7_days'],
  [/last 30 days|past 30 days|اخر 30 يوم/, 'last_30_days'],
  [/this year|هذه السنه|هذا العام/, 'this_year'],
];
const GROUPS: [RegExp, string][] = [
  [/(by|per) channel|حسب القناه/, 'channel'],
  [/(by|per) status|حسب الحاله/, 'status'],
  [/(by|per) (day|date)|daily|حسب اليوم|يوميا/, 'day'],
  [/(by|per) hour|hourly|حسب الساعه/, 'hour'],
  [/(by|per) (weekday|day of the week)|حسب يوم الاسبوع/, 'weekday'],
  [/(by|per) month|monthly|حسب الشهر/, 'month'],
  [/(by|per) campaign|حسب الحمله/, 'campaign'],
  [/(by|per) city|حسب المدينه/, 'city'],
  [/(by|per) language|حسب اللغه/, 'language'],
  [/(by|per) (tag|label)|حسب الوسم/, 'tag'],
  [/(by|per) (reason|error)|حسب السبب/, 'reason'],
];
const RATES: [RegExp, string][] = [
  [/click|نقر/, 'clicked'],
  [/open|فتح/, 'opened'],
  [/read|قراءه/, 'read'],
  [/fail|فشل/, 'failed'],
  [/deliver|تسليم|وصول/, 'delivered'],
];
const VALUE_WORDS: Record<string, string[]> = {
  sms: ['sms', 'text message', 'رسائل نصيه', 'الرسائل القصيره'],
  email: ['email', 'e-mail', 'بريد', 'ايميل'],
  whatsapp: ['whatsapp', 'واتساب', 'واتس'],
  ar: ['arabic', 'عربي', 'العربيه'],
  en: ['english', 'انجليزي', 'الانجليزيه'],
};

/** The tool's entity branches: name, words, filter fields (with values) and what it allows. */
function branches(schema: Json): { entity: string; words: string[]; fields: Map<string, string[]>; props: Json }[] {
  const defs = (schema.$defs ?? {}) as Json;
  const deref = (s: Json | undefined): Json => (s?.$ref ? (defs[String(s.$ref).split('/').pop() as string] ?? {}) : (s ?? {}));
  const list = (schema.oneOf ?? schema.anyOf ?? []) as Json[];
  return list.map((b0) => {
    const b = deref(b0);
    const props = b.properties ?? {};
    const filter = deref(deref(props.filters)?.items);
    const fields = new Map<string, string[]>();
    const help = String(filter.description ?? '');
    for (const name of (deref(filter.properties?.field).enum ?? []) as string[]) {
      const part = new RegExp(`${name} \\(([^)]*)\\)`).exec(help)?.[1] ?? '';
      const values = /values: ([^;]+)/.exec(part)?.[1]?.split('|') ?? [];
      fields.set(name, values);
    }
    return { entity: String(props.entity?.const), words: quoted(String(b.description ?? '')), fields, props };
  });
}

/** A typed question from the text and the offered schema, or null when it is not a data question this reader can place. */
export function readQuestion(text: string, schema: Json): SimQuestion | null {
  const q = fold(text);
  let best: { b: ReturnType<typeof branches>[number]; score: number } | null = null;
  for (const b of branches(schema)) {
    const score = Math.max(0, ...b.words.filter((w) => has(q, w)).map((w) => fold(w).length));
    if (score > (best?.score ?? 0)) best = { b, score };
  }
  if (!best) return null;
  const { b } = best;
  const kinds = (b.props.measure?.properties?.kind?.enum ?? []) as string[];
  const out: SimQuestion = { entity: b.entity, measure: { kind: 'count' }, filters: [] };

  for (const [field, values] of b.fields) {
    for (const v of values) {
      const words = [v.toLowerCase().replace(/_/g, ' '), ...(VALUE_WORDS[v] ?? [])];
      if (words.some((w) => has(q, w))) out.filters.push({ field, op: 'eq', value: v });
    }
  }
  if (b.fields.has('language')) {
    for (const code of ['ar', 'en'])
      if ((VALUE_WORDS[code] ?? []).some((w) => has(q, w))) out.filters.push({ field: 'language', op: 'eq', value: code });
  }
  const channel = out.filters.find((f) => f.field === 'channel')?.value;
  const consent = ['sms', 'email', 'whatsapp'].find((c) => (VALUE_WORDS[c] ?? []).some((w) => has(q, w)));
  if (consent && /consent|opted|agree|موافق/.test(q) && b.fields.has(`consent_${consent}`)) {
    out.filters.push({ field: `consent_${consent}`, op: 'eq', value: true });
  }
  const city = /\b(?:in|from|live in)\s+([A-Z][a-z]+)/.exec(text)?.[1];
  if (city && b.fields.has('city') && !channel) out.filters.push({ field: 'city', op: 'eq', value: city });

  const period = PERIODS.find(([re]) => re.test(q))?.[1];
  if (period && b.props.period) out.period = { preset: period };
  const group = GROUPS.find(([re]) => re.test(q))?.[1];
  const groupings = (b.props.group_by?.enum ?? []) as string[];
  // asked for as said, even where the schema has no such grouping: the product must refuse it, not drop it
  if (group) out.group_by = group;

  const rate = /rate|معدل|نسبه (التسليم|الفتح|النقر|القراءه|الفشل)/.test(q) ? RATES.find(([re]) => re.test(q))?.[1] : undefined;
  if (b.entity === 'account')
    out.measure = { kind: 'value', of: /zone|زمني|توقيت/.test(q) ? 'timezone' : /plan|باقه/.test(q) ? 'plan' : 'name' };
  else if (b.entity === 'credits') out.measure = { kind: 'value', of: /used|consumed|spent|مستهلك/.test(q) ? 'consumed' : 'balance' };
  else if (rate && kinds.includes('rate')) out.measure = { kind: 'rate', of: rate };
  else if (/share|percent|proportion|نسبه|%/.test(q) && kinds.includes('share') && out.filters.length) {
    out.measure = { kind: 'share', where: out.filters };
    out.filters = [];
  } else if (/how many|number of|count|كم|عدد/.test(q)) out.measure = { kind: 'count' };
  else if (kinds.includes('list')) out.measure = { kind: 'list' };
  if (/best|top|highest|most|افضل|اعلي|اكثر/.test(q)) {
    out.rank = { n: Number(/top (\d+)/.exec(q)?.[1] ?? 1), order: 'desc' };
    if (!out.group_by && out.measure.kind === 'rate' && groupings.includes('campaign')) out.group_by = 'campaign';
  }
  if (/worst|lowest|least|اسوا|اقل/.test(q)) out.rank = { n: 1, order: 'asc' };
  if (out.rank && !out.group_by && out.measure.kind !== 'list') out.rank = undefined;
  return out;
}

const fmt = (n: unknown, ar: boolean) => new Intl.NumberFormat(ar ? 'ar-u-ca-gregory' : 'en').format(Number(n));

/** The answer from a query_account result: the figure or rows, what was counted, the link. */
export function queryAnswer(run: Json, ar: boolean): string {
  const unit = run.unit === 'percent' ? '%' : '';
  const said = `_${run.words}_`;
  const link = run.url ? ` [${ar ? 'افتح الشاشة' : 'Open the screen'}](${run.url})` : '';
  if (run.value !== null && run.value !== undefined) {
    const figure = typeof run.value === 'number' ? `${fmt(run.value, ar)}${unit}` : String(run.value);
    return `**${figure}** — ${said}.${link}`;
  }
  const rows = (run.rows ?? []) as Json[];
  if (rows.length === 0) return `${ar ? 'لا توجد نتائج' : 'Nothing matches'} — ${said}.${link}`;
  const lines = rows.map((r) => `- ${r.label}${r.value === null || r.value === undefined ? '' : `: ${fmt(r.value, ar)}${unit}`}`);
  return `${said}\n\n${lines.join('\n')}\n\n${link.trim()}`;
}
