/**
 * The SQL side of an entity, and the pieces every entity shares: a condition on a column for a
 * checked filter (values always bound), a named row (brand, campaign, group) resolved to its id in
 * the caller's account, and the time buckets of a date column in the account's zone.
 */
import type { QueryGrouping } from '@risala/shared/schemas/ai-query';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type CheckedFilter, QueryError, type Scalar } from './check.ts';
import { dayInstant } from './periods.ts';
import type { QueryScope } from './types.ts';

export interface SqlContext {
  db: DbOrTx;
  scope: QueryScope;
}

export interface Grouping {
  /** the bucket's key (text or number) */
  key: SQL;
  /** a join the key needs (unnest of an array column) */
  join?: SQL;
  /** the key's name in the answer, looked up after grouping (a campaign's name) */
  name?: (key: SQL) => SQL;
}

export interface EntitySql {
  /** FROM, with the alias the conditions use */
  from: SQL;
  /** the account's (and, for notifications, the reader's) rows */
  scope(c: SqlContext): SQL;
  /** every filter as conditions (several may fold into one screen builder's WHERE) */
  where(c: SqlContext, filters: CheckedFilter[]): Promise<SQL[]>;
  /** the column a period and the time groupings read */
  date: SQL | null;
  group(g: QueryGrouping, c: SqlContext): Grouping;
  number?(of: string): SQL;
  /** rates: counted over the entity's messages (`m`), joined by `from` */
  rate?: { from: SQL; hits(of: string): SQL; base(of: string): SQL };
  list: { key: SQL; label: SQL; sort(field: string): SQL };
  /** a single-row entity's field */
  value?(c: SqlContext, of: string, filters: CheckedFilter[]): Promise<{ value: number | string | null }>;
}

const textList = (values: Scalar[]) => sql`${sql.param(values.map(String))}::text[]`;

/**
 * A checked filter on one column. Text compares case-insensitively (`ci`); dates are days in the
 * account's zone ([start of first day, start of the day after the last)).
 */
export function columnCondition(column: SQL, f: CheckedFilter, scope: QueryScope, ci = false): SQL {
  const col = ci ? sql`lower(${column})` : column;
  const vals = ci ? f.values.map((v) => String(v).toLowerCase()) : f.values;
  if (f.def.type === 'date') {
    const tz = scope.timezone;
    const from = (d: Scalar) => dayInstant(String(d), tz, false, scope.now).toISOString();
    const upTo = (d: Scalar) => dayInstant(String(d), tz, true, scope.now).toISOString();
    if (f.op === 'gte') return sql`${column} >= ${from(f.values[0] as Scalar)}::timestamptz`;
    if (f.op === 'lte') return sql`${column} < ${upTo(f.values[0] as Scalar)}::timestamptz`;
    const [a, b] = [String(f.values[0]), String(f.values[1])].sort();
    return sql`(${column} >= ${from(a as string)}::timestamptz and ${column} < ${upTo(b as string)}::timestamptz)`;
  }
  const typed = (v: Scalar) =>
    f.def.type === 'number' ? sql`${v}::numeric` : f.def.type === 'bool' ? sql`${v}::boolean` : sql`${String(v)}::text`;
  switch (f.op) {
    case 'eq':
      return sql`${col} = ${typed(vals[0] as Scalar)}`;
    case 'neq':
      return sql`(${column} is null or ${col} <> ${typed(vals[0] as Scalar)})`;
    case 'in':
      return f.def.type === 'number' ? sql`${col} = any(${sql.param(vals)}::numeric[])` : sql`${col} = any(${textList(vals)})`;
    case 'not_in':
      return sql`(${column} is null or not (${col} = any(${textList(vals)})))`;
    case 'gte':
      return sql`${column} >= ${typed(vals[0] as Scalar)}`;
    case 'lte':
      return sql`${column} <= ${typed(vals[0] as Scalar)}`;
    case 'between': {
      const [a, b] = (vals as number[]).map(Number).sort((x, y) => x - y);
      return sql`${column} between ${a}::numeric and ${b}::numeric`;
    }
    case 'contains':
      return sql`strpos(lower(${column}), lower(${String(vals[0])}::text)) > 0`;
    case 'exists':
      return sql`nullif(${column}::text, '') is not null`;
    case 'not_exists':
      return sql`nullif(${column}::text, '') is null`;
  }
}

/** The named rows of an entity table (brands, campaigns, …) a ref filter names, by id or name; unknown → QUERY_VALUE_UNKNOWN. */
export async function resolveRefs(
  c: SqlContext,
  f: CheckedFilter,
  table: 'brands' | 'campaigns' | 'customer_groups' | 'templates',
): Promise<number[]> {
  const nameCol = sql.raw(table === 'customer_groups' ? 'group_name' : table === 'templates' ? 'template_name' : 'name');
  const ids: number[] = [];
  for (const v of f.values) {
    const asId = typeof v === 'number' || /^\d+$/.test(String(v)) ? Number(v) : -1;
    const { rows } = await c.db.execute<{ id: number }>(
      sql`select id from ${sql.raw(table)} where account_id = ${c.scope.accountId}
           and (id = ${asId} or lower(${nameCol}) = lower(${String(v)}::text)) order by (id = ${asId}) desc limit 1`,
    );
    if (!rows[0]) throw new QueryError('QUERY_VALUE_UNKNOWN', { field: f.field, value: String(v) });
    ids.push(Number(rows[0].id));
  }
  return ids;
}

/** A ref filter on an id column once its names are resolved. */
export function idCondition(column: SQL, op: CheckedFilter['op'], ids: number[]): SQL {
  const list = sql`${sql.param(ids)}::int[]`;
  if (op === 'exists') return sql`${column} is not null`;
  if (op === 'not_exists') return sql`${column} is null`;
  if (op === 'neq' || op === 'not_in') return sql`(${column} is null or not (${column} = any(${list})))`;
  return sql`${column} = any(${list})`;
}

/** The time buckets of a date column in the account's zone (keys: 2026-03-01, 2026-03, hour 0–23, weekday 0–6 from Sunday). */
export function timeGrouping(date: SQL | null, g: QueryGrouping, scope: QueryScope): Grouping | null {
  if (!date) return null;
  const local = sql`(${date} at time zone ${scope.timezone}::text)`;
  if (g === 'day') return { key: sql`to_char(${local}, 'YYYY-MM-DD')` };
  if (g === 'month') return { key: sql`to_char(${local}, 'YYYY-MM')` };
  if (g === 'hour') return { key: sql`extract(hour from ${local})::int` };
  if (g === 'weekday') return { key: sql`extract(dow from ${local})::int` };
  return null;
}
