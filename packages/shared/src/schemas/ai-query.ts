/**
 * The assistant's typed question about the account's data: one shape that the built-in engine
 * fills by parsing English or Arabic text and a model fills by calling the `query_account` tool.
 * The server compiles it to parameterised SQL through the builders the screens use (so a count in
 * chat equals the count on the screen), scoped to the caller's account and permissions, and says it
 * back in words under the answer ("customers · language = Arabic · count").
 *
 * Which fields, groupings and measures each entity allows is declared once, server-side, in the
 * query catalogue; this schema only bounds the shape so nothing unbounded reaches the compiler.
 */
import { z } from 'zod';

export const QUERY_ENTITIES = [
  'customers',
  'groups',
  'messages',
  'campaigns',
  'templates',
  'whatsapp_templates',
  'senders',
  'brands',
  'credits',
  'ai_plans',
  'notifications',
  'account',
] as const;
export type QueryEntity = (typeof QUERY_ENTITIES)[number];

/**
 * count: rows matching the filters · share: the percentage of those rows that also match
 * `measure.where` · sum / avg: of the numeric field `measure.of` · rate: a named rate
 * (`measure.of`: delivered, failed, opened, read, clicked, replied, unsubscribed) over the messages
 * sent · list: the rows themselves (names) · value: one field of a single-row entity (the account's
 * time zone, a channel's credit balance).
 */
export const QUERY_MEASURES = ['count', 'share', 'sum', 'avg', 'rate', 'list', 'value'] as const;
export type QueryMeasureKind = (typeof QUERY_MEASURES)[number];

export const QUERY_OPS = ['eq', 'neq', 'in', 'not_in', 'gte', 'lte', 'between', 'contains', 'exists', 'not_exists'] as const;
export type QueryOp = (typeof QUERY_OPS)[number];

export const QUERY_GROUPINGS = [
  'channel',
  'status',
  'reason',
  'day',
  'hour',
  'weekday',
  'month',
  'campaign',
  'sender',
  'brand',
  'city',
  'country',
  'language',
  'tag',
  'type',
  'category',
] as const;
export type QueryGrouping = (typeof QUERY_GROUPINGS)[number];

/** Periods are resolved in the account's time zone, inclusive of both ends. */
export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'last_7_days',
  'this_month',
  'last_month',
  'last_30_days',
  'last_90_days',
  'this_year',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const scalar = z.union([z.string().trim().min(1).max(200), z.number().finite(), z.boolean()]);

export const queryFilterSchema = z.object({
  /** a field the entity declares in the catalogue (language, city, consent_sms, status, channel, …) */
  field: z.string().trim().min(1).max(40),
  op: z.enum(QUERY_OPS),
  /** absent for exists / not_exists; a list for in / not_in; two values for between */
  value: z.union([scalar, z.array(scalar).min(1).max(50)]).optional(),
});
export type QueryFilter = z.infer<typeof queryFilterSchema>;

export const queryMeasureSchema = z.object({
  kind: z.enum(QUERY_MEASURES),
  /** sum / avg: the numeric field; rate: the rate's name; value: the field to read */
  of: z.string().trim().min(1).max(40).optional(),
  /** share: the condition whose share of the filtered rows is asked */
  where: z.array(queryFilterSchema).max(8).optional(),
});
export type QueryMeasure = z.infer<typeof queryMeasureSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const queryPeriodSchema = z.union([z.object({ preset: z.enum(PERIOD_PRESETS) }), z.object({ from: isoDate, to: isoDate })]);
export type QueryPeriod = z.infer<typeof queryPeriodSchema>;

export const questionSchema = z.object({
  entity: z.enum(QUERY_ENTITIES),
  measure: queryMeasureSchema,
  filters: z.array(queryFilterSchema).max(12).default([]),
  /** one row per group (channel, status, day, …), each with the measure */
  group_by: z.enum(QUERY_GROUPINGS).optional(),
  /** top / bottom N: of the groups by the measure, or of a list by `sort` */
  rank: z.object({ n: z.number().int().min(1).max(50), order: z.enum(['desc', 'asc']).default('desc') }).optional(),
  /** a list's order: a field the entity declares as sortable (created_at, name, click_rate, …) */
  sort: z.string().trim().min(1).max(40).optional(),
  /** the time window of the entity's date field (messages: sent; campaigns: launched; customers: added) */
  period: queryPeriodSchema.optional(),
});
export type Question = z.infer<typeof questionSchema>;

/** One row of a grouped or listed result. */
export const queryRowSchema = z.object({
  key: z.union([z.string(), z.number(), z.null()]),
  /** the key as a reader sees it, in the answer's language (a channel's name, a weekday) */
  label: z.string(),
  value: z.number().nullable(),
  /** the bucket's size behind a rate or share (minimum samples are judged on it) */
  sample: z.number().nullable().optional(),
});
export type QueryRow = z.infer<typeof queryRowSchema>;

/** A question as run: what was asked, in words, and what came back. */
export const queryRunSchema = z.object({
  question: questionSchema,
  /** the question said back in the reader's language: "customers · language = Arabic · count" */
  words: z.string(),
  /** the single figure (count, share in percent, sum, rate in percent, value) or null for lists and groups */
  value: z.union([z.number(), z.string(), z.null()]),
  unit: z.enum(['count', 'percent', 'sar', 'credits', 'text', 'none']),
  rows: z.array(queryRowSchema).max(200).default([]),
  /** lists: the rows matched before the bound (50); groupings: the groups there were before the bound (200) */
  total: z.number().nullable().optional(),
  /** a single share or rate: the number of rows it was judged on (minimum samples are judged on it) */
  sample: z.number().nullable().optional(),
  /** the screen that shows the same rows, filtered the same way, when there is one */
  url: z.string().nullable(),
});
export type QueryRun = z.infer<typeof queryRunSchema>;
