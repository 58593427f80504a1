import type { SmsSenderListQuery } from '@risala/shared/schemas/senders';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { smsSenders } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/search.ts';

export type SmsSenderRow = typeof smsSenders.$inferSelect;
export type SmsSenderValues = Partial<Omit<typeof smsSenders.$inferInsert, 'id' | 'account_id' | 'created_at'>>;

const SORTS = { sender_id: sql`lower(${smsSenders.sender_id})`, created_at: smsSenders.created_at, status: smsSenders.status } as const;

export async function listSmsSenders(db: DbOrTx, accountId: number, q: SmsSenderListQuery) {
  const like = q.search ? likePattern(q.search) : undefined;
  const rows = await db
    .select({ s: smsSenders, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(smsSenders)
    .where(
      and(
        eq(smsSenders.account_id, accountId),
        like ? sql`${smsSenders.sender_id} ilike ${like}` : undefined,
        q.status ? eq(smsSenders.status, q.status) : undefined,
      ),
    )
    .orderBy(sql`${SORTS[q.sort]} ${sql.raw(q.order)}, ${smsSenders.id} ${sql.raw(q.order)}`)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows: rows.map((r) => r.s), total: rows[0]?.total ?? 0 };
}

export async function findSmsSender(db: DbOrTx, accountId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(smsSenders)
    .where(and(eq(smsSenders.account_id, accountId), eq(smsSenders.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findDefaultSmsSender(db: DbOrTx, accountId: number) {
  const [row] = await db
    .select()
    .from(smsSenders)
    .where(and(eq(smsSenders.account_id, accountId), eq(smsSenders.is_default, true)))
    .limit(1);
  return row ?? null;
}

export async function insertSmsSender(db: DbOrTx, values: typeof smsSenders.$inferInsert) {
  const [row] = await db.insert(smsSenders).values(values).returning();
  return row;
}

export async function updateSmsSender(db: DbOrTx, accountId: number, id: number, values: SmsSenderValues) {
  const [row] = await db
    .update(smsSenders)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(smsSenders.account_id, accountId), eq(smsSenders.id, id)))
    .returning();
  return row ?? null;
}

export async function clearOtherDefaults(db: DbOrTx, accountId: number, keepId: number) {
  await db
    .update(smsSenders)
    .set({ is_default: false, updated_at: new Date() })
    .where(and(eq(smsSenders.account_id, accountId), ne(smsSenders.id, keepId), eq(smsSenders.is_default, true)));
}

export async function deleteSmsSender(db: DbOrTx, accountId: number, id: number) {
  await db.delete(smsSenders).where(and(eq(smsSenders.account_id, accountId), eq(smsSenders.id, id)));
}
