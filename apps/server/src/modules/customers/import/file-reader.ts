import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { AppError } from '../../../lib/errors.ts';
import { xlsxRows } from './xlsx-rows.ts';

/** Import files may be larger than ordinary uploads (10 MB): 50 MB, about 500,000 customers. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export type ImportFile = { format: 'xlsx' } | { format: 'csv'; delimiter: string };

const DELIMITERS = [',', ';', '\t', '|'];
const BINARY_MAGIC = [
  [0x89, 0x50, 0x4e, 0x47], // png
  [0xff, 0xd8, 0xff], // jpg
  [0x25, 0x50, 0x44, 0x46], // pdf
  [0x47, 0x49, 0x46, 0x38], // gif
  [0x1f, 0x8b], // gzip
  [0xd0, 0xcf, 0x11, 0xe0], // legacy .xls / .doc
];

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

/** True when every byte sequence is valid UTF-8 (checked in chunks, nothing kept). */
function isUtf8(buf: Buffer): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for (let i = 0; i < buf.length; i += 1 << 20) decoder.decode(buf.subarray(i, i + (1 << 20)), { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The delimiter that splits the first lines into the same, largest number of fields. */
export function sniffDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 10);
  let best = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => l.split(d).length - 1);
    const consistent = counts.every((c) => c === counts[0]);
    const score = counts[0] * (consistent ? 2 : 1);
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/**
 * UTF-16 text (Excel's "Unicode Text" .txt, some CSV exports) re-encoded as UTF-8, so it is read
 * like any CSV: by its byte-order mark (FF FE / FE FF), or without one when every other byte of
 * the start is zero. Any other file comes back as it is.
 */
export function toUtf8(buf: Buffer): Buffer {
  let encoding: 'utf-16le' | 'utf-16be' | null = null;
  let start = 0;
  if (buf[0] === 0xff && buf[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (buf[0] === 0xfe && buf[1] === 0xff) [encoding, start] = ['utf-16be', 2];
  else encoding = sniffUtf16(buf.subarray(0, 4096));
  if (!encoding) return buf;
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(buf.subarray(start));
  } catch {
    throw new AppError('IMPORT_ENCODING');
  }
  return Buffer.from(text.replace(/^\ufeff/, ''), 'utf8');
}

/** Mostly-ASCII UTF-16 without a byte-order mark: the high byte of each character is zero. */
function sniffUtf16(head: Buffer): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.floor(head.length / 2);
  if (pairs < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (head[i] === 0) evenZero += 1;
    if (head[i + 1] === 0) oddZero += 1;
  }
  if (oddZero >= pairs * 0.9 && evenZero === 0) return 'utf-16le';
  if (evenZero >= pairs * 0.9 && oddZero === 0) return 'utf-16be';
  return null;
}

/** Decide the format by content, never by name: XLSX is a zip, CSV must be UTF-8 text. */
export function detectImportFile(buf: Buffer): ImportFile {
  const body = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
  if (
    !body
      .subarray(0, 64 * 1024)
      .toString('utf8')
      .trim()
  )
    throw new AppError('IMPORT_EMPTY');
  if (startsWith(body, [0x50, 0x4b, 0x03, 0x04])) return { format: 'xlsx' };
  if (BINARY_MAGIC.some((m) => startsWith(body, m)) || body.subarray(0, 8192).includes(0)) {
    throw new AppError('INVALID_FILE_TYPE');
  }
  if (!isUtf8(body)) throw new AppError('IMPORT_ENCODING');
  return { format: 'csv', delimiter: sniffDelimiter(body.subarray(0, 64 * 1024).toString('utf8')) };
}

/**
 * Rows of an import file as arrays of text cells, header first, streamed with bounded memory (an
 * XLSX comes as the bytes of the zip: it is read through the zip guard, see xlsx-rows.ts).
 * CSV is read leniently where spreadsheets are: a quote inside an unquoted field (`Ahmed "Abu Ali"`)
 * is kept as text, rows may have more or fewer cells. A file that still cannot be read says where.
 */
export async function* readRows(data: Buffer | Readable, file: ImportFile): AsyncGenerator<string[]> {
  try {
    if (file.format === 'xlsx') {
      if (!Buffer.isBuffer(data)) throw new AppError('IMPORT_FILE_INVALID', { message: 'an XLSX is read from its bytes' });
      yield* xlsxRows(data);
      return;
    }
    const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
    const parser = source.pipe(
      parse({ delimiter: file.delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
    );
    for await (const record of parser) yield record as string[];
  } catch (err) {
    if (err instanceof AppError) throw err;
    const line = brokenLine(err, Buffer.isBuffer(data) ? data : null);
    if (line) throw new AppError('IMPORT_CSV_LINE', { params: { line }, message: (err as Error).message });
    throw new AppError('IMPORT_FILE_INVALID', { message: (err as Error).message });
  }
}

/**
 * The line (as editors count them, from 1) where the record csv-parse could not read starts: after
 * the bytes of the records it did read (`bytes`). An unclosed quote is only noticed at the end of the file,
 * so csv-parse's own line number would point there.
 */
function brokenLine(err: unknown, data: Buffer | null): number | null {
  const e = err as { code?: unknown; bytes?: unknown; lines?: unknown };
  if (typeof e.code !== 'string' || !e.code.startsWith('CSV_')) return null;
  if (data && typeof e.bytes === 'number') {
    let line = 1;
    for (let i = data.indexOf(10); i >= 0 && i < e.bytes; i = data.indexOf(10, i + 1)) line += 1;
    // blank lines between the last record read and the broken one
    for (let i = e.bytes; data[i] === 10 || data[i] === 13; i++) if (data[i] === 10) line += 1;
    return line;
  }
  return typeof e.lines === 'number' && e.lines > 0 ? e.lines : null;
}

/** Header names, trimmed; blank ones get a placeholder so every column can be mapped. */
export function headerNames(cells: string[]): string[] {
  return cells.map((c, i) => c.trim() || `Column ${i + 1}`);
}
