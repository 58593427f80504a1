import type { BrandListQuery } from '@risala/shared/schemas/brands';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { brands, campaigns, contentBrands } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/search.ts';

export type BrandRow = typeof brands.$inferSelect & { content_count: number };
export type BrandValues = Partial<Omit<typeof brands.$inferInsert, 'id' | 'account_id' | 'created_at'>>;

const contentCount = sql<number>`(select count(*) from ${contentBrands} cb
  where cb.account_id = ${brands.account_id} and cb.brand_id = ${brands.id})`.mapWith(Number);

const SORTS = { name: sql`lower(${brands.name})`, created_at: brands.created_at } as const;

export async function listBrands(db: DbOrTx, accountId: number, q: BrandListQuery & { createdBy?: number }) {
  const like = q.search ? likePattern(q.search) : undefined;
  const rows = await db
    .select({ brand: brands, content_count: contentCount, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(brands)
    .where(
      and(
        eq(brands.account_id, accountId),
        like ? sql`${brands.name} ilike ${like}` : undefined,
        q.createdBy ? eq(brands.created_by, q.createdBy) : undefined,
      ),
    )
    .orderBy(sql`${SORTS[q.sort]} ${sql.raw(q.order)}, ${brands.id} ${sql.raw(q.order)}`)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    rows: rows.map((r) => ({ ...r.brand, content_count: r.content_count })),
    total: rows[0]?.total ?? 0,
  };
}

export async function findBrand(db: DbOrTx, accountId: number, id: number, lock = false): Promise<BrandRow | null> {
  const query = db
    .select({ brand: brands, content_count: contentCount })
    .from(brands)
    .where(and(eq(brands.account_id, accountId), eq(brands.id, id)));
  const [row] = lock ? await query.for('update', { of: brands }) : await query;
  return row ? { ...row.brand, content_count: row.content_count } : null;
}

export async function insertBrand(db: DbOrTx, values: typeof brands.$inferInsert) {
  const [row] = await db.insert(brands).values(values).returning();
  return row;
}

export async function updateBrand(db: DbOrTx, accountId: number, id: number, values: BrandValues) {
  const [row] = await db
    .update(brands)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(brands.account_id, accountId), eq(brands.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteBrand(db: DbOrTx, accountId: number, id: number) {
  await db.delete(brands).where(and(eq(brands.account_id, accountId), eq(brands.id, id)));
}

/**
 * Everything that holds on to a brand; a brand in use cannot be deleted: content items linked to
 * it and campaigns (any state) that use it.
 */
export async function brandUsage(db: DbOrTx, accountId: number, brandId: number) {
  const [row] = await db
    .select({
      content: sql<number>`count(*)`.mapWith(Number),
      campaigns: sql<number>`(select count(*) from ${campaigns} c where c.account_id = ${accountId} and c.brand_id = ${brandId})`.mapWith(
        Number,
      ),
    })
    .from(contentBrands)
    .where(and(eq(contentBrands.account_id, accountId), eq(contentBrands.brand_id, brandId)));
  return { content: row.content, campaigns: row.campaigns };
}

/** How many of `ids` are brands of the account (for linking content). */
export async function countBrandsInAccount(db: DbOrTx, accountId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(brands)
    .where(and(eq(brands.account_id, accountId), inArray(brands.id, ids)));
  return row.n;
}

/** How many brands the account has (the plan's brands limit counts them). */
export async function countBrands(db: DbOrTx, accountId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from brands where account_id = ${accountId}`);
  return rows[0]?.n ?? 0;
}
