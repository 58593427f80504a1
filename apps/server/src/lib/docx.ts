/**
 * Word documents (.docx) read with mammoth, for template conversion and AI briefs. mammoth opens
 * the zip itself (JSZip) and parses each XML part into a DOM, so the archive is first inflated
 * once through the zip guard: mammoth then reads, by the same central directory, bytes already
 * counted. The DOM costs about 30 MB of heap per MB of document XML (measured), which sets the
 * in-memory budget, and conversions run one at a time per process.
 */
import type { ErrorCode } from '@risala/shared';
import pLimit from 'p-limit';
import { AppError } from './errors.ts';
import { verifyZip, type ZipLimits } from './zip-guard.ts';

const MiB = 1024 * 1024;

/** A .docx upload is at most 10 MB packed; images do not pack, XML is what mammoth holds whole. */
export const DOCX_LIMITS: Omit<ZipLimits, 'invalidCode'> = {
  maxEntries: 1000,
  maxEntryBytes: 16 * MiB,
  maxTotalBytes: 32 * MiB,
  maxRatio: 100,
  inMemory: { match: /\.(xml|rels)$/i, maxBytes: 2 * MiB },
};

/** How many conversions may wait behind the running one before callers are told to come back. */
const MAX_WAITING = 8;
const oneAtATime = pLimit(1);

async function guarded<T>(buffer: Buffer, invalidCode: ErrorCode, run: () => Promise<T>): Promise<T> {
  if (oneAtATime.pendingCount >= MAX_WAITING) throw new AppError('RATE_LIMITED', { message: 'docx conversions queued' });
  return oneAtATime(async () => {
    await verifyZip(buffer, { ...DOCX_LIMITS, invalidCode });
    return run();
  });
}

/** mammoth's HTML and its notes; `failCode` when mammoth cannot read what passed the guard. */
export function docxToHtml(buffer: Buffer, failCode: ErrorCode) {
  return guarded(buffer, failCode, async () => {
    const { default: mammoth } = await import('mammoth'); // loaded on first use: it is heavy (decisions.md, memory)
    return mammoth.convertToHtml({ buffer }).catch(() => {
      throw new AppError(failCode);
    });
  });
}

/** The document's plain text. */
export function docxToText(buffer: Buffer, failCode: ErrorCode): Promise<string> {
  return guarded(buffer, failCode, async () => {
    const { default: mammoth } = await import('mammoth');
    const result = await mammoth.extractRawText({ buffer }).catch(() => {
      throw new AppError(failCode);
    });
    return result.value;
  });
}
