/**
 * Segment rules → one parameterised SQL condition on the `customers` table. Every value travels as
 * a bind parameter; attribute keys are checked against ATTRIBUTE_KEY_PATTERN and bound too. The
 * caller adds the account scope (`customers.account_id = …`); group references are also bound to
 * the customer's own account. Reused by the customers list (group filter) and the campaign audience.
 */
import { ATTRIBUTE_KEY_PATTERN, isSegmentGroup, type SegmentCondition, type SegmentRules } from '@risala/shared/schemas/groups';
import { type SQL, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

const TRUE = sql`true`;
const FALSE = sql`false`;
const textArray = (values: readonly (string | number | boolean)[]) => sql`${sql.param(values.map(String))}::text[]`;
const asList = (value: unknown): (string | number | boolean)[] => (Array.isArray(value) ? value : [value]) as (string | number | boolean)[];

function combine(match: 'all' | 'any', parts: SQL[]): SQL {
  if (parts.length === 0) return match === 'all' ? TRUE : FALSE;
  if (parts.length === 1) return parts[0] as SQL;
  return sql`(${sql.join(parts, match === 'all' ? sql` and ` : sql` or `)})`;
}

/** The column a field condition compares, as text or integer. */
function fieldColumn(field: string): SQL {
  switch (field) {
    case 'country':
      return sql`${customers.country}`;
    case 'city':
      return sql`lower(${customers.city})`;
    case 'language':
      return sql`${customers.language}`;
    case 'brand_id':
      return sql`${customers.brand_id}`;
    default:
      throw new AppError('SEGMENT_RULES_INVALID');
  }
}

/** Values as stored: countries upper-case ISO codes, cities compared case-insensitively. */
function fieldValues(field: string, value: unknown): (string | number)[] {
  const list = asList(value);
  if (field === 'brand_id') return list.map((v) => Number(v));
  if (field === 'country') return list.map((v) => String(v).trim().toUpperCase());
  if (field === 'city') return list.map((v) => String(v).trim().toLowerCase());
  return list.map((v) => String(v).trim());
}

function fieldCondition(c: Extract<SegmentCondition, { type: 'field' }>): SQL {
  const column = fieldColumn(c.field);
  if (c.op === 'exists') return sql`${column} is not null`;
  if (c.op === 'not_exists') return sql`${column} is null`;
  const values = fieldValues(c.field, c.value);
  const array = c.field === 'brand_id' ? sql`${sql.param(values)}::int[]` : textArray(values);
  switch (c.op) {
    case 'eq':
    case 'in':
      return sql`${column} = any(${array})`;
    case 'neq':
    case 'not_in':
      // "everyone except": customers without a value are included
      return sql`(${column} is null or not (${column} = any(${array})))`;
  }
}

function createdAtCondition(c: Extract<SegmentCondition, { type: 'created_at' }>): SQL {
  if (c.within_days !== undefined) {
    return sql`${customers.created_at} >= now() - make_interval(days => ${c.within_days}::int)`;
  }
  const parts: SQL[] = [];
  if (c.from) parts.push(sql`${customers.created_at} >= ${c.from}::timestamptz`);
  // a plain date as the upper bound means "up to the end of that day"
  if (c.to) {
    parts.push(
      /^\d{4}-\d{2}-\d{2}$/.test(c.to)
        ? sql`${customers.created_at} < ${c.to}::date + 1`
        : sql`${customers.created_at} <= ${c.to}::timestamptz`,
    );
  }
  return combine('all', parts);
}

function attributeCondition(c: Extract<SegmentCondition, { type: 'attribute' }>): SQL {
  if (!ATTRIBUTE_KEY_PATTERN.test(c.key)) throw new AppError('SEGMENT_RULES_INVALID');
  const key = sql`${c.key}::text`;
  const text = sql`(${customers.attributes} ->> ${key})`;
  switch (c.op) {
    case 'exists':
      return sql`(${customers.attributes} ? ${key})`;
    case 'not_exists':
      return sql`not (${customers.attributes} ? ${key})`;
    case 'eq':
      return sql`${text} = ${String(c.value)}::text`;
    case 'neq':
      return sql`${text} is distinct from ${String(c.value)}::text`;
    case 'contains':
      return sql`strpos(lower(${text}), lower(${String(c.value)}::text)) > 0`;
    case 'gt':
    case 'lt': {
      const op = c.op === 'gt' ? sql`>` : sql`<`;
      if (typeof c.value === 'number') {
        // only numeric-looking values compare as numbers; the CASE keeps the cast from failing
        const numeric = sql`(case when ${text} ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then (${text})::numeric end)`;
        return sql`${numeric} ${op} ${c.value}::numeric`;
      }
      // text (e.g. ISO dates) compares in code-point order
      return sql`${text} collate "C" ${op} ${String(c.value)}::text`;
    }
  }
}

function tagsCondition(c: Extract<SegmentCondition, { type: 'tags' }>): SQL {
  const values = textArray(c.values);
  if (c.op === 'any') return sql`${customers.tags} && ${values}`;
  if (c.op === 'all') return sql`${customers.tags} @> ${values}`;
  return sql`not (${customers.tags} && ${values})`;
}

function consentCondition(c: Extract<SegmentCondition, { type: 'consent' }>): SQL {
  const column = c.channel === 'email' ? customers.consent_email : c.channel === 'sms' ? customers.consent_sms : customers.consent_whatsapp;
  return sql`${column} = ${c.value}::boolean`;
}

function groupCondition(c: Extract<SegmentCondition, { type: 'group' }>): SQL {
  const member = sql`exists (select 1 from group_members gm
    where gm.group_id = ${c.group_id}::int and gm.customer_id = ${customers.id} and gm.account_id = ${customers.account_id})`;
  return c.op === 'in' ? member : sql`not ${member}`;
}

function condition(c: SegmentCondition): SQL {
  switch (c.type) {
    case 'field':
      return fieldCondition(c);
    case 'created_at':
      return createdAtCondition(c);
    case 'attribute':
      return attributeCondition(c);
    case 'tags':
      return tagsCondition(c);
    case 'consent':
      return consentCondition(c);
    case 'group':
      return groupCondition(c);
  }
}

/** A SQL condition on `customers` for a rule set (not account-scoped: the caller adds that). */
export function segmentWhere(rules: SegmentRules): SQL {
  const parts = rules.conditions.map((node) =>
    isSegmentGroup(node) ? combine(node.match, node.conditions.map(condition)) : condition(node),
  );
  return combine(rules.match, parts);
}

/** The audience of a group: its members (static) or its rules (dynamic), as a condition on customers. */
export function groupAudienceWhere(group: { id: number; type: string; rules: unknown }): SQL {
  if (group.type === 'dynamic') return segmentWhere((group.rules as SegmentRules | null) ?? { match: 'all', conditions: [] });
  return sql`exists (select 1 from group_members gm
    where gm.group_id = ${group.id}::int and gm.customer_id = ${customers.id} and gm.account_id = ${customers.account_id})`;
}
