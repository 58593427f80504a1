import { describe, expect, it } from 'vitest';
import { buildZip, docxBomb, xlsxBomb, type ZipPart } from '../test/zip-bombs.ts';
import { AppError } from './errors.ts';
import { openZip, verifyZip, type ZipLimits } from './zip-guard.ts';

const MiB = 1024 * 1024;
const LIMITS: ZipLimits = {
  maxEntries: 50,
  maxEntryBytes: 8 * MiB,
  maxTotalBytes: 12 * MiB,
  maxRatio: 100,
  inMemory: { match: /\.xml$/, maxBytes: 4 * MiB },
  invalidCode: 'IMPORT_FILE_INVALID',
};

async function refusal(run: () => Promise<unknown>): Promise<{ code: string; status: number; message: string }> {
  try {
    await run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    return { code: e.code, status: e.statusCode, message: e.message };
  }
  throw new Error('not refused');
}

/** Random bytes do not compress: an honest big entry with a ratio of 1. */
const noise = (bytes: number) => Buffer.from(Array.from({ length: bytes }, (_, i) => (i * 2654435761) >>> 24));
const spaces = (mb: number): ZipPart['repeat'] => ({ unit: ' ', times: mb * MiB });

describe('the zip guard', () => {
  it('lets an honest archive through and reads each entry', async () => {
    const zip = await openZip(
      buildZip([
        { name: 'a.xml', data: '<a>hello</a>' },
        { name: 'media/b.bin', data: noise(3 * MiB) },
        { name: 'c.txt', data: 'stored', stored: true },
      ]),
      LIMITS,
    );
    expect(zip.entries.map((e) => e.name)).toEqual(['a.xml', 'media/b.bin', 'c.txt']);
    const chunks: Buffer[] = [];
    for await (const c of zip.read('a.xml')) chunks.push(c);
    expect(Buffer.concat(chunks).toString()).toBe('<a>hello</a>');
    await zip.verify();
    zip.close();
  });

  it('refuses the issue’s bombs from the central directory, before inflating anything', async () => {
    for (const bomb of [xlsxBomb(400), docxBomb(300)]) {
      expect(bomb.length).toBeLessThan(450 * 1024);
      const started = performance.now();
      // the declared size alone is over the entry limit
      expect(await refusal(() => openZip(bomb, LIMITS))).toMatchObject({ code: 'ARCHIVE_TOO_LARGE', status: 413 });
      // with room for the size, the ratio (about 1,000 to 1) still gives it away
      const roomy = { ...LIMITS, maxEntryBytes: 1024 * MiB, maxTotalBytes: 1024 * MiB, inMemory: undefined };
      expect(await refusal(() => openZip(bomb, roomy))).toMatchObject({ code: 'ARCHIVE_REFUSED', status: 400 });
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('a central directory that lies about the size: inflating stops at the first byte over it', async () => {
    // declares 1 KB, inflates to 300 MB
    const liar = docxBomb(300, 1024);
    const zip = await openZip(liar, LIMITS);
    const before = process.memoryUsage().rss;
    expect(await refusal(() => zip.verify())).toMatchObject({ code: 'ARCHIVE_REFUSED', message: /sizes do not match/ });
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MiB);
    zip.close();
  });

  it('refuses an entry, an archive or an in-memory part over its budget; a lie under them stops at its declared size', async () => {
    // honest sizes, ratio under the limit, but over the entry / total / in-memory budgets when read
    const entry = buildZip([{ name: 'big.bin', repeat: spaces(9) }]);
    const roomy = { ...LIMITS, maxRatio: 2000 };
    expect(await refusal(() => openZip(entry, roomy))).toMatchObject({ code: 'ARCHIVE_TOO_LARGE' });
    const total = buildZip([
      { name: 'one.bin', repeat: spaces(7) },
      { name: 'two.bin', repeat: spaces(7) },
    ]);
    expect(await refusal(() => openZip(total, roomy))).toMatchObject({ code: 'ARCHIVE_TOO_LARGE', message: /in all/ });
    const parsed = buildZip([
      { name: 'one.xml', repeat: spaces(3) },
      { name: 'two.xml', repeat: spaces(3) },
    ]);
    expect(await refusal(() => openZip(parsed, roomy))).toMatchObject({ code: 'ARCHIVE_TOO_LARGE', message: /into memory/ });
    // a lie that stays under the declared-size check: two entries declaring 1 MB, inflating to 7 MB each
    const lying = buildZip([
      { name: 'one.bin', repeat: spaces(7), declaredSize: MiB },
      { name: 'two.bin', repeat: spaces(7), declaredSize: MiB },
    ]);
    const zip = await openZip(lying, roomy);
    expect(await refusal(() => zip.verify())).toMatchObject({ code: 'ARCHIVE_REFUSED' });
    zip.close();
  });

  it('refuses too many entries, names that appear twice, encryption and unknown methods', async () => {
    const many = buildZip(Array.from({ length: 51 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })));
    expect(await refusal(() => openZip(many, LIMITS))).toMatchObject({ code: 'ARCHIVE_REFUSED', message: /51 entries/ });
    const twice = buildZip([
      { name: 'xl/sharedStrings.xml', data: '<sst/>' },
      { name: 'xl/sharedStrings.xml', data: '<sst/>' },
    ]);
    expect(await refusal(() => openZip(twice, LIMITS))).toMatchObject({ code: 'ARCHIVE_REFUSED', message: /twice/ });
    const encrypted = buildZip([{ name: 'a.txt', data: 'secret' }]);
    const cd = encrypted.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(cd + 8) | 1, cd + 8);
    expect(await refusal(() => openZip(encrypted, LIMITS))).toMatchObject({ code: 'ARCHIVE_REFUSED', message: /encrypted/ });
    const bzip = buildZip([{ name: 'a.txt', data: 'x' }]);
    const cd2 = bzip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bzip.writeUInt16LE(12, cd2 + 10);
    expect(await refusal(() => openZip(bzip, LIMITS))).toMatchObject({ code: 'ARCHIVE_REFUSED', message: /method 12/ });
  });

  it('a file that is not a zip, or whose data is corrupt, is the caller’s invalid-file code', async () => {
    expect(await refusal(() => openZip(Buffer.from('PK\x03\x04 not really'), LIMITS))).toMatchObject({ code: 'IMPORT_FILE_INVALID' });
    const broken = buildZip([{ name: 'a.xml', data: '<a>hello hello hello hello</a>' }]);
    broken.fill(0xff, 40, 50); // inside the deflated data
    expect(await refusal(() => verifyZip(broken, LIMITS))).toMatchObject({ code: 'IMPORT_FILE_INVALID' });
  });
});
