/**
 * The query catalogue's shape: what each entity lets a question filter, group, measure and sort on,
 * with the words for each in English and Arabic. The catalogue (catalogue*.ts) is data the parser
 * and the model's tool schema read; the SQL side of each entity lives apart (sql-*.ts), so the
 * catalogue can be handed to anything without carrying SQL with it.
 */
import type { EntityName } from '@risala/shared';
import type { QueryEntity, QueryGrouping, QueryMeasureKind, QueryOp, QueryRun, Question } from '@risala/shared/schemas/ai-query';

export type Lang = 'en' | 'ar';

/** The words a thing is called in each language: the first is how an answer names it, the rest are synonyms. */
export interface Words {
  en: readonly string[];
  ar: readonly string[];
}

/**
 * enum: one of `values` · text: free text (a city, a sender's name) · code: a short code shown by
 * name (a language, a country) · bool · number · date: yyyy-mm-dd in the account's zone · tags: a
 * customer's tags · ref: a named row of another entity (a brand, a campaign, a group), by id or name.
 */
export type FieldType = 'enum' | 'text' | 'code' | 'bool' | 'number' | 'date' | 'tags' | 'ref';

/** The account's own names the lexicon needs (each list bounded; see vocabulary.ts). */
export interface Vocabulary {
  cities: string[];
  countries: string[];
  languages: string[];
  tags: string[];
  groups: string[];
  campaigns: string[];
  senders: string[];
  templates: string[];
  whatsapp_templates: string[];
  brands: string[];
  failure_reasons: string[];
}

export interface FieldDef {
  type: FieldType;
  ops: readonly QueryOp[];
  words: Words;
  /** enum: the values a filter may take (as stored) */
  values?: readonly string[];
  /** words for enum values (and well-known codes) when they differ from the value itself */
  valueWords?: Readonly<Record<string, Words>>;
  /** ref / text: the vocabulary list whose names are this field's values */
  vocabulary?: keyof Vocabulary;
}

export interface NumberDef {
  words: Words;
  unit: QueryRun['unit'];
}

export interface EntityDef {
  words: Words;
  /** the permission the entity's screen needs (view); null: any signed-in user */
  permission: EntityName | null;
  fields: Readonly<Record<string, FieldDef>>;
  measures: readonly QueryMeasureKind[];
  groupings: readonly QueryGrouping[];
  /** sum / avg: the numeric fields */
  numbers: Readonly<Record<string, NumberDef>>;
  /** rate: the named rates (delivered, clicked, …) */
  rates: readonly string[];
  /** value: the fields of a single-row entity (the account's time zone, a channel's balance) */
  values: Readonly<Record<string, NumberDef>>;
  /** list: the fields a list may be ordered by (the first is the default) */
  sortable: readonly string[];
  /** the field a period applies to (messages: created; campaigns: created), or null when none */
  dateField: string | null;
  /** the screen that lists the same rows, filtered the same way as far as its filters reach (`days`: the period's calendar days) */
  screen(q: Question, days?: { from: string; to: string }): string | null;
}

export type QueryCatalogue = Readonly<Record<QueryEntity, EntityDef>>;

/** Who asks: the account, its zone, the answer's language and what the caller may see. */
export interface QueryScope {
  accountId: number;
  timezone: string;
  lang: Lang;
  can: (entity: QueryEntity) => boolean;
  /** the reader (notifications are per user); without it, notifications are not answerable */
  userId?: number;
  /** "now" for period presets (tests pin it) */
  now?: Date;
}
