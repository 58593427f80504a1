/** Short constructors for the lexicon files, so a line of the lexicon reads as a word and its meaning. */
import type { PeriodPreset, QueryEntity, QueryGrouping } from '@risala/shared/schemas/ai-query';
import type { Sense, Unit, ValueOption } from './senses.ts';

export type Entry = readonly [phrases: string, senses: Sense | readonly Sense[]];

export const entity = (e: QueryEntity): Sense => ({ t: 'entity', entity: e });
export const measure = (kind: 'count' | 'share' | 'list' | 'sum' | 'avg' | 'value'): Sense => ({ t: 'measure', kind });
export const value = (...options: [string, string | boolean][]): Sense => ({
  t: 'value',
  options: options.map(([field, v]): ValueOption => ({ field, value: v })),
});
export const channel = (c: 'sms' | 'email' | 'whatsapp') => value(['channel', c]);
export const field = (f: string, grouping?: QueryGrouping): Sense => ({ t: 'field', field: f, ...(grouping ? { grouping } : {}) });
export const quantity = (of: string, ...entities: QueryEntity[]): Sense => ({ t: 'quantity', of, entities });
export const outcome = (of: string): Sense => ({ t: 'outcome', of });
export const marker = (...fields: string[]): Sense => ({ t: 'marker', fields });
export const period = (preset: PeriodPreset): Sense => ({ t: 'period', preset });
export const unit = (u: Unit): Sense => ({ t: 'unit', unit: u });
export const month = (m: number): Sense => ({ t: 'month', month: m });
export const best = (order: 'desc' | 'asc' = 'desc'): Sense => ({ t: 'best', order });
export const action = (verb: string): Sense => ({ t: 'action', verb });
export const draftable = (what: 'campaign' | 'template'): Sense => ({ t: 'draftable', what });
export const unsupported = (what: string): Sense => ({ t: 'unsupported', what });
export const compare = (op: 'gte' | 'lte', strict = false): Sense => ({ t: 'compare', op, ...(strict ? { strict } : {}) });
export const S = <T extends Sense['t']>(t: T): Sense => ({ t }) as Sense;

/** One entry per phrase of a "|"-separated list. */
export function many(phrases: string, senses: Sense | readonly Sense[]): Entry {
  return [phrases, senses];
}
