import type { WaComponent, WaTemplate, WaTemplateListQuery } from '@risala/shared/schemas/whatsapp';
import { and, asc, desc, eq, gte, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { whatsappTemplateSubmissions, whatsappTemplates } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/search.ts';

type Row = typeof whatsappTemplates.$inferSelect;
const t = whatsappTemplates;

export function toTemplate(r: Row): WaTemplate {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: r.id,
    name: r.name,
    language: r.language,
    category: r.category as WaTemplate['category'],
    components: r.components as WaComponent[],
    status: r.status as WaTemplate['status'],
    rejection_reason: r.rejection_reason,
    external_id: r.external_id,
    submitted_at: iso(r.submitted_at),
    status_updated_at: iso(r.status_updated_at),
    created_by: r.created_by,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const SORTS = { name: t.name, created_at: t.created_at, updated_at: t.updated_at, status: t.status };

export async function list(db: DbOrTx, accountId: number, q: WaTemplateListQuery) {
  const where: SQL[] = [eq(t.account_id, accountId)];
  if (q.search) where.push(ilike(t.name, likePattern(q.search)));
  if (q.status) where.push(eq(t.status, q.status));
  if (q.category) where.push(eq(t.category, q.category));
  if (q.language) where.push(eq(t.language, q.language));
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ row: t, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(t)
    .where(and(...where))
    .orderBy(dir(SORTS[q.sort]), dir(t.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => toTemplate(r.row)), page: q.page, limit: q.limit, total: rows[0]?.total ?? 0 };
}

export async function findById(db: DbOrTx, accountId: number, id: number, opts: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(t)
    .where(and(eq(t.account_id, accountId), eq(t.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Server-to-server lookups (webhooks) cross accounts: the row tells the account. */
export async function findByExternalId(db: DbOrTx, externalId: string) {
  const [row] = await db.select().from(t).where(eq(t.external_id, externalId)).for('update');
  return row ?? null;
}

export async function insert(db: DbOrTx, values: typeof t.$inferInsert) {
  const [row] = await db.insert(t).values(values).returning();
  return row;
}

export async function update(db: DbOrTx, accountId: number, id: number, values: Partial<typeof t.$inferInsert>) {
  const [row] = await db
    .update(t)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(t.account_id, accountId), eq(t.id, id)))
    .returning();
  return row;
}

export async function remove(db: DbOrTx, accountId: number, id: number) {
  await db.delete(t).where(and(eq(t.account_id, accountId), eq(t.id, id)));
}

/** Submissions in the rolling window: how many, and the oldest (it frees the next slot). */
export async function submissionsSince(db: DbOrTx, accountId: number, since: Date) {
  const s = whatsappTemplateSubmissions;
  const [row] = await db
    .select({ used: sql<number>`count(*)`.mapWith(Number), oldest: sql<Date | null>`min(${s.created_at})` })
    .from(s)
    .where(and(eq(s.account_id, accountId), gte(s.created_at, since)));
  return { used: row?.used ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function recordSubmission(db: DbOrTx, accountId: number, templateId: number, userId: number) {
  const [row] = await db
    .insert(whatsappTemplateSubmissions)
    .values({ account_id: accountId, template_id: templateId, submitted_by: userId })
    .returning({ id: whatsappTemplateSubmissions.id });
  return row.id;
}

export async function deleteSubmission(db: DbOrTx, id: number) {
  await db.delete(whatsappTemplateSubmissions).where(eq(whatsappTemplateSubmissions.id, id));
}

/** Serialises submissions of one account so two requests cannot both take the last slot. */
export async function lockAccountSubmissions(db: DbOrTx, accountId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('whatsapp_template_submit'), ${accountId})`);
}
