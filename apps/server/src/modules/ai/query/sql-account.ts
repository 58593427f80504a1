/** Templates, WhatsApp templates, senders, brands, AI plans, notifications and the account as SQL (their lists' own columns). */
import type { QueryGrouping } from '@risala/shared/schemas/ai-query';
import { type SQL, sql } from 'drizzle-orm';
import { QueryError } from './check.ts';
import { columnCondition, type EntitySql, type Grouping, idCondition, resolveRefs, type SqlContext, timeGrouping } from './sql-common.ts';

type Columns = Record<string, SQL>;

/**
 * A plain table's SQL from its columns: every filter on its column (names case-insensitively), a
 * `brand` filter by the brand's id or name, groupings on their columns or the date's buckets.
 */
function tableSql(opts: {
  from: SQL;
  columns: Columns;
  groups: Partial<Record<QueryGrouping, Grouping | ((c: SqlContext) => Grouping)>>;
  label: SQL;
  sorts: Record<string, SQL>;
  scope?: (c: SqlContext) => SQL;
}): EntitySql {
  return {
    from: opts.from,
    scope: opts.scope ?? ((c) => sql`t.account_id = ${c.scope.accountId}`),
    async where(c, filters) {
      const parts: SQL[] = [];
      for (const f of filters) {
        const column = opts.columns[f.field] as SQL;
        if (f.def.type === 'ref') {
          const ids = f.op === 'exists' || f.op === 'not_exists' ? [] : await resolveRefs(c, f, 'brands');
          parts.push(idCondition(column, f.op, ids));
        } else {
          parts.push(columnCondition(column, f, c.scope, f.field === 'name' && f.op === 'eq'));
        }
      }
      return parts;
    },
    date: opts.columns.created ?? null,
    group(g, c) {
      const own = opts.groups[g];
      if (own) return typeof own === 'function' ? own(c) : own;
      return timeGrouping(this.date, g, c.scope) as Grouping;
    },
    list: { key: sql`t.id`, label: opts.label, sort: (field) => opts.sorts[field] ?? sql`t.created_at desc, t.id desc` },
  };
}

const brandName = (c: SqlContext): Grouping => ({
  key: sql`t.brand_id`,
  name: (k) => sql`(select name from brands b where b.id = ${k} and b.account_id = ${c.scope.accountId})`,
});

export const templatesSql = tableSql({
  from: sql`templates t`,
  columns: {
    channel: sql`t.message_type`,
    status: sql`t.status`,
    category: sql`t.category`,
    brand: sql`t.brand_id`,
    name: sql`t.template_name`,
    created: sql`t.created_at`,
  },
  groups: { channel: { key: sql`t.message_type` }, status: { key: sql`t.status` }, category: { key: sql`t.category` }, brand: brandName },
  label: sql`t.template_name`,
  sorts: { name: sql`lower(t.template_name) asc`, status: sql`t.status asc, t.updated_at desc` },
});

export const whatsappTemplatesSql = tableSql({
  from: sql`whatsapp_templates t`,
  columns: { status: sql`t.status`, category: sql`t.category`, language: sql`t.language`, name: sql`t.name`, created: sql`t.created_at` },
  groups: { status: { key: sql`t.status` }, category: { key: sql`t.category` }, language: { key: sql`t.language` } },
  label: sql`t.name || ' (' || t.language || ')'`,
  sorts: { name: sql`t.name asc, t.language asc`, status: sql`t.status asc, t.updated_at desc` },
});

/** Every sender of the three channels in one shape (the sender screen's three tabs). */
const SENDERS = sql`(
  select account_id, id, 'sms'::text as channel, sender_id as name, status, sender_type as type, is_default, created_at from sms_senders
  union all
  select account_id, id, 'email', coalesce(nullif(from_name, '') || ' <' || from_email || '>', from_email), status, null, is_default, created_at from email_senders
  union all
  select account_id, id, 'whatsapp', display_name || ' (' || phone_number || ')', status, null, is_default, created_at from whatsapp_senders
) t`;

export const sendersSql = tableSql({
  from: SENDERS,
  columns: {
    channel: sql`t.channel`,
    status: sql`t.status`,
    type: sql`t.type`,
    default: sql`t.is_default`,
    name: sql`t.name`,
    created: sql`t.created_at`,
  },
  groups: { channel: { key: sql`t.channel` }, status: { key: sql`t.status` }, type: { key: sql`t.type` } },
  label: sql`t.name`,
  sorts: { name: sql`lower(t.name) asc`, channel: sql`t.channel asc, lower(t.name) asc` },
});

export const brandsSql = tableSql({
  from: sql`brands t`,
  columns: { name: sql`t.name`, industry: sql`t.industry`, language: sql`t.default_language`, created: sql`t.created_at` },
  groups: { language: { key: sql`t.default_language` } },
  label: sql`t.name`,
  sorts: { name: sql`lower(t.name) asc` },
});

export const aiPlansSql = tableSql({
  from: sql`ai_plans t`,
  columns: { status: sql`t.status`, brand: sql`t.brand_id`, name: sql`t.name`, created: sql`t.created_at` },
  groups: { status: { key: sql`t.status` }, brand: brandName },
  label: sql`t.name`,
  sorts: { name: sql`lower(t.name) asc`, status: sql`t.status asc, t.created_at desc` },
});

export const notificationsSql = tableSql({
  from: sql`notifications t`,
  // a user's own notifications (the bell shows nobody else's)
  scope: (c) => sql`t.account_id = ${c.scope.accountId} and t.user_id = ${c.scope.userId ?? -1}`,
  columns: { status: sql`t.status`, type: sql`t.type`, created: sql`t.created_at` },
  groups: { status: { key: sql`t.status` }, type: { key: sql`t.type` } },
  label: sql`t.type`,
  sorts: {},
});

export const accountSql: EntitySql = {
  from: sql`accounts t`,
  scope: (c) => sql`t.id = ${c.scope.accountId}`,
  where: async () => [],
  date: null,
  group: () => {
    throw new QueryError('QUERY_GROUPING_UNKNOWN', { entity: 'account', group: '-' });
  },
  list: { key: sql`t.id`, label: sql`t.name`, sort: () => sql`t.id` },
  async value(c, of) {
    if (of === 'users') {
      const { rows } = await c.db.execute<{ n: number }>(sql`select count(*)::int as n from users where account_id = ${c.scope.accountId}`);
      return { value: Number(rows[0]?.n ?? 0) };
    }
    const column =
      { name: 'name', timezone: 'timezone', plan: 'plan', country: 'country', city: 'city', created: 'created_at' }[of] ?? 'name';
    const { rows } = await c.db.execute<{ v: string | null }>(
      sql`select ${sql.raw(column === 'created_at' ? `to_char(t.created_at at time zone t.timezone, 'YYYY-MM-DD')` : `t.${column}`)} as v
            from accounts t where t.id = ${c.scope.accountId}`,
    );
    return { value: rows[0]?.v ?? null };
  },
};
