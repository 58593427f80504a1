/**
 * A question said back in words, in the reader's language — "customers · language = Arabic ·
 * count" — so a marketer sees what was counted; and the names of values (a channel, a weekday, a
 * language) as an answer's rows show them.
 */
import type { QueryFilter, QueryGrouping, Question } from '@risala/shared/schemas/ai-query';
import { QUERY_CATALOGUE } from './catalogue.ts';
import type { FieldDef, Lang, Words } from './types.ts';
import { GROUPING_WORDS, MEASURE_WORDS, OP_WORDS, PERIOD_WORDS, RATE_WORDS, YES_NO } from './words.ts';

const say = (words: Words | undefined, lang: Lang, fallback: string) => words?.[lang][0] ?? fallback;

const WEEKDAYS: Record<Lang, string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  ar: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
};

function displayName(type: 'language' | 'region', code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([lang], { type }).of(type === 'region' ? code.toUpperCase() : code.toLowerCase()) ?? code;
  } catch {
    return code;
  }
}

/** A field's value as a reader reads it. */
export function valueWords(def: FieldDef | undefined, field: string, value: unknown, lang: Lang): string {
  const text = String(value);
  if (typeof value === 'boolean' || def?.type === 'bool') return say(YES_NO[text === 'true' ? 'true' : 'false'], lang, text);
  const known = def?.valueWords?.[text];
  if (known) return say(known, lang, text);
  if (def?.type === 'code') return displayName(field === 'country' ? 'region' : 'language', text, lang);
  return text;
}

/** A grouped row's key as a reader reads it. */
export function keyLabel(entity: Question['entity'], group: QueryGrouping, key: string | number | null, lang: Lang): string {
  if (key === null || key === '') return lang === 'ar' ? '(غير محدد)' : '(none)';
  if (group === 'weekday') return WEEKDAYS[lang][Number(key)] ?? String(key);
  if (group === 'hour') return `${String(key).padStart(2, '0')}:00`;
  const def = QUERY_CATALOGUE[entity].fields[group];
  return def ? valueWords(def, group, key, lang) : String(key);
}

function filterWords(entity: Question['entity'], f: QueryFilter, lang: Lang): string {
  const def = QUERY_CATALOGUE[entity].fields[f.field];
  const name = say(def?.words, lang, f.field);
  if (f.op === 'exists' || f.op === 'not_exists') return `${name} ${say(OP_WORDS[f.op], lang, f.op)}`;
  const values = (Array.isArray(f.value) ? f.value : [f.value]).map((v) => valueWords(def, f.field, v, lang));
  if (f.op === 'between') return `${name} ${say(OP_WORDS.between, lang, 'between')} ${values.join(lang === 'ar' ? ' و' : ' and ')}`;
  return `${name} ${say(OP_WORDS[f.op], lang, f.op)} ${values.join(lang === 'ar' ? '، ' : ', ')}`;
}

function measureWords(q: Question, lang: Lang): string {
  const def = QUERY_CATALOGUE[q.entity];
  const m = q.measure;
  const kind = say(MEASURE_WORDS[m.kind], lang, m.kind);
  switch (m.kind) {
    case 'share': {
      const where = (m.where ?? []).map((f) => filterWords(q.entity, f, lang)).join(lang === 'ar' ? ' و' : ' and ');
      return lang === 'ar' ? `${kind} (${where})` : `${kind} where ${where}`;
    }
    case 'sum':
    case 'avg':
      return `${kind} ${lang === 'ar' ? '' : 'of '}${say(def.numbers[m.of ?? '']?.words, lang, m.of ?? '')}`.replace(/\s+/g, ' ');
    case 'rate':
      return say(RATE_WORDS[m.of ?? ''], lang, `${m.of} ${kind}`);
    case 'value':
      return say(def.values[m.of ?? '']?.words, lang, m.of ?? kind);
    default:
      return kind;
  }
}

/** "customers · language = Arabic · count", "messages · channel = SMS · yesterday · count · by status". */
export function describeQuestion(q: Question, lang: Lang): string {
  const def = QUERY_CATALOGUE[q.entity];
  const parts = [say(def.words, lang, q.entity), ...q.filters.map((f) => filterWords(q.entity, f, lang))];
  if (q.period) {
    parts.push('preset' in q.period ? say(PERIOD_WORDS[q.period.preset], lang, q.period.preset) : `${q.period.from} – ${q.period.to}`);
  }
  parts.push(measureWords(q, lang));
  if (q.group_by) parts.push(say(GROUPING_WORDS[q.group_by], lang, q.group_by));
  if (q.sort) {
    const sortWord = say(def.fields[q.sort]?.words ?? RATE_WORDS[q.sort.replace(/_rate$/, '')], lang, q.sort);
    parts.push(lang === 'ar' ? `مرتبة حسب ${sortWord}` : `by ${sortWord}`);
  }
  if (q.rank) {
    const top = q.rank.order === 'asc' ? (lang === 'ar' ? 'أدنى' : 'bottom') : lang === 'ar' ? 'أعلى' : 'top';
    parts.push(`${top} ${q.rank.n}`);
  }
  return parts.join(' · ');
}
