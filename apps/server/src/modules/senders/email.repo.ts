import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailEvents, emailSenders } from '../../db/schema/index.ts';

export type EmailSenderRow = typeof emailSenders.$inferSelect;
export type EmailSenderValues = Partial<Omit<typeof emailSenders.$inferInsert, 'id' | 'account_id' | 'created_at'>>;

/** The account's email sender: the default one, else the oldest. */
export async function findDefaultEmailSender(db: DbOrTx, accountId: number, lock = false) {
  const q = db
    .select()
    .from(emailSenders)
    .where(eq(emailSenders.account_id, accountId))
    .orderBy(desc(emailSenders.is_default), emailSenders.id)
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findEmailSenderById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(emailSenders).where(eq(emailSenders.id, id));
  return row ?? null;
}

export async function insertEmailSender(db: DbOrTx, values: typeof emailSenders.$inferInsert) {
  const [row] = await db.insert(emailSenders).values(values).returning();
  return row;
}

export async function updateEmailSender(db: DbOrTx, accountId: number, id: number, values: EmailSenderValues) {
  const [row] = await db
    .update(emailSenders)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(emailSenders.account_id, accountId), eq(emailSenders.id, id)))
    .returning();
  return row ?? null;
}

/** Single use: the hash is cleared in the same statement that activates the sender. */
export async function consumeVerifyToken(db: DbOrTx, id: number, hash: string) {
  const [row] = await db
    .update(emailSenders)
    .set({ status: 'ACTIVE', verified_at: new Date(), verify_token_hash: null, updated_at: new Date() })
    .where(and(eq(emailSenders.id, id), eq(emailSenders.verify_token_hash, hash)))
    .returning();
  return row ?? null;
}

/** Stores events, skipping any already stored (same event_key); answers the rows stored now. */
export async function insertEmailEvents(db: DbOrTx, rows: (typeof emailEvents.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(emailEvents).values(rows).onConflictDoNothing().returning();
}

export async function countEventsSince(db: DbOrTx, accountId: number, since: Date) {
  return db
    .select({ event: emailEvents.event, n: sql<number>`count(*)`.mapWith(Number) })
    .from(emailEvents)
    .where(and(eq(emailEvents.account_id, accountId), gte(emailEvents.occurred_at, since)))
    .groupBy(emailEvents.event);
}

export async function listEvents(db: DbOrTx, accountId: number, page: number, limit: number) {
  const rows = await db
    .select({ e: emailEvents, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(emailEvents)
    .where(eq(emailEvents.account_id, accountId))
    .orderBy(desc(emailEvents.occurred_at), desc(emailEvents.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows: rows.map((r) => r.e), total: rows[0]?.total ?? 0 };
}
