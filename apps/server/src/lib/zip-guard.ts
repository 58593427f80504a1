/**
 * Every zip a tenant sends (XLSX, DOCX, any later Office or zip format) is opened here, never by a
 * parser on its own: a 400 KB file can inflate to gigabytes, and one such upload would take the
 * heap, and with it the API and the worker of every tenant.
 *
 * Two checks, the same limits. (1) From the central directory, before a byte is inflated: the
 * number of entries, each entry's declared size, the sum of them, the part parsed whole in memory,
 * and the compression ratio of each big entry; encrypted entries, unknown methods and names that
 * appear twice (readers disagree on which one wins) are refused. (2) While inflating: the declared
 * sizes may lie, so the bytes actually produced are counted per entry and in total, and the
 * stream stops at the first byte over a limit (yauzl also stops at the first byte over the
 * declared size). Entries are read by the central directory's offsets, so an entry hidden between
 * the listed ones is never read by anyone.
 */
import type { Readable } from 'node:stream';
import type { ErrorCode } from '@risala/shared';
import yauzl from 'yauzl';
import { AppError } from './errors.ts';

export interface ZipLimits {
  /** entries listed in the central directory */
  maxEntries: number;
  /** uncompressed bytes of any one entry */
  maxEntryBytes: number;
  /** uncompressed bytes of all the entries together */
  maxTotalBytes: number;
  /** uncompressed ÷ compressed, checked on entries above RATIO_FLOOR bytes */
  maxRatio: number;
  /** the entries a reader holds whole in memory (parsed into a DOM, a string table): their total */
  inMemory?: { match: RegExp; maxBytes: number };
  /** the code for a file that is not a readable zip at all */
  invalidCode: ErrorCode;
}

/** Below this size an entry may compress as well as it likes (a 100 KB run of spaces is harmless). */
export const RATIO_FLOOR = 1024 * 1024;

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
const tooLarge = (limit: number, message: string) => new AppError('ARCHIVE_TOO_LARGE', { params: { limit: mb(limit) }, message });
const refused = (message: string) => new AppError('ARCHIVE_REFUSED', { message });

export interface ZipEntry {
  name: string;
  /** declared uncompressed size */
  size: number;
  compressedSize: number;
}

export class GuardedZip {
  private inflated = 0;
  private inflatedInMemory = 0;

  constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly byName: Map<string, yauzl.Entry>,
    private readonly limits: ZipLimits,
  ) {}

  get entries(): ZipEntry[] {
    return [...this.byName.values()].map((e) => ({ name: e.fileName, size: e.uncompressedSize, compressedSize: e.compressedSize }));
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * The inflated bytes of one entry, counted: over the entry limit, the archive's total or the
   * in-memory budget, the stream stops with ARCHIVE_TOO_LARGE; a size that differs from the
   * declared one is ARCHIVE_REFUSED; corrupt data is the caller's invalid-file code.
   */
  async *read(name: string): AsyncGenerator<Buffer> {
    const entry = this.byName.get(name);
    if (!entry) throw new AppError(this.limits.invalidCode, { message: `no entry ${name}` });
    const { maxEntryBytes, maxTotalBytes, inMemory } = this.limits;
    const counted = inMemory?.match.test(name) ?? false;
    let source: Readable;
    try {
      source = await this.zip.openReadStreamPromise(entry);
    } catch (err) {
      throw this.failure(err);
    }
    let bytes = 0;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        this.inflated += chunk.length;
        if (counted) this.inflatedInMemory += chunk.length;
        if (bytes > maxEntryBytes) throw tooLarge(maxEntryBytes, `${name} inflates past ${maxEntryBytes} bytes`);
        if (this.inflated > maxTotalBytes) throw tooLarge(maxTotalBytes, `the archive inflates past ${maxTotalBytes} bytes`);
        if (inMemory && this.inflatedInMemory > inMemory.maxBytes) {
          throw tooLarge(inMemory.maxBytes, `the parts read into memory inflate past ${inMemory.maxBytes} bytes`);
        }
        yield chunk;
      }
    } catch (err) {
      throw this.failure(err);
    } finally {
      source.destroy();
    }
  }

  /** Inflate every entry and throw the bytes away: the archive is what its directory says. */
  async verify(): Promise<void> {
    for (const name of this.byName.keys()) {
      for await (const _ of this.read(name)) {
        // counting is the point
      }
    }
  }

  close(): void {
    this.zip.close();
  }

  private failure(err: unknown): AppError {
    if (err instanceof AppError) return err;
    const message = (err as Error)?.message ?? String(err);
    // yauzl's own check of the declared size, byte by byte
    if (/too many bytes|too few bytes|size mismatch/.test(message)) return refused(`sizes do not match the content: ${message}`);
    return new AppError(this.limits.invalidCode, { message });
  }
}

/**
 * Open a zip held in memory and check its central directory against `limits` before anything
 * is inflated. Read entries with `read(name)` (counted) and close it when done.
 */
export async function openZip(buffer: Buffer, limits: ZipLimits): Promise<GuardedZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (err) {
    throw new AppError(limits.invalidCode, { message: (err as Error).message });
  }
  try {
    // the count comes from the end record: refused before the directory is even walked
    if (zip.entryCount > limits.maxEntries) throw refused(`${zip.entryCount} entries (at most ${limits.maxEntries})`);
    const byName = new Map<string, yauzl.Entry>();
    let total = 0;
    let inMemory = 0;
    for await (const entry of zip.eachEntry()) {
      checkEntry(entry, limits);
      if (byName.has(entry.fileName)) throw refused(`${entry.fileName} appears twice`);
      byName.set(entry.fileName, entry);
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) throw tooLarge(limits.maxTotalBytes, `declared ${total} bytes in all`);
      if (limits.inMemory?.match.test(entry.fileName)) {
        inMemory += entry.uncompressedSize;
        if (inMemory > limits.inMemory.maxBytes) throw tooLarge(limits.inMemory.maxBytes, `declared ${inMemory} bytes read into memory`);
      }
      // after the sizes: "too large" is the clearer answer when both apply
      const { fileName: name, uncompressedSize: size, compressedSize: packed } = entry;
      if (size > RATIO_FLOOR && size > packed * limits.maxRatio) {
        throw refused(`${name} inflates ${Math.round(size / Math.max(packed, 1))} times (at most ${limits.maxRatio})`);
      }
    }
    return new GuardedZip(zip, byName, limits);
  } catch (err) {
    zip.close();
    if (err instanceof AppError) throw err;
    throw new AppError(limits.invalidCode, { message: (err as Error).message });
  }
}

function checkEntry(entry: yauzl.Entry, limits: ZipLimits): void {
  const { fileName: name, uncompressedSize: size } = entry;
  if (entry.isEncrypted()) throw refused(`${name} is encrypted`);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw refused(`${name} uses compression method ${entry.compressionMethod}`);
  }
  if (size > limits.maxEntryBytes) throw tooLarge(limits.maxEntryBytes, `${name} declares ${size} bytes`);
}

/** Open, inflate every entry within the limits, close: for readers that open the zip themselves. */
export async function verifyZip(buffer: Buffer, limits: ZipLimits): Promise<ZipEntry[]> {
  const zip = await openZip(buffer, limits);
  try {
    await zip.verify();
    return zip.entries;
  } finally {
    zip.close();
  }
}
