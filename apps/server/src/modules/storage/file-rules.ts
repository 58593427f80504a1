import { ALLOWED_KINDS, type FileKind, type FilePurpose } from '@risala/shared/schemas/storage';
import { fileTypeFromBuffer } from 'file-type';

const DETECTED: Record<string, FileKind> = { jpg: 'jpg', png: 'png', pdf: 'pdf', docx: 'docx', xlsx: 'xlsx' };

/** CSV has no magic bytes: accept text that is valid UTF-8 (a BOM is fine) and has no NUL byte. */
function looksLikeText(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * The kind of an upload decided by its bytes (magic numbers, and the inner parts of a ZIP for
 * DOCX/XLSX), never by its name or declared type; null when the purpose does not allow it.
 */
export async function detectKind(buf: Buffer, purpose: FilePurpose): Promise<FileKind | null> {
  const allowed = ALLOWED_KINDS[purpose];
  const found = await fileTypeFromBuffer(buf);
  const kind = found ? DETECTED[found.ext] : undefined;
  if (kind) return allowed.includes(kind) ? kind : null;
  if (!found && allowed.includes('csv') && looksLikeText(buf)) return 'csv';
  return null;
}
