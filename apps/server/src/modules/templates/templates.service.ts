import {
  type CreateRichTemplateInput,
  type CreateTemplateInput,
  type EmailRendition,
  extractVariables,
  type ListTemplatesQuery,
  renderVariables,
  type Template,
  type TemplateList,
  type TemplatePreview,
  type UpdateTemplateInput,
} from '@risala/shared/schemas/templates';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { brands } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { emailRenderer, textToHtml, type Values } from './email-render.ts';
import { hasVisibleContent, htmlToText, sanitizeEmailHtml } from './sanitize.ts';
import { renderDesign } from './design.ts';
import * as repo from './templates.repo.ts';

const fieldError = (field: string, message: string) => new AppError('VALIDATION_ERROR', { errors: [{ field, message }] });

async function checkBrand(db: DbOrTx, accountId: number, brandId: number | null | undefined) {
  if (!brandId) return;
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.account_id, accountId), eq(brands.id, brandId)));
  if (!row) throw fieldError('brand_id', 'validation.id');
}

/** Sanitised HTML, refusing input that sanitises to nothing. */
function cleanHtml(html: string, field = 'html'): string {
  const clean = sanitizeEmailHtml(html);
  if (!hasVisibleContent(clean)) throw fieldError(field, 'validation.required');
  return clean;
}

/** The HTML of a builder design (rendered and sanitised by the server), refusing one that shows nothing. */
async function designHtml(mjml: string): Promise<string> {
  return cleanHtml(await renderDesign(mjml), 'mjml');
}

const variablesOf = (t: { subject?: string | null; template_text?: string | null; html?: string | null }) =>
  extractVariables(t.subject, t.template_text, t.html).variables;

export async function createTemplate(ctx: AppContext, auth: AuthContext, input: CreateTemplateInput): Promise<Template> {
  await checkBrand(ctx.db, auth.accountId, input.brand_id);
  const subject = input.message_type === 'email' ? (input.subject ?? null) : null;
  const row = await repo.insertTemplate(ctx.db, {
    account_id: auth.accountId,
    template_name: input.template_name,
    message_type: input.message_type,
    category: input.category,
    subject,
    template_text: input.template_text,
    html: null,
    variables: variablesOf({ subject, template_text: input.template_text }),
    brand_id: input.brand_id ?? null,
    created_by: auth.userId,
  });
  return repo.toTemplateDto(row);
}

export async function createRichTemplate(ctx: AppContext, auth: AuthContext, input: CreateRichTemplateInput): Promise<Template> {
  await checkBrand(ctx.db, auth.accountId, input.brand_id);
  const mjml = input.mjml || null;
  const html = mjml ? await designHtml(mjml) : cleanHtml(input.html ?? '');
  const text = input.template_text || htmlToText(html);
  const row = await repo.insertTemplate(ctx.db, {
    account_id: auth.accountId,
    template_name: input.template_name,
    message_type: 'email',
    category: input.category,
    subject: input.subject,
    template_text: text,
    html,
    mjml,
    variables: variablesOf({ subject: input.subject, template_text: text, html }),
    brand_id: input.brand_id ?? null,
    created_by: auth.userId,
  });
  return repo.toTemplateDto(row);
}

export async function getTemplate(ctx: AppContext, auth: AuthContext, id: number): Promise<Template> {
  const row = await repo.findTemplate(ctx.db, auth.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return repo.toTemplateDto(row);
}

export async function listTemplates(ctx: AppContext, auth: AuthContext, q: ListTemplatesQuery): Promise<TemplateList> {
  const { rows, total } = await repo.listTemplateRows(ctx.db, auth.accountId, q);
  return { items: rows.map(repo.toTemplateDto), page: q.page, limit: q.limit, total };
}

/** GET /api/templates/{userId}: the account's templates, when that user belongs to the caller's account. */
export async function listForUser(ctx: AppContext, auth: AuthContext, userId: number, q: ListTemplatesQuery) {
  if (!(await repo.findAccountUser(ctx.db, auth.accountId, userId))) throw new AppError('NOT_FOUND');
  return listTemplates(ctx, auth, q);
}

const CONTENT_FIELDS = ['template_name', 'category', 'subject', 'template_text', 'html', 'mjml', 'brand_id'] as const;

/**
 * Edit a template. The channel stays. An APPROVED or PENDING_REVIEW template whose content changes
 * goes back to DRAFT (recorded as "reopened"): what was reviewed is no longer what would be sent.
 * A design (`mjml`) replaces the HTML with its rendering; HTML written by hand ends the design.
 */
export async function updateTemplate(ctx: AppContext, auth: AuthContext, id: number, input: UpdateTemplateInput): Promise<Template> {
  // rendered before the row is locked: MJML takes milliseconds the lock need not wait for
  const rendered = input.mjml ? await designHtml(input.mjml) : null;
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findTemplate(tx, auth.accountId, id, true);
    if (!row) throw new AppError('NOT_FOUND');
    await checkBrand(tx, auth.accountId, input.brand_id);
    const isEmail = row.message_type === 'email';
    const next = {
      template_name: input.template_name ?? row.template_name,
      category: input.category ?? row.category,
      subject: isEmail ? (input.subject === undefined ? row.subject : input.subject || null) : null,
      template_text: input.template_text ?? row.template_text,
      html: row.html,
      mjml: row.mjml,
      brand_id: input.brand_id === undefined ? row.brand_id : input.brand_id,
    };
    if ((input.html || input.mjml) && !isEmail) throw fieldError(input.html ? 'html' : 'mjml', 'validation.invalid');
    if (input.html !== undefined) {
      next.html = input.html ? cleanHtml(input.html) : null;
      next.mjml = null;
    }
    if (input.mjml !== undefined) {
      next.mjml = input.mjml || null;
      if (rendered) next.html = rendered;
    }
    // a rich email's text part follows its HTML unless the caller sent one
    if ((input.html || input.mjml) && next.html && input.template_text === undefined) next.template_text = htmlToText(next.html);
    if (isEmail && !next.subject) throw fieldError('subject', 'validation.required');
    if (!next.template_text && !next.html) throw fieldError('template_text', 'validation.required');

    const changed = CONTENT_FIELDS.some((f) => next[f] !== row[f]);
    if (!changed) return repo.toTemplateDto(row);
    const reopen = row.status === 'APPROVED' || row.status === 'PENDING_REVIEW';
    const updated = await repo.updateTemplateRow(tx, auth.accountId, id, {
      ...next,
      variables: variablesOf(next),
      ...(reopen ? { status: 'DRAFT', rejection_reason: null } : {}),
    });
    if (reopen) await repo.insertReview(tx, { accountId: auth.accountId, templateId: id, action: 'reopened', actorId: auth.userId });
    return repo.toTemplateDto(updated as repo.TemplateRow);
  });
}

export async function deleteTemplate(ctx: AppContext, auth: AuthContext, id: number) {
  if (!(await repo.deleteTemplateRow(ctx.db, auth.accountId, id))) throw new AppError('NOT_FOUND');
  return { id };
}

/** The template's renderer for a send (email-render.ts): its HTML, or its text as paragraphs. */
export function renderer(row: Pick<repo.TemplateRow, 'subject' | 'html' | 'template_text'>): (values?: Values) => EmailRendition {
  return emailRenderer({ subject: row.subject ?? '', html: row.html ?? textToHtml(row.template_text), text: row.template_text });
}

/** The email as sent for one set of values (or with its placeholders). */
export const rendition = (row: Pick<repo.TemplateRow, 'subject' | 'html' | 'template_text'>, values?: Values): EmailRendition =>
  renderer(row)(values);

/** GET /api/templates/{id}/email: sanitised HTML with CSS inlined (placeholders kept), plus the text part. */
export async function emailRendition(ctx: AppContext, auth: AuthContext, id: number): Promise<EmailRendition> {
  const row = await repo.findTemplate(ctx.db, auth.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.message_type !== 'email') throw new AppError('BAD_REQUEST');
  return rendition(row);
}

type CustomerRow = NonNullable<Awaited<ReturnType<typeof repo.findCustomer>>>;

export function customerValues(c: CustomerRow): Record<string, string | null> {
  const values: Record<string, string | null> = {
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    mobile_number: c.mobile_number,
    city: c.city,
    country: c.country,
  };
  for (const [key, value] of Object.entries((c.attributes ?? {}) as Record<string, unknown>)) {
    if (value !== null && value !== undefined && typeof value !== 'object') values[`attributes.${key}`] = String(value);
  }
  return values;
}

/**
 * The sending's own placeholders where no campaign tracking fills them (previews, direct sends):
 * only a campaign send has a signed unsubscribe link to give.
 */
export const UNTRACKED_SYSTEM_VALUES = { unsubscribe_url: '#' };

export const customerName = (c: CustomerRow) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email || c.mobile_number || `#${c.id}`;

/**
 * POST /api/templates/{id}/preview: the template rendered for one of the account's customers. A
 * missing value renders as the placeholder's fallback (`{{first_name|Friend}}`), else as nothing.
 */
export async function previewTemplate(ctx: AppContext, auth: AuthContext, id: number, customerId: number): Promise<TemplatePreview> {
  const row = await repo.findTemplate(ctx.db, auth.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  const customer = await repo.findCustomer(ctx.db, auth.accountId, customerId);
  if (!customer) throw new AppError('NOT_FOUND');
  const values = { ...customerValues(customer), ...UNTRACKED_SYSTEM_VALUES };
  const base = { message_type: row.message_type as Template['message_type'], customer: { id: customer.id, name: customerName(customer) } };
  if (row.message_type !== 'email') {
    return { ...base, subject: null, text: renderVariables(row.template_text, values, undefined, { isolate: true }), html: null };
  }
  const email = rendition(row, values);
  return { ...base, subject: email.subject, text: email.text, html: email.html };
}
