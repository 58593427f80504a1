import type { BlacklistListQuery, EntryListQuery } from '@risala/shared/schemas/blacklists';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { likePattern } from '../../lib/search.ts';

export type BlacklistRow = {
  id: number;
  blacklist_name: string;
  blacklist_type: 'MT' | 'MO';
  description: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  entries_count: number;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = sql`b.id, b.blacklist_name, b.blacklist_type, b.description, b.status, b.created_at, b.updated_at,
  (select count(*)::int from blacklist_entries e where e.blacklist_id = b.id) as entries_count`;
const SORTS: Record<BlacklistListQuery['sort'], SQL> = {
  blacklist_name: sql`lower(b.blacklist_name)`,
  created_at: sql`b.created_at`,
  entries_count: sql`entries_count`,
  status: sql`b.status`,
};

export async function listBlacklists(db: DbOrTx, accountId: number, q: BlacklistListQuery) {
  const filters: SQL[] = [sql`b.account_id = ${accountId}`];
  if (q.search) {
    const like = likePattern(q.search);
    filters.push(sql`(b.blacklist_name ilike ${like} or b.description ilike ${like})`);
  }
  if (q.type) filters.push(sql`b.blacklist_type = ${q.type}`);
  if (q.status) filters.push(sql`b.status = ${q.status}`);
  const order = q.order === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await db.execute<BlacklistRow & { total: number }>(sql`
    select ${COLUMNS}, count(*) over()::int as total from blacklists b
     where ${sql.join(filters, sql` and `)}
     order by ${SORTS[q.sort]} ${order}, b.id ${order}
     limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}

export async function findBlacklist(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const { rows } = await db.execute<BlacklistRow>(sql`
    select ${COLUMNS} from blacklists b where b.account_id = ${accountId} and b.id = ${id}
    ${forUpdate ? sql`for update of b` : sql``}`);
  return rows[0] ?? null;
}

export async function insertBlacklist(
  db: DbOrTx,
  row: {
    account_id: number;
    blacklist_name: string;
    blacklist_type: string;
    description: string | null;
    status: string;
    created_by: number;
  },
) {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into blacklists (account_id, blacklist_name, blacklist_type, description, status, created_by)
    values (${row.account_id}, ${row.blacklist_name}, ${row.blacklist_type}, ${row.description}, ${row.status}, ${row.created_by})
    returning id`);
  return (rows[0] as { id: number }).id;
}

export async function updateBlacklist(
  db: DbOrTx,
  accountId: number,
  id: number,
  patch: { blacklist_name?: string; blacklist_type?: string; description?: string | null; status?: string },
) {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (patch.blacklist_name !== undefined) sets.push(sql`blacklist_name = ${patch.blacklist_name}`);
  if (patch.blacklist_type !== undefined) sets.push(sql`blacklist_type = ${patch.blacklist_type}`);
  if (patch.description !== undefined) sets.push(sql`description = ${patch.description}`);
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
  const { rowCount } = await db.execute(sql`
    update blacklists set ${sql.join(sets, sql`, `)} where account_id = ${accountId} and id = ${id}`);
  return (rowCount ?? 0) > 0;
}

export async function deleteBlacklist(db: DbOrTx, accountId: number, id: number) {
  await db.execute(sql`delete from blacklists where account_id = ${accountId} and id = ${id}`);
}

export async function listEntries(db: DbOrTx, accountId: number, blacklistId: number, q: EntryListQuery) {
  const filters: SQL[] = [sql`account_id = ${accountId}`, sql`blacklist_id = ${blacklistId}`];
  if (q.search) filters.push(sql`value ilike ${likePattern(q.search)}`);
  if (q.kind) filters.push(sql`kind = ${q.kind}`);
  const { rows } = await db.execute<{ id: number; kind: string; value: string; created_at: Date; total: number }>(sql`
    select id, kind, value, created_at, count(*) over()::int as total from blacklist_entries
     where ${sql.join(filters, sql` and `)}
     order by id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}

/** Inserts entries in one statement, skipping those already on the list; returns how many were new. */
export async function insertEntries(db: DbOrTx, accountId: number, blacklistId: number, entries: { kind: string; value: string }[]) {
  if (entries.length === 0) return 0;
  const { rowCount } = await db.execute(sql`
    insert into blacklist_entries (account_id, blacklist_id, kind, value)
    select ${accountId}, ${blacklistId}, k, v
      from unnest(${sql.param(entries.map((e) => e.kind))}::text[], ${sql.param(entries.map((e) => e.value))}::text[]) as t(k, v)
    on conflict do nothing`);
  return rowCount ?? 0;
}

export async function deleteEntry(db: DbOrTx, accountId: number, blacklistId: number, entryId: number) {
  const { rowCount } = await db.execute(sql`
    delete from blacklist_entries where account_id = ${accountId} and blacklist_id = ${blacklistId} and id = ${entryId}`);
  return (rowCount ?? 0) > 0;
}
