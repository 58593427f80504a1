import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messages, whatsappSenders, whatsappTemplates } from '../../db/schema/index.ts';

export type WhatsappSenderRow = typeof whatsappSenders.$inferSelect;
export type WhatsappSenderValues = Partial<Omit<typeof whatsappSenders.$inferInsert, 'id' | 'account_id' | 'created_at'>>;

export async function listWhatsappSenders(db: DbOrTx, accountId: number, page: number, limit: number) {
  const rows = await db
    .select({ s: whatsappSenders, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(whatsappSenders)
    .where(eq(whatsappSenders.account_id, accountId))
    .orderBy(desc(whatsappSenders.is_default), asc(whatsappSenders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows: rows.map((r) => r.s), total: rows[0]?.total ?? 0 };
}

export async function findWhatsappSender(db: DbOrTx, accountId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(whatsappSenders)
    .where(and(eq(whatsappSenders.account_id, accountId), eq(whatsappSenders.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The default sender, else the oldest. */
export async function findDefaultWhatsappSender(db: DbOrTx, accountId: number) {
  const [row] = await db
    .select()
    .from(whatsappSenders)
    .where(eq(whatsappSenders.account_id, accountId))
    .orderBy(desc(whatsappSenders.is_default), asc(whatsappSenders.id))
    .limit(1);
  return row ?? null;
}

export async function insertWhatsappSender(db: DbOrTx, values: typeof whatsappSenders.$inferInsert) {
  const [row] = await db.insert(whatsappSenders).values(values).returning();
  return row;
}

export async function updateWhatsappSender(db: DbOrTx, accountId: number, id: number, values: WhatsappSenderValues) {
  const [row] = await db
    .update(whatsappSenders)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(whatsappSenders.account_id, accountId), eq(whatsappSenders.id, id)))
    .returning();
  return row ?? null;
}

export async function clearOtherDefaults(db: DbOrTx, accountId: number, keepId: number) {
  await db
    .update(whatsappSenders)
    .set({ is_default: false, updated_at: new Date() })
    .where(and(eq(whatsappSenders.account_id, accountId), ne(whatsappSenders.id, keepId), eq(whatsappSenders.is_default, true)));
}

export async function deleteWhatsappSender(db: DbOrTx, accountId: number, id: number) {
  await db.delete(whatsappSenders).where(and(eq(whatsappSenders.account_id, accountId), eq(whatsappSenders.id, id)));
}

export async function countSendersByStatus(db: DbOrTx, accountId: number) {
  return db
    .select({ status: whatsappSenders.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(whatsappSenders)
    .where(eq(whatsappSenders.account_id, accountId))
    .groupBy(whatsappSenders.status);
}

export async function countTemplatesByStatus(db: DbOrTx, accountId: number) {
  return db
    .select({ status: whatsappTemplates.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(whatsappTemplates)
    .where(eq(whatsappTemplates.account_id, accountId))
    .groupBy(whatsappTemplates.status);
}

/** WhatsApp messages of the account since `since`, by status (the partition key bounds the scan). */
export async function countMessagesByStatus(db: DbOrTx, accountId: number, since: Date) {
  return db
    .select({ status: messages.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .where(and(eq(messages.account_id, accountId), eq(messages.channel, 'whatsapp'), gte(messages.created_at, since)))
    .groupBy(messages.status);
}
