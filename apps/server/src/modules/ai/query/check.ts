/**
 * The question checked against the catalogue before any SQL is built: every field, op, value,
 * measure, grouping and sort must be one the entity declares, else a typed error says which part
 * it could not take — the compiler never drops a part and answers a broader question.
 */
import type { ErrorCode } from '@risala/shared';
import type { QueryFilter, Question } from '@risala/shared/schemas/ai-query';
import { AppError } from '../../../lib/errors.ts';
import { QUERY_CATALOGUE } from './catalogue.ts';
import type { EntityDef, FieldDef, Lang, QueryScope } from './types.ts';

export type Scalar = string | number | boolean;

/** A filter with its values as a list, typed by the field (enum values canonical, codes folded, dates checked). */
export interface CheckedFilter {
  field: string;
  op: QueryFilter['op'];
  values: Scalar[];
  def: FieldDef;
}

/** A question the catalogue allows, with the entity's definition beside it. */
export interface CheckedQuestion {
  q: Question;
  def: EntityDef;
  filters: CheckedFilter[];
  shareWhere: CheckedFilter[];
}

/** A query that asks for something the catalogue does not allow; `detail` names the part. */
export class QueryError extends AppError {
  constructor(code: ErrorCode, params: Record<string, string | number>) {
    super(code, { params, data: params });
  }
}

const entityName = (entity: Question['entity'], lang: Lang) => QUERY_CATALOGUE[entity].words[lang][0] ?? entity;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value the field can take, as stored; undefined when it cannot. */
function valueFor(def: FieldDef, raw: Scalar): Scalar | undefined {
  const text = String(raw).trim();
  switch (def.type) {
    case 'enum': {
      const folded = text.toLowerCase().replace(/[\s-]+/g, '_');
      const byValue = def.values?.find((v) => v.toLowerCase() === folded);
      if (byValue) return byValue;
      // a value given by its word ("approved", "معتمد")
      const lower = text.toLowerCase();
      for (const [value, words] of Object.entries(def.valueWords ?? {})) {
        if (!def.values?.includes(value)) continue;
        if ([...words.en, ...words.ar].some((x) => x.toLowerCase() === lower)) return value;
      }
      return undefined;
    }
    case 'bool':
      if (raw === true || /^(true|yes|1)$/i.test(text)) return true;
      if (raw === false || /^(false|no|0)$/i.test(text)) return false;
      return undefined;
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(text);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'date':
      return DAY.test(text) && !Number.isNaN(Date.parse(text)) ? text : undefined;
    case 'code': {
      for (const [value, words] of Object.entries(def.valueWords ?? {})) {
        if (value === text.toLowerCase() || [...words.en, ...words.ar].some((x) => x.toLowerCase() === text.toLowerCase())) return value;
      }
      return /^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/.test(text) ? text : undefined;
    }
    default:
      return text.length > 0 ? (typeof raw === 'number' ? raw : text) : undefined;
  }
}

function checkFilter(entity: Question['entity'], def: EntityDef, f: QueryFilter, lang: Lang): CheckedFilter {
  const field = def.fields[f.field];
  const name = entityName(entity, lang);
  if (!field) throw new QueryError('QUERY_FIELD_UNKNOWN', { entity: name, field: f.field });
  if (!field.ops.includes(f.op)) throw new QueryError('QUERY_OP_NOT_ALLOWED', { entity: name, field: f.field, op: f.op });
  if (f.op === 'exists' || f.op === 'not_exists') return { field: f.field, op: f.op, values: [], def: field };
  const given = f.value === undefined ? [] : Array.isArray(f.value) ? f.value : [f.value];
  const needs = f.op === 'between' ? 2 : f.op === 'in' || f.op === 'not_in' ? -1 : 1;
  if (given.length === 0 || (needs > 0 && given.length !== needs)) {
    throw new QueryError('QUERY_VALUE_UNKNOWN', { field: f.field, value: given.map(String).join(', ') || '—' });
  }
  const values = given.map((raw) => {
    const v = valueFor(field, raw);
    if (v === undefined) throw new QueryError('QUERY_VALUE_UNKNOWN', { field: f.field, value: String(raw) });
    return v;
  });
  return { field: f.field, op: f.op, values, def: field };
}

/** Checks a question for the scope: permission, then every part against the catalogue. */
export function checkQuestion(q: Question, scope: QueryScope): CheckedQuestion {
  const def = QUERY_CATALOGUE[q.entity];
  const name = entityName(q.entity, scope.lang);
  if (!scope.can(q.entity)) throw new QueryError('QUERY_NOT_ALLOWED', { entity: name });
  if (q.entity === 'notifications' && scope.userId === undefined) throw new QueryError('QUERY_NOT_ALLOWED', { entity: name });
  const m = q.measure;
  const badMeasure = () => new QueryError('QUERY_MEASURE_UNKNOWN', { entity: name, measure: m.of ? `${m.kind} ${m.of}` : m.kind });
  if (!def.measures.includes(m.kind)) throw badMeasure();
  if ((m.kind === 'sum' || m.kind === 'avg') && !(m.of && def.numbers[m.of])) throw badMeasure();
  if (m.kind === 'rate' && !(m.of && def.rates.includes(m.of))) throw badMeasure();
  if (m.kind === 'value' && !(m.of && def.values[m.of])) throw badMeasure();
  if (m.kind === 'share' && !m.where?.length) throw badMeasure();
  if (q.group_by && !def.groupings.includes(q.group_by)) {
    throw new QueryError('QUERY_GROUPING_UNKNOWN', { entity: name, group: q.group_by });
  }
  if (q.group_by && (m.kind === 'list' || m.kind === 'value') && q.entity !== 'credits') throw badMeasure();
  if (q.sort && !def.sortable.includes(q.sort)) throw new QueryError('QUERY_SORT_UNKNOWN', { entity: name, field: q.sort });
  // a sort orders a list, a rank picks among groups or list rows: elsewhere they would be dropped, so they are refused
  if (q.sort && m.kind !== 'list') throw new QueryError('QUERY_SORT_UNKNOWN', { entity: name, field: q.sort });
  if (q.rank && !q.group_by && m.kind !== 'list') throw badMeasure();
  if (q.period && !def.dateField) throw new QueryError('QUERY_FIELD_UNKNOWN', { entity: name, field: 'period' });
  const filters = q.filters.map((f) => checkFilter(q.entity, def, f, scope.lang));
  const shareWhere = (m.where ?? []).map((f) => checkFilter(q.entity, def, f, scope.lang));
  // the question as run: values as stored ("approved" → APPROVED), so its words and link say what was counted
  const canonical: Question = {
    ...q,
    filters: filters.map(asFilter),
    measure: m.where ? { ...m, where: shareWhere.map(asFilter) } : m,
  };
  return { q: canonical, def, filters, shareWhere };
}

function asFilter(f: CheckedFilter): QueryFilter {
  if (f.op === 'exists' || f.op === 'not_exists') return { field: f.field, op: f.op };
  const many = f.op === 'in' || f.op === 'not_in' || f.op === 'between';
  return { field: f.field, op: f.op, value: many ? f.values : (f.values[0] as Scalar) };
}
