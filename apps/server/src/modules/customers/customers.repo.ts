import type { ConsentChannel, Customer, CustomerListQuery } from '@risala/shared/schemas/customers';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mapDbError } from '../../lib/errors.ts';

/** Above this many matches the list shows the planner's estimate instead of an exact count. */
export const EXACT_TOTAL_CAP = 10_000;

export type CustomerRow = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  email: string | null;
  language: 'en' | 'ar';
  country: string | null;
  city: string | null;
  tags: string[];
  attributes: Customer['attributes'];
  brand_id: number | null;
  consent_email: boolean;
  consent_email_source: string | null;
  consent_email_at: Date | null;
  consent_sms: boolean;
  consent_sms_source: string | null;
  consent_sms_at: Date | null;
  consent_whatsapp: boolean;
  consent_whatsapp_source: string | null;
  consent_whatsapp_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = sql.raw(
  `customers.id, customers.first_name, customers.last_name, customers.mobile_number, customers.email, customers.language, customers.country, customers.city, customers.tags,
   customers.attributes, customers.brand_id, customers.consent_email, customers.consent_email_source, customers.consent_email_at, customers.consent_sms,
   customers.consent_sms_source, customers.consent_sms_at, customers.consent_whatsapp, customers.consent_whatsapp_source,
   customers.consent_whatsapp_at, customers.created_at, customers.updated_at`,
);

/** timestamps arrive as Date or as text depending on the driver's parsers */
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function toCustomer(r: CustomerRow): Customer {
  const consent = (ch: ConsentChannel) => ({
    granted: r[`consent_${ch}`],
    source: r[`consent_${ch}_source`],
    at: iso(r[`consent_${ch}_at`]),
  });
  return {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    mobile_number: r.mobile_number,
    email: r.email,
    language: r.language,
    country: r.country,
    city: r.city,
    tags: r.tags,
    attributes: r.attributes,
    brand_id: r.brand_id,
    consent: { email: consent('email'), sms: consent('sms'), whatsapp: consent('whatsapp') },
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
  };
}

/** Unqualified, so they sort both the table and the capped match set below. */
const ORDER: Record<CustomerListQuery['sort'], string> = {
  name: `lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`,
  created_at: 'created_at',
  country: 'country',
};
const orderBy = (q: CustomerListQuery) => {
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  return sql.raw(`${ORDER[q.sort]} ${dir} nulls last, id ${dir}`);
};

/**
 * One scan for the usual case: up to EXACT_TOTAL_CAP + 1 matches are read once, counted and
 * sorted in memory. `matched` is null when there are more (the caller then pages over the table
 * and estimates the total) or when the page lies past the end.
 */
export async function listCapped(db: DbOrTx, where: SQL, q: CustomerListQuery) {
  const { rows } = await db.execute<CustomerRow & { matched: number }>(
    sql`with m as materialized (select ${COLUMNS} from customers where ${where} limit ${EXACT_TOTAL_CAP + 1})
        select m.*, (select count(*) from m)::int as matched from m order by ${orderBy(q)}
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const matched = rows[0]?.matched ?? null;
  return { rows, matched: matched !== null && matched <= EXACT_TOTAL_CAP ? matched : null };
}

export async function listPage(db: DbOrTx, where: SQL, q: CustomerListQuery) {
  const order = orderBy(q);
  const { rows } = await db.execute<CustomerRow>(
    sql`select ${COLUMNS} from customers where ${where} order by ${order}
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return rows;
}

/**
 * The number of matches, exact up to EXACT_TOTAL_CAP (a capped count stays fast on millions of
 * rows); beyond it, the planner's row estimate.
 */
export async function countMatches(db: DbOrTx, where: SQL): Promise<{ total: number; estimated: boolean }> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from customers where ${where} limit ${EXACT_TOTAL_CAP + 1}) x`,
  );
  const n = rows[0]?.n ?? 0;
  if (n <= EXACT_TOTAL_CAP) return { total: n, estimated: false };
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 from customers where ${where}`,
  );
  const estimate = plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? n;
  return { total: Math.max(n, Math.round(estimate)), estimated: true };
}

export async function findById(db: DbOrTx, accountId: number, id: number): Promise<CustomerRow | null> {
  const { rows } = await db.execute<CustomerRow>(
    sql`select ${COLUMNS} from customers where customers.id = ${id} and customers.account_id = ${accountId}`,
  );
  return rows[0] ?? null;
}

/** Column values ready for insert/update (consent fields already stamped by the service). */
export type CustomerValues = Omit<CustomerRow, 'id' | 'created_at' | 'updated_at'>;

const WRITABLE = [
  'first_name',
  'last_name',
  'mobile_number',
  'email',
  'language',
  'country',
  'city',
  'tags',
  'attributes',
  'brand_id',
  'consent_email',
  'consent_email_source',
  'consent_email_at',
  'consent_sms',
  'consent_sms_source',
  'consent_sms_at',
  'consent_whatsapp',
  'consent_whatsapp_source',
  'consent_whatsapp_at',
] as const satisfies readonly (keyof CustomerValues)[];

const columnValue = (v: CustomerValues, k: (typeof WRITABLE)[number]) =>
  k === 'attributes' ? sql`${JSON.stringify(v.attributes)}::jsonb` : k === 'tags' ? sql`${sql.param(v.tags)}::text[]` : sql`${v[k]}`;

/** Drizzle wraps the driver's error (the PostgreSQL one is `cause`): map unique violations to codes. */
function mapped(err: unknown): never {
  throw mapDbError((err as { cause?: unknown }).cause) ?? err;
}

export async function insert(db: DbOrTx, accountId: number, v: CustomerValues): Promise<CustomerRow> {
  const { rows } = await db
    .execute<{ id: number }>(
      sql`insert into customers (account_id, ${sql.raw(WRITABLE.join(', '))})
        values (${accountId}, ${sql.join(
          WRITABLE.map((k) => columnValue(v, k)),
          sql`, `,
        )}) returning id`,
    )
    .catch(mapped);
  return (await findById(db, accountId, rows[0].id)) as CustomerRow;
}

export async function update(db: DbOrTx, accountId: number, id: number, v: CustomerValues): Promise<CustomerRow> {
  const sets = WRITABLE.map((k) => sql`${sql.raw(k)} = ${columnValue(v, k)}`);
  await db
    .execute(sql`update customers set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id} and account_id = ${accountId}`)
    .catch(mapped);
  return (await findById(db, accountId, id)) as CustomerRow;
}

export async function remove(db: DbOrTx, accountId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.execute(sql`delete from customers where id = ${id} and account_id = ${accountId}`);
  return (rowCount ?? 0) > 0;
}

/** The static groups some customers belong to (read before deleting them). */
export async function groupsOf(db: DbOrTx, accountId: number, customers: SQL): Promise<number[]> {
  const { rows } = await db.execute<{ group_id: number }>(
    sql`select distinct m.group_id from group_members m where m.account_id = ${accountId} and m.customer_id in (${customers})`,
  );
  return rows.map((r) => r.group_id);
}

/** Keep static groups' contacts_count right after members were added or customers deleted. */
export async function refreshGroupCounts(db: DbOrTx, accountId: number, groupIds: number[]) {
  if (!groupIds.length) return;
  await db.execute(
    sql`update customer_groups g set contacts_count = (select count(*) from group_members m where m.group_id = g.id),
               updated_at = now()
         where g.account_id = ${accountId} and g.id = any(${sql.param(groupIds)}::int[])`,
  );
}
