import { and, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;

/** The prefix every key of an account's uploads starts with. */
export const accountPrefix = (accountId: number) => `acc_${accountId}/`;

/** Uploads of this module only: profile pictures (kept by the users module) are not among them. */
const ownFiles = (accountId: number) => and(eq(files.account_id, accountId), like(files.key, `${accountPrefix(accountId)}%`));

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row;
}

export async function findByKey(db: DbOrTx, accountId: number, key: string): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(ownFiles(accountId), eq(files.key, key)));
  return row ?? null;
}

export async function findById(db: DbOrTx, accountId: number, id: number): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(ownFiles(accountId), eq(files.id, id)));
  return row ?? null;
}

export async function listFiles(db: DbOrTx, accountId: number, q: { page: number; limit: number; purpose?: string; contentType?: string }) {
  const rows = await db
    .select({ file: files, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(files)
    .where(
      and(
        ownFiles(accountId),
        q.purpose ? eq(files.purpose, q.purpose) : undefined,
        q.contentType ? eq(files.content_type, q.contentType) : undefined,
      ),
    )
    .orderBy(sql`${files.created_at} desc, ${files.id} desc`)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows: rows.map((r) => r.file), total: rows[0]?.total ?? 0 };
}

/** How many brand logos and content items still point at a file. */
export async function fileReferences(db: DbOrTx, accountId: number, fileId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select (select count(*) from brands where account_id = ${accountId} and logo_file_id = ${fileId})
             + (select count(*) from content where account_id = ${accountId} and file_id = ${fileId}) as n`,
  );
  return Number(rows[0].n);
}

export async function deleteFile(db: DbOrTx, accountId: number, id: number) {
  await db.delete(files).where(and(eq(files.account_id, accountId), eq(files.id, id)));
}

export async function statsByContentType(db: DbOrTx, accountId: number) {
  return db
    .select({
      content_type: files.content_type,
      count: sql<number>`count(*)`.mapWith(Number),
      bytes: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number),
    })
    .from(files)
    .where(ownFiles(accountId))
    .groupBy(files.content_type)
    .orderBy(files.content_type);
}
