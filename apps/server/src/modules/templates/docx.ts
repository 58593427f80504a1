import type { DocxConversion } from '@risala/shared/schemas/templates';
import { fileTypeFromBuffer } from 'file-type';
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

/** Convert a .docx to sanitised email HTML with mammoth; conversion warnings come back as messages. */
export async function convertDocx(buffer: Buffer): Promise<DocxConversion> {
  if (!(await isDocx(buffer))) throw new AppError('INVALID_FILE_TYPE');
  const { default: mammoth } = await import('mammoth'); // loaded on first use: it is heavy (decisions.md, memory)
  let result: Awaited<ReturnType<typeof mammoth.convertToHtml>>;
  try {
    result = await mammoth.convertToHtml({ buffer });
  } catch {
    throw new AppError('DOCX_CONVERSION_FAILED');
  }
  return {
    html: sanitizeEmailHtml(result.value),
    messages: result.messages.map((m) => ({ type: m.type, message: m.message })),
  };
}
