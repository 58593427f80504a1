/**
 * Briefs (POST /api/ai/upload): a PDF, DOCX or plain-text file whose text grounds content
 * generation for a brand. The type is read from the content (not the name); the text is extracted
 * (unpdf for PDF, mammoth through the zip guard for DOCX), kept up to BRIEF_TEXT_MAX characters, and the file is not
 * stored. A brief's phone numbers and email addresses are removed before any model reads it.
 */
import { BRIEF_TEXT_MAX, type Brief } from '@risala/shared/schemas/ai-content';
import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { aiBriefs } from '../../db/schema/index.ts';
import { docxToText } from '../../lib/docx.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { findBrand } from '../brands/index.ts';
import { pdfText } from './pdf-text.ts';

type Kind = Brief['kind'];

/** Plain text: valid UTF-8 without control characters other than whitespace. */
function asText(buffer: Buffer): string | null {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(buffer).replace(/^\uFEFF/, '');
  if (text.includes('\uFFFD')) return null;
  // a binary file: control characters other than tab, new line and carriage return
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) return null;
  }
  return text;
}

async function extract(buffer: Buffer): Promise<{ kind: Kind; text: string }> {
  const type = await fileTypeFromBuffer(buffer).catch(() => undefined);
  if (type?.ext === 'pdf') {
    const text = await pdfText(new Uint8Array(buffer)).catch(() => {
      throw new AppError('AI_BRIEF_UNREADABLE');
    });
    return { kind: 'pdf', text };
  }
  if (type?.ext === 'docx') {
    return { kind: 'docx', text: await docxToText(buffer, 'AI_BRIEF_UNREADABLE') };
  }
  const text = type ? null : asText(buffer);
  if (text === null) throw new AppError('INVALID_FILE_TYPE');
  return { kind: 'text', text };
}

const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const toBrief = (r: {
  id: number;
  brand_id: number | null;
  filename: string;
  kind: string;
  text: string;
  characters?: number;
  created_at: Date | string;
}): Brief => ({
  id: r.id,
  brand_id: r.brand_id,
  filename: r.filename,
  kind: r.kind as Kind,
  characters: Number(r.characters ?? r.text.length),
  excerpt: r.text.slice(0, 280),
  created_at: new Date(r.created_at).toISOString(),
});

export async function uploadBrief(
  ctx: AppContext,
  auth: AuthContext,
  file: { buffer: Buffer; filename: string } | null,
  brandId: number | null,
): Promise<Brief> {
  if (!file || file.buffer.length === 0) throw new AppError('FILE_REQUIRED');
  if (brandId && !(await findBrand(ctx.db, auth.accountId, brandId))) {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'brand_id', message: 'errors.NOT_FOUND' }] });
  }
  const { kind, text } = await extract(file.buffer);
  const clean = tidy(text).slice(0, BRIEF_TEXT_MAX);
  if (clean.replace(/\s/g, '').length < 10) throw new AppError('AI_BRIEF_UNREADABLE');
  const [row] = await ctx.db
    .insert(aiBriefs)
    .values({
      account_id: auth.accountId,
      brand_id: brandId,
      filename: file.filename.slice(0, 200) || 'brief',
      kind,
      text: clean,
      created_by: auth.userId,
    })
    .returning();
  return toBrief(row as NonNullable<typeof row>);
}

export async function listBriefs(ctx: AppContext, auth: AuthContext, brandId?: number): Promise<{ items: Brief[] }> {
  const { rows } = await ctx.db.execute<{
    id: number;
    brand_id: number | null;
    filename: string;
    kind: string;
    text: string;
    characters: number;
    created_at: string;
  }>(sql`
    select id, brand_id, filename, kind, left(text, 400) as text, length(text) as characters, created_at from ai_briefs
     where account_id = ${auth.accountId} ${brandId ? sql`and (brand_id = ${brandId} or brand_id is null)` : sql``}
     order by created_at desc limit 50`);
  return { items: rows.map(toBrief) };
}

/** A brief's text, if it is the account's. */
export async function briefText(db: DbOrTx, accountId: number, id: number): Promise<{ filename: string; text: string }> {
  const { rows } = await db.execute<{ filename: string; text: string }>(
    sql`select filename, text from ai_briefs where account_id = ${accountId} and id = ${id}`,
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', { errors: [{ field: 'brief_id', message: 'errors.NOT_FOUND' }] });
  return rows[0];
}
