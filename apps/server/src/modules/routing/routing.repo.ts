import { and, asc, desc, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { connections, plugins, routers, rules, smsSenders } from '../../db/schema/gateway.ts';
import { users } from '../../db/schema/accounts.ts';
import { likePattern } from '../../lib/search.ts';

export type RuleRow = typeof rules.$inferSelect;
export type RouterRow = typeof routers.$inferSelect;
export type PluginRow = typeof plugins.$inferSelect;

interface ListOpts {
  page: number;
  limit: number;
  order: 'asc' | 'desc';
  search?: string;
  filters: (SQL | undefined)[];
  searchIn: PgColumn;
  sort: PgColumn;
  /** sorted on before `sort`, in the same direction */
  first?: SQL;
}

/** One page of an account's rows with the total, in one query (count(*) over()). */
async function listPage<T extends PgTable & { id: PgColumn; account_id: PgColumn }>(db: DbOrTx, table: T, accountId: number, o: ListOpts) {
  const where = and(eq(table.account_id, accountId), o.search ? ilike(o.searchIn, likePattern(o.search)) : undefined, ...o.filters);
  const dir = o.order === 'asc' ? asc : desc;
  const rows = (await db
    .select({ ...getTableColumns(table), total: sql<number>`count(*) over()::int` })
    .from(table as PgTable)
    .where(where)
    .orderBy(...(o.first ? [dir(o.first)] : []), dir(o.sort), dir(table.id))
    .limit(o.limit)
    .offset((o.page - 1) * o.limit)) as (T['$inferSelect'] & { total: number })[];
  return { rows: rows.map(({ total: _t, ...r }) => r as T['$inferSelect']), total: rows[0]?.total ?? 0 };
}

// ── rules ───────────────────────────────────────────────────────────────────
export function listRules(
  db: DbOrTx,
  accountId: number,
  q: {
    page: number;
    limit: number;
    order: 'asc' | 'desc';
    search?: string;
    filter_type?: string;
    status?: string;
    sort: keyof typeof rules.$inferSelect;
  },
) {
  return listPage(db, rules, accountId, {
    ...q,
    searchIn: rules.rule_name,
    sort: rules[q.sort] as PgColumn,
    filters: [q.filter_type ? eq(rules.filter_type, q.filter_type) : undefined, q.status ? eq(rules.status, q.status) : undefined],
  });
}

export async function findRule(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(rules)
    .where(and(eq(rules.account_id, accountId), eq(rules.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertRule(db: DbOrTx, row: typeof rules.$inferInsert) {
  const [created] = await db.insert(rules).values(row).returning();
  return created as RuleRow;
}

export async function updateRule(db: DbOrTx, accountId: number, id: number, patch: Partial<typeof rules.$inferInsert>) {
  const [row] = await db
    .update(rules)
    .set({ ...patch, updated_at: new Date() })
    .where(and(eq(rules.account_id, accountId), eq(rules.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRule(db: DbOrTx, accountId: number, id: number) {
  await db.delete(rules).where(and(eq(rules.account_id, accountId), eq(rules.id, id)));
}

// ── routers ─────────────────────────────────────────────────────────────────
const isDefaultRouter = sql`(${routers.router_type} = 'default')`;

export function listRouters(
  db: DbOrTx,
  accountId: number,
  q: {
    page: number;
    limit: number;
    order: 'asc' | 'desc';
    search?: string;
    router_type?: string;
    status?: string;
    sort: keyof typeof routers.$inferSelect;
  },
) {
  return listPage(db, routers, accountId, {
    ...q,
    searchIn: routers.router_name,
    sort: routers[q.sort] as PgColumn,
    // in routing order the default router is last whatever its number: it takes what nothing else matched
    first: q.sort === 'order' ? isDefaultRouter : undefined,
    filters: [q.router_type ? eq(routers.router_type, q.router_type) : undefined, q.status ? eq(routers.status, q.status) : undefined],
  });
}

export async function findRouter(db: DbOrTx, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(routers)
    .where(and(eq(routers.account_id, accountId), eq(routers.id, id)));
  return row ?? null;
}

/** The account's routers in routing order (the default router last). */
export const accountRouters = (db: DbOrTx, accountId: number) =>
  db.select().from(routers).where(eq(routers.account_id, accountId)).orderBy(asc(isDefaultRouter), asc(routers.order));

/** Serialises router writes of one account (the default-router rules read, then write). */
export async function lockAccountRouters(tx: DbOrTx, accountId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('routers'), ${accountId})`);
}

export async function insertRouter(db: DbOrTx, row: typeof routers.$inferInsert) {
  const [created] = await db.insert(routers).values(row).returning();
  return created as RouterRow;
}

export async function updateRouter(db: DbOrTx, accountId: number, id: number, patch: Partial<typeof routers.$inferInsert>) {
  const [row] = await db
    .update(routers)
    .set({ ...patch, updated_at: new Date() })
    .where(and(eq(routers.account_id, accountId), eq(routers.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRouter(db: DbOrTx, accountId: number, id: number) {
  await db.delete(routers).where(and(eq(routers.account_id, accountId), eq(routers.id, id)));
}

/** Routers of the account that reference a rule or plugin. */
export async function routersUsing(db: DbOrTx, accountId: number, column: 'rules_ids' | 'plugins_ids', id: number) {
  const col = column === 'rules_ids' ? routers.rules_ids : routers.plugins_ids;
  return db
    .select({ id: routers.id, router_name: routers.router_name })
    .from(routers)
    .where(and(eq(routers.account_id, accountId), sql`${col} @> array[${id}]::int[]`));
}

/** Moves routers to new orders in one statement; parks them on negative orders first. */
export async function setOrders(tx: DbOrTx, accountId: number, orders: { id: number; order: number }[]) {
  const ids = orders.map((o) => o.id);
  await tx.execute(
    sql`update routers set "order" = -"order" where account_id = ${accountId} and id in ${sql`(${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`}`,
  );
  const values = sql.join(
    orders.map((o) => sql`(${o.id}::int, ${o.order}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update routers r set "order" = v.ord, updated_at = now() from (values ${values}) as v(id, ord)
     where r.account_id = ${accountId} and r.id = v.id`);
}

// ── plugins ─────────────────────────────────────────────────────────────────
export function listPlugins(
  db: DbOrTx,
  accountId: number,
  q: {
    page: number;
    limit: number;
    order: 'asc' | 'desc';
    search?: string;
    plugin_type?: string;
    status?: string;
    sort: keyof typeof plugins.$inferSelect;
  },
) {
  return listPage(db, plugins, accountId, {
    ...q,
    searchIn: plugins.plugin_name,
    sort: plugins[q.sort] as PgColumn,
    filters: [q.plugin_type ? eq(plugins.plugin_type, q.plugin_type) : undefined, q.status ? eq(plugins.status, q.status) : undefined],
  });
}

export async function findPlugin(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(plugins)
    .where(and(eq(plugins.account_id, accountId), eq(plugins.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertPlugin(db: DbOrTx, row: typeof plugins.$inferInsert) {
  const [created] = await db.insert(plugins).values(row).returning();
  return created as PluginRow;
}

export async function updatePlugin(db: DbOrTx, accountId: number, id: number, patch: Partial<typeof plugins.$inferInsert>) {
  const [row] = await db
    .update(plugins)
    .set({ ...patch, updated_at: new Date() })
    .where(and(eq(plugins.account_id, accountId), eq(plugins.id, id)))
    .returning();
  return row ?? null;
}

export async function deletePlugin(db: DbOrTx, accountId: number, id: number) {
  await db.delete(plugins).where(and(eq(plugins.account_id, accountId), eq(plugins.id, id)));
}

/** The account's ACTIVE (approved) sender ids, as Sender Management spells them. */
export async function activeSenderIds(db: DbOrTx, accountId: number): Promise<string[]> {
  const rows = await db
    .select({ sender_id: smsSenders.sender_id })
    .from(smsSenders)
    .where(and(eq(smsSenders.account_id, accountId), eq(smsSenders.status, 'ACTIVE')));
  return rows.map((r) => r.sender_id);
}

// ── references ──────────────────────────────────────────────────────────────
const REF_TABLES = { connections, rules, plugins, users } as const;

/** The ids among `ids` that the account owns in `table` (rules are locked against deactivation). */
export async function ownedIds(db: DbOrTx, table: keyof typeof REF_TABLES, accountId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const t = REF_TABLES[table];
  const query = db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.account_id, accountId), inArray(t.id, ids)));
  const rows = table === 'rules' ? await query.for('share') : await query;
  return new Set(rows.map((r) => r.id));
}

export async function connectionNames(db: DbOrTx, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: connections.id, connection_name: connections.connection_name, status: connections.status })
    .from(connections)
    .where(and(eq(connections.account_id, accountId), inArray(connections.id, ids)));
}
