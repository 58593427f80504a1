import type { ContentBrand, ContentListQuery } from '@risala/shared/schemas/content';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { brands, content, contentBrands, files } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/search.ts';

export type ContentRow = typeof content.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export interface ContentRecord {
  item: ContentRow;
  file: FileRow | null;
  brands: ContentBrand[];
}

const linkedBrands = sql<ContentBrand[]>`coalesce((
  select json_agg(json_build_object('id', b.id, 'name', b.name, 'logo', b.logo, 'colors', b.colors) order by lower(b.name))
    from ${contentBrands} cb join ${brands} b on b.id = cb.brand_id and b.account_id = cb.account_id
   where cb.account_id = ${content.account_id} and cb.content_id = ${content.id}), '[]'::json)`;

const SORTS = { created_at: content.created_at, updated_at: content.updated_at, title: sql`lower(${content.title})` } as const;

export async function listContent(db: DbOrTx, accountId: number, q: ContentListQuery & { createdBy?: number }) {
  const search = q.search ? likePattern(q.search) : undefined;
  const rows = await db
    .select({ item: content, file: files, brands: linkedBrands, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(content)
    .leftJoin(files, eq(files.id, content.file_id))
    .where(
      and(
        eq(content.account_id, accountId),
        q.type ? eq(content.type, q.type) : undefined,
        q.tag ? sql`${q.tag} = any(${content.tags})` : undefined,
        q.brand_id
          ? sql`exists (select 1 from ${contentBrands} cb where cb.account_id = ${accountId}
                 and cb.content_id = ${content.id} and cb.brand_id = ${q.brand_id})`
          : undefined,
        search ? sql`(${content.title} ilike ${search} or ${content.body} ilike ${search})` : undefined,
        q.createdBy ? eq(content.created_by, q.createdBy) : undefined,
      ),
    )
    .orderBy(sql`${SORTS[q.sort]} ${sql.raw(q.order)}, ${content.id} ${sql.raw(q.order)}`)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows: rows as ContentRecord[], total: rows[0]?.total ?? 0 };
}

export async function findContent(db: DbOrTx, accountId: number, id: number, lock = false): Promise<ContentRecord | null> {
  const query = db
    .select({ item: content, file: files, brands: linkedBrands })
    .from(content)
    .leftJoin(files, eq(files.id, content.file_id))
    .where(and(eq(content.account_id, accountId), eq(content.id, id)));
  const [row] = lock ? await query.for('update', { of: content }) : await query;
  return row ?? null;
}

export async function insertContent(db: DbOrTx, values: typeof content.$inferInsert) {
  const [row] = await db.insert(content).values(values).returning();
  return row;
}

export async function updateContent(
  db: DbOrTx,
  accountId: number,
  id: number,
  values: Partial<Omit<typeof content.$inferInsert, 'id' | 'account_id'>>,
) {
  await db
    .update(content)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(content.account_id, accountId), eq(content.id, id)));
}

/** Replace the brands an item is linked to (ids already checked to be the account's). */
export async function setContentBrands(db: DbOrTx, accountId: number, contentId: number, brandIds: number[]) {
  await db.delete(contentBrands).where(and(eq(contentBrands.account_id, accountId), eq(contentBrands.content_id, contentId)));
  if (brandIds.length > 0) {
    await db.insert(contentBrands).values(brandIds.map((brand_id) => ({ account_id: accountId, content_id: contentId, brand_id })));
  }
}

export async function deleteContent(db: DbOrTx, accountId: number, id: number) {
  await db.delete(content).where(and(eq(content.account_id, accountId), eq(content.id, id)));
}
