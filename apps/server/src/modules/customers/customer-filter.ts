import type { CustomerFilter } from '@risala/shared/schemas/customers';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, phoneSearchDigits } from '../../lib/search.ts';
import { groupAudienceWhere, segmentWhere } from '../groups/index.ts';

/** The expression the trigram index `customers_search_idx` is built on (keep them identical). */
export const SEARCH_EXPR = sql.raw(
  `(coalesce(customers.first_name, '') || ' ' || coalesce(customers.last_name, '') || ' ' || coalesce(customers.email, '') || ' ' || coalesce(customers.mobile_number, ''))`,
);

/** The search condition: the text anywhere in name, email or number, or a typed number's digits. */
function searchCondition(term: string): SQL {
  const text = sql`${SEARCH_EXPR} ilike ${likePattern(term)}`;
  const digits = phoneSearchDigits(term);
  return digits ? sql`(${text} or ${SEARCH_EXPR} ilike ${likePattern(digits)})` : text;
}

/**
 * The WHERE clause (on the `customers` table, unaliased: segment rules name it) for the list, the export and bulk actions. A group
 * filter must name one of the caller's groups, else 404.
 */
export async function customerWhere(db: DbOrTx, accountId: number, filter: CustomerFilter): Promise<SQL> {
  const parts: SQL[] = [sql`customers.account_id = ${accountId}`];
  if (filter.search) parts.push(searchCondition(filter.search));
  if (filter.tag) parts.push(sql`customers.tags @> array[${filter.tag}]::text[]`);
  if (filter.country) parts.push(sql`customers.country = ${filter.country}`);
  // language and city compare as a segment's field rules do (a city in any case)
  if (filter.language)
    parts.push(segmentWhere({ match: 'all', conditions: [{ type: 'field', field: 'language', op: 'eq', value: filter.language }] }));
  if (filter.city) parts.push(segmentWhere({ match: 'all', conditions: [{ type: 'field', field: 'city', op: 'eq', value: filter.city }] }));
  if (filter.brand) parts.push(sql`customers.brand_id = ${filter.brand}`);
  if (filter.consent_email !== undefined) parts.push(sql`customers.consent_email = ${filter.consent_email}`);
  if (filter.consent_sms !== undefined) parts.push(sql`customers.consent_sms = ${filter.consent_sms}`);
  if (filter.consent_whatsapp !== undefined) parts.push(sql`customers.consent_whatsapp = ${filter.consent_whatsapp}`);
  if (filter.group) parts.push(await groupCondition(db, accountId, filter.group));
  return sql.join(parts, sql` and `);
}

/** A group's audience: its members (static) or its rules (dynamic, compiled by the groups module). */
async function groupCondition(db: DbOrTx, accountId: number, groupId: number): Promise<SQL> {
  const { rows } = await db.execute<{ id: number; type: string; rules: unknown }>(
    sql`select id, type, rules from customer_groups where id = ${groupId} and account_id = ${accountId}`,
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return groupAudienceWhere(rows[0]);
}
