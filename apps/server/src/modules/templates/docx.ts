import type { DocxConversion } from '@risala/shared/schemas/templates';
import { fileTypeFromBuffer } from 'file-type';
import { docxToHtml } from '../../lib/docx.ts';
import { AppError } from '../../lib/errors.ts';
import { sanitizeEmailHtml } from './sanitize.ts';

/**
 * A .docx decided by content, not by name: a ZIP whose [Content_Types].xml declares a
 * wordprocessingml main document (file-type reads exactly that).
 */
export async function isDocx(buffer: Buffer): Promise<boolean> {
  const type = await fileTypeFromBuffer(buffer).catch(() => undefined);
  return type?.ext === 'docx';
}

/**
 * Convert a .docx to sanitised email HTML with mammoth (through the zip guard: an archive over its
 * limits is ARCHIVE_TOO_LARGE / ARCHIVE_REFUSED); conversion warnings come back as messages.
 */
export async function convertDocx(buffer: Buffer): Promise<DocxConversion> {
  if (!(await isDocx(buffer))) throw new AppError('INVALID_FILE_TYPE');
  const result = await docxToHtml(buffer, 'DOCX_CONVERSION_FAILED');
  return {
    html: sanitizeEmailHtml(result.value),
    messages: result.messages.map((m) => ({ type: m.type, message: m.message })),
  };
}
