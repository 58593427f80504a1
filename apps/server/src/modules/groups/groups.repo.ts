import type { GroupListQuery, MemberListQuery, SegmentRules } from '@risala/shared/schemas/groups';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { groupAudienceWhere, segmentWhere } from './segment-sql.ts';
import { likePattern } from '../../lib/search.ts';

export type GroupRow = {
  id: number;
  account_id: number;
  group_name: string;
  group_description: string | null;
  type: 'static' | 'dynamic';
  rules: SegmentRules | null;
  status: 'ACTIVE' | 'INACTIVE';
  contacts_count: number;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = sql.raw('id, account_id, group_name, group_description, type, rules, status, contacts_count, created_at, updated_at');
const SORTS: Record<GroupListQuery['sort'], SQL> = {
  group_name: sql`lower(group_name)`,
  created_at: sql`created_at`,
  contacts_count: sql`contacts_count`,
  status: sql`status`,
};

export async function listGroups(db: DbOrTx, accountId: number, q: GroupListQuery) {
  const filters: SQL[] = [sql`account_id = ${accountId}`];
  if (q.search) {
    const like = likePattern(q.search);
    filters.push(sql`(group_name ilike ${like} or group_description ilike ${like})`);
  }
  if (q.type) filters.push(sql`type = ${q.type}`);
  if (q.status) filters.push(sql`status = ${q.status}`);
  const order = q.order === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await db.execute<GroupRow & { total: number }>(sql`
    select ${COLUMNS}, count(*) over()::int as total from customer_groups
     where ${sql.join(filters, sql` and `)}
     order by ${SORTS[q.sort]} ${order}, id ${order}
     limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findGroup(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const { rows } = await db.execute<GroupRow>(sql`
    select ${COLUMNS} from customer_groups where account_id = ${accountId} and id = ${id}
    ${forUpdate ? sql`for update` : sql``}`);
  return rows[0] ?? null;
}

export async function findGroupsByIds(db: DbOrTx, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: number; type: string }>(sql`
    select id, type from customer_groups where account_id = ${accountId} and id = any(${sql.param(ids)}::int[])`);
  return rows;
}

export async function insertGroup(
  db: DbOrTx,
  row: {
    account_id: number;
    group_name: string;
    group_description: string | null;
    type: string;
    rules: SegmentRules | null;
    contacts_count: number;
    created_by: number;
  },
) {
  const { rows } = await db.execute<GroupRow>(sql`
    insert into customer_groups (account_id, group_name, group_description, type, rules, contacts_count, created_by)
    values (${row.account_id}, ${row.group_name}, ${row.group_description}, ${row.type},
            ${row.rules ? JSON.stringify(row.rules) : null}::jsonb, ${row.contacts_count}, ${row.created_by})
    returning ${COLUMNS}`);
  return rows[0] as GroupRow;
}

export async function updateGroup(
  db: DbOrTx,
  accountId: number,
  id: number,
  patch: { group_name?: string; group_description?: string | null; rules?: SegmentRules; status?: string; contacts_count?: number },
) {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (patch.group_name !== undefined) sets.push(sql`group_name = ${patch.group_name}`);
  if (patch.group_description !== undefined) sets.push(sql`group_description = ${patch.group_description}`);
  if (patch.rules !== undefined) sets.push(sql`rules = ${JSON.stringify(patch.rules)}::jsonb`);
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
  if (patch.contacts_count !== undefined) sets.push(sql`contacts_count = ${patch.contacts_count}`);
  const { rows } = await db.execute<GroupRow>(sql`
    update customer_groups set ${sql.join(sets, sql`, `)}
     where account_id = ${accountId} and id = ${id} returning ${COLUMNS}`);
  return rows[0] ?? null;
}

/** Whether a segment of the account names this group in its rules (in / not in). */
export async function usedBySegment(db: DbOrTx, accountId: number, groupId: number) {
  const { rows } = await db.execute(sql`
    select 1 from customer_groups
     where account_id = ${accountId} and type = 'dynamic'
       and jsonb_path_exists(rules, '$.** ? (@.type == "group" && @.group_id == $id)', jsonb_build_object('id', ${groupId}::int))
     limit 1`);
  return rows.length > 0;
}

export async function deleteGroup(db: DbOrTx, accountId: number, id: number) {
  const { rowCount } = await db.execute(sql`delete from customer_groups where account_id = ${accountId} and id = ${id}`);
  return (rowCount ?? 0) > 0;
}

/** How many of the account's customers a rule set selects. */
export async function countSegment(db: DbOrTx, accountId: number, rules: SegmentRules) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from customers where ${customers.account_id} = ${accountId} and ${segmentWhere(rules)}`);
  return rows[0]?.n ?? 0;
}

const searchText = sql`(coalesce(${customers.first_name}, '') || ' ' || coalesce(${customers.last_name}, '') || ' ' || coalesce(${customers.email}, '') || ' ' || coalesce(${customers.mobile_number}, ''))`;

/** A page of the group's audience: its members (static) or the customers its rules select (dynamic). */
export async function listMembers(db: DbOrTx, accountId: number, group: GroupRow, q: MemberListQuery) {
  const filters: SQL[] = [sql`${customers.account_id} = ${accountId}`, groupAudienceWhere(group)];
  if (q.search) filters.push(sql`${searchText} ilike ${likePattern(q.search)}`);
  const addedAt =
    group.type === 'static'
      ? sql`(select gm.added_at from group_members gm where gm.group_id = ${group.id}::int and gm.customer_id = ${customers.id})`
      : sql`null::timestamptz`;
  const { rows } = await db.execute<Record<string, unknown> & { total: number }>(sql`
    select ${customers.id} as id, ${customers.first_name} as first_name, ${customers.last_name} as last_name,
           ${customers.mobile_number} as mobile_number, ${customers.email} as email, ${customers.country} as country,
           ${addedAt} as added_at, count(*) over()::int as total
      from customers where ${sql.join(filters, sql` and `)}
     order by ${customers.id} desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The subset of `ids` that are customers of the account. */
export async function existingCustomerIds(db: DbOrTx, accountId: number, ids: number[]) {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from customers where account_id = ${accountId} and id = any(${sql.param(ids)}::bigint[])`);
  return rows.map((r) => Number(r.id));
}

/** Adds members, skipping those already in; the count follows by trigger. Returns how many were added. */
export async function addMembers(db: DbOrTx, accountId: number, groupId: number, ids: number[]) {
  const { rowCount } = await db.execute(sql`
    insert into group_members (account_id, group_id, customer_id)
    select ${accountId}, ${groupId}, unnest(${sql.param(ids)}::bigint[])
    on conflict do nothing`);
  return rowCount ?? 0;
}

export async function removeMembers(db: DbOrTx, accountId: number, groupId: number, ids: number[]) {
  const { rowCount } = await db.execute(sql`
    delete from group_members
     where account_id = ${accountId} and group_id = ${groupId} and customer_id = any(${sql.param(ids)}::bigint[])`);
  return rowCount ?? 0;
}
