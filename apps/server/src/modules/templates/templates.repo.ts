import type {
  ListTemplatesQuery,
  MessageType,
  ReviewAction,
  Template,
  TemplateCategory,
  TemplateReviewEntry,
  TemplateStatus,
} from '@risala/shared/schemas/templates';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { brands, content, customers, files, templateReviews, templates, users } from '../../db/schema/index.ts';
import { mapDbError } from '../../lib/errors.ts';
import { likePattern } from '../../lib/search.ts';

export type TemplateRow = typeof templates.$inferSelect;
type NewTemplate = typeof templates.$inferInsert;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTemplateDto(row: TemplateRow): Template {
  return {
    id: row.id,
    template_name: row.template_name,
    message_type: row.message_type as MessageType,
    category: row.category as TemplateCategory,
    subject: row.subject,
    template_text: row.template_text,
    html: row.html,
    mjml: row.mjml,
    variables: row.variables,
    brand_id: row.brand_id,
    status: row.status as TemplateStatus,
    rejection_reason: row.rejection_reason,
    submitted_at: iso(row.submitted_at),
    reviewed_at: iso(row.reviewed_at),
    reviewed_by: row.reviewed_by,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const inAccount = (accountId: number, id: number) => and(eq(templates.account_id, accountId), eq(templates.id, id));

/** Drizzle wraps driver errors (the PostgreSQL error is the `cause`): map the unique violation to its code. */
async function mapped<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (err) {
    throw mapDbError((err as { cause?: unknown }).cause) ?? err;
  }
}

export async function insertTemplate(db: DbOrTx, values: NewTemplate) {
  const [row] = await mapped(db.insert(templates).values(values).returning());
  return row as TemplateRow;
}

/** One template of the account; `forUpdate` locks the row for a state change. */
export async function findTemplate(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const query = db.select().from(templates).where(inAccount(accountId, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateTemplateRow(db: DbOrTx, accountId: number, id: number, set: Partial<NewTemplate>) {
  const [row] = await mapped(
    db
      .update(templates)
      .set({ ...set, updated_at: new Date() })
      .where(inAccount(accountId, id))
      .returning(),
  );
  return row ?? null;
}

export async function deleteTemplateRow(db: DbOrTx, accountId: number, id: number) {
  const rows = await db.delete(templates).where(inAccount(accountId, id)).returning({ id: templates.id });
  return rows.length > 0;
}

const SORT_COLUMNS = {
  updated_at: templates.updated_at,
  created_at: templates.created_at,
  template_name: sql`lower(${templates.template_name})`,
  status: templates.status,
  message_type: templates.message_type,
} as const;

/** A page of the account's templates with the total in the same query (count(*) over()). */
export async function listTemplateRows(db: DbOrTx, accountId: number, q: ListTemplatesQuery) {
  const where: SQL[] = [eq(templates.account_id, accountId)];
  if (q.message_type) where.push(eq(templates.message_type, q.message_type));
  if (q.status) where.push(eq(templates.status, q.status));
  if (q.category) where.push(eq(templates.category, q.category));
  if (q.search) {
    const pattern = likePattern(q.search);
    where.push(or(ilike(templates.template_name, pattern), ilike(templates.subject, pattern)) as SQL);
  }
  const column = SORT_COLUMNS[q.sort];
  const rows = await db
    .select({ row: templates, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(templates)
    .where(and(...where))
    .orderBy(q.order === 'asc' ? asc(column) : desc(column), q.order === 'asc' ? asc(templates.id) : desc(templates.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows: rows.map((r) => r.row), total: rows[0]?.total ?? 0 };
}

export async function insertReview(
  db: DbOrTx,
  entry: { accountId: number; templateId: number; action: ReviewAction; actorId: number; reason?: string | null },
) {
  await db.insert(templateReviews).values({
    account_id: entry.accountId,
    template_id: entry.templateId,
    action: entry.action,
    actor_id: entry.actorId,
    reason: entry.reason ?? null,
  });
}

const fullName = sql<string | null>`nullif(trim(coalesce(${users.first_name}, '') || ' ' || coalesce(${users.last_name}, '')), '')`;

export async function listReviews(db: DbOrTx, accountId: number, templateId: number): Promise<TemplateReviewEntry[]> {
  const rows = await db
    .select({
      id: templateReviews.id,
      action: templateReviews.action,
      actor_id: templateReviews.actor_id,
      actor_name: sql<string | null>`coalesce(${fullName}, ${users.email})`,
      reason: templateReviews.reason,
      created_at: templateReviews.created_at,
    })
    .from(templateReviews)
    .leftJoin(users, and(eq(users.id, templateReviews.actor_id), eq(users.account_id, templateReviews.account_id)))
    .where(and(eq(templateReviews.account_id, accountId), eq(templateReviews.template_id, templateId)))
    .orderBy(desc(templateReviews.created_at), desc(templateReviews.id));
  return rows.map((r) => ({ ...r, action: r.action as ReviewAction, created_at: r.created_at.toISOString() }));
}

/** A user of the account (id and display name), or null. */
export async function findAccountUser(db: DbOrTx, accountId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: sql<string>`coalesce(${fullName}, ${users.email})` })
    .from(users)
    .where(and(eq(users.account_id, accountId), eq(users.id, userId)));
  return row ?? null;
}

export async function findCustomer(db: DbOrTx, accountId: number, customerId: number) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.account_id, accountId), eq(customers.id, customerId)));
  return row ?? null;
}

/** The account's library images (newest first, up to 200) and brands (by name, up to 100) with their files' keys. */
export async function emailAssetRows(db: DbOrTx, accountId: number) {
  const images = await db
    .select({ id: content.id, title: content.title, key: files.key })
    .from(content)
    .innerJoin(files, and(eq(files.id, content.file_id), eq(files.account_id, content.account_id)))
    .where(and(eq(content.account_id, accountId), eq(content.type, 'image'), ilike(files.content_type, 'image/%')))
    .orderBy(desc(content.updated_at), desc(content.id))
    .limit(200);
  const brandRows = await db
    .select({
      id: brands.id,
      name: brands.name,
      colors: brands.colors,
      website: brands.website,
      default_language: brands.default_language,
      logo_key: files.key,
    })
    .from(brands)
    .leftJoin(files, and(eq(files.id, brands.logo_file_id), eq(files.account_id, brands.account_id)))
    .where(eq(brands.account_id, accountId))
    .orderBy(asc(sql`lower(${brands.name})`), asc(brands.id))
    .limit(100);
  return { images, brands: brandRows };
}
