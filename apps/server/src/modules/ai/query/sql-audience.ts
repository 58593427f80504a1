/**
 * Customers and groups as SQL. A customer question goes through the customers list's own WHERE
 * (`customerWhere`, for the filters the list has) and the segment compiler (`segmentWhere`, for
 * the rest: in / not-in, exists, dates), so a count in chat is the count on the list.
 */
import type { CustomerFilter } from '@risala/shared/schemas/customers';
import type { SegmentCondition } from '@risala/shared/schemas/groups';
import { type SQL, sql } from 'drizzle-orm';
import { customerWhere } from '../../customers/index.ts';
import { groupAudienceWhere, segmentWhere } from '../../groups/index.ts';
import type { CheckedFilter, Scalar } from './check.ts';
import { columnCondition, type EntitySql, idCondition, resolveRefs, type SqlContext, timeGrouping } from './sql-common.ts';

type SegmentOp = 'eq' | 'neq' | 'in' | 'not_in' | 'exists' | 'not_exists';
const SEGMENT_FIELDS: Record<string, 'language' | 'city' | 'country'> = { language: 'language', city: 'city', country: 'country' };

const one = (f: CheckedFilter) => f.values[0] as Scalar;

/** The filter as the customers list's own query parameter, when the list has it (a single value, `eq`). */
function listFilter(f: CheckedFilter, into: CustomerFilter): boolean {
  const v = one(f);
  const set = <K extends keyof CustomerFilter>(key: K, value: CustomerFilter[K]) => {
    if (into[key] !== undefined) return false;
    into[key] = value;
    return true;
  };
  if (f.op === 'contains' && f.field === 'name') return set('search', String(v));
  if (f.op !== 'eq') return false;
  switch (f.field) {
    case 'tag':
      return set('tag', String(v));
    case 'country':
      return set('country', String(v).toUpperCase());
    case 'language':
      return set('language', String(v).toLowerCase());
    case 'city':
      return set('city', String(v));
    case 'consent_sms':
    case 'consent_email':
    case 'consent_whatsapp':
      return set(f.field, v === true);
    default:
      return false;
  }
}

/** The rest as segment conditions (the segment compiler's own rules), or a plain condition on customers. */
async function otherCondition(c: SqlContext, f: CheckedFilter): Promise<SQL> {
  const seg = (cond: SegmentCondition) => segmentWhere({ match: 'all', conditions: [cond] });
  const field = SEGMENT_FIELDS[f.field];
  if (field && f.op !== 'contains') {
    const many = f.op === 'in' || f.op === 'not_in';
    const value = field === 'country' ? f.values.map((v) => String(v).toUpperCase()) : f.values.map(String);
    if (f.op === 'exists' || f.op === 'not_exists') return seg({ type: 'field', field, op: f.op } as SegmentCondition);
    return seg({ type: 'field', field, op: f.op as SegmentOp, value: many ? value : value[0] } as SegmentCondition);
  }
  switch (f.field) {
    case 'city':
      return columnCondition(sql`customers.city`, f, c.scope);
    case 'tag': {
      const values = f.values.map(String);
      if (f.op === 'exists') return sql`cardinality(customers.tags) > 0`;
      if (f.op === 'not_exists') return sql`cardinality(customers.tags) = 0`;
      return seg({ type: 'tags', op: f.op === 'eq' ? 'all' : f.op === 'in' ? 'any' : 'none', values });
    }
    case 'consent_sms':
    case 'consent_email':
    case 'consent_whatsapp':
      return seg({ type: 'consent', channel: f.field.slice('consent_'.length) as 'sms' | 'email' | 'whatsapp', value: one(f) === true });
    case 'brand': {
      const ids = f.op === 'exists' || f.op === 'not_exists' ? [] : await resolveRefs(c, f, 'brands');
      return idCondition(sql`customers.brand_id`, f.op, ids);
    }
    case 'group': {
      const ids = await resolveRefs(c, f, 'customer_groups');
      const { rows } = await c.db.execute<{ id: number; type: string; rules: unknown }>(
        sql`select id, type, rules from customer_groups where account_id = ${c.scope.accountId} and id = any(${sql.param(ids)}::int[])`,
      );
      const member = sql`(${sql.join(rows.map(groupAudienceWhere), sql` or `)})`;
      return f.op === 'neq' || f.op === 'not_in' ? sql`not ${member}` : member;
    }
    case 'name':
      return columnCondition(sql`concat_ws(' ', customers.first_name, customers.last_name)`, f, c.scope);
    case 'email':
      return columnCondition(sql`customers.email`, f, c.scope);
    case 'mobile':
      return columnCondition(sql`customers.mobile_number`, f, c.scope);
    default:
      return columnCondition(sql`customers.created_at`, f, c.scope);
  }
}

export const customersSql: EntitySql = {
  from: sql`customers`,
  scope: (c) => sql`customers.account_id = ${c.scope.accountId}`,
  async where(c, filters) {
    const list: CustomerFilter = {};
    const rest = filters.filter((f) => !listFilter(f, list));
    const parts: SQL[] = [];
    if (Object.keys(list).length) parts.push(await customerWhere(c.db, c.scope.accountId, list));
    for (const f of rest) parts.push(await otherCondition(c, f));
    return parts;
  },
  date: sql`customers.created_at`,
  group(g, c) {
    switch (g) {
      case 'language':
        return { key: sql`customers.language` };
      case 'city':
        // cities compare case-insensitively (as segment rules do); the most common spelling names the bucket
        return { key: sql`initcap(lower(nullif(trim(customers.city), '')))` };
      case 'country':
        return { key: sql`customers.country` };
      case 'tag':
        return { key: sql`tag`, join: sql`cross join lateral unnest(customers.tags) as tag` };
      case 'brand':
        return {
          key: sql`customers.brand_id`,
          name: (k) => sql`(select name from brands b where b.id = ${k} and b.account_id = ${c.scope.accountId})`,
        };
      default:
        return timeGrouping(this.date, g, c.scope) as NonNullable<ReturnType<typeof timeGrouping>>;
    }
  },
  list: {
    key: sql`customers.id`,
    label: sql`coalesce(nullif(trim(concat_ws(' ', customers.first_name, customers.last_name)), ''), customers.mobile_number, customers.email, '#' || customers.id)`,
    sort: (field) =>
      field === 'name'
        ? sql`lower(concat_ws(' ', customers.first_name, customers.last_name)) asc`
        : field === 'city' || field === 'country'
          ? sql`${sql.raw(`customers.${field}`)} asc nulls last`
          : sql`customers.created_at desc, customers.id desc`,
  },
};

export const groupsSql: EntitySql = {
  from: sql`customer_groups t`,
  scope: (c) => sql`t.account_id = ${c.scope.accountId}`,
  async where(c, filters) {
    return filters.map((f) => {
      const column = {
        type: sql`t.type`,
        status: sql`t.status`,
        name: sql`t.group_name`,
        size: sql`t.contacts_count`,
        created: sql`t.created_at`,
      }[f.field as 'type'];
      return columnCondition(column, f, c.scope, f.field === 'name' && f.op === 'eq');
    });
  },
  date: sql`t.created_at`,
  group(g, c) {
    if (g === 'type') return { key: sql`t.type` };
    if (g === 'status') return { key: sql`t.status` };
    return timeGrouping(this.date, g, c.scope) as NonNullable<ReturnType<typeof timeGrouping>>;
  },
  number: () => sql`t.contacts_count`,
  list: {
    key: sql`t.id`,
    label: sql`t.group_name`,
    sort: (field) =>
      field === 'name' ? sql`lower(t.group_name) asc` : field === 'size' ? sql`t.contacts_count desc` : sql`t.created_at desc, t.id desc`,
  },
};
