/**
 * The parser's development set helpers: the demo account's names (as accountVocabulary returns
 * them), a fixed clock, and short builders for the expected typed question. Questions here are our
 * own, written from the spec and the screens; the held-out set lives apart and is never read here.
 */
import type { QueryFilter, QueryMeasure, Question } from '@risala/shared/schemas/ai-query';
import type { Vocabulary } from '../query/index.ts';
import { type ParseOutcome, parseQuestion } from './parse.ts';

export const DEMO_VOCABULARY: Vocabulary = {
  cities: ['Riyadh', 'Jeddah', 'Dammam', 'Dubai'],
  countries: ['SA', 'AE'],
  languages: ['ar', 'en'],
  tags: ['newsletter', 'vip'],
  groups: ['Demo customers', 'Riyadh SMS subscribers'],
  campaigns: ['Weekend offer', 'Ramadan Sale 2026'],
  senders: ['RisalaDemo', 'offers@shop.example'],
  templates: ['Weekend offer (SMS)', 'Weekend offer (email)'],
  whatsapp_templates: ['order_update'],
  brands: ['Risala Demo Store'],
  failure_reasons: ['UNDELIVERABLE'],
};

/** Monday 7 December 2026, noon in Riyadh. */
export const CLOCK = { now: new Date('2026-12-07T09:00:00Z'), timeZone: 'Asia/Riyadh' };

export const parse = (text: string): ParseOutcome =>
  parseQuestion(text, /[\u0600-\u06FF]/.test(text) ? 'ar' : 'en', DEMO_VOCABULARY, CLOCK);

export const f = (field: string, op: QueryFilter['op'], value?: QueryFilter['value']): QueryFilter => ({
  field,
  op,
  ...(value === undefined ? {} : { value }),
});

const m = (measure: QueryMeasure['kind'] | QueryMeasure): QueryMeasure => (typeof measure === 'string' ? { kind: measure } : measure);

/** The typed question expected, whole: a filter too many or too few is a different question. */
export const Q = (
  entity: Question['entity'],
  measure: QueryMeasure['kind'] | QueryMeasure,
  filters: QueryFilter[] = [],
  extra: Partial<Omit<Question, 'entity' | 'measure' | 'filters'>> = {},
): Question => ({ entity, measure: m(measure), filters, ...extra });

export type Expect = Question | { kind: Exclude<ParseOutcome['kind'], 'query'>; [k: string]: unknown };

/** The outcome's comparable part: the question of a query, else the outcome itself. */
export function shown(outcome: ParseOutcome): unknown {
  return outcome.kind === 'query' ? outcome.question : outcome;
}
