/**
 * Zip archives written byte by byte for the archive guard's tests (test support): honest ones,
 * decompression bombs and archives whose central directory lies. A bomb's content is a unit
 * repeated; it is deflated once per block (each block flushed with a full flush, so the blocks
 * stand alone and can be written one after the other), which makes a 400 MB entry cost a
 * fraction of a second and almost no memory to build.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** the content of a small entry */
  data?: Buffer | string;
  /** the content of a big one: `head`, `unit` repeated `times`, `tail` */
  repeat?: { unit: string; times: number; head?: string; tail?: string };
  /** what both headers say the entry inflates to (the truth when absent) */
  declaredSize?: number;
  /** store instead of deflate */
  stored?: boolean;
}

const BLOCK = 1 << 20;
const flush = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_FULL_FLUSH });

function packed(part: ZipPart): { body: Buffer; size: number; crc: number } {
  if (part.data !== undefined) {
    const raw = Buffer.from(part.data);
    const body = part.stored ? raw : deflateRawSync(raw, { level: 9 });
    return { body, size: raw.length, crc: crc32(raw) };
  }
  const { unit, times, head = '', tail = '' } = part.repeat as NonNullable<ZipPart['repeat']>;
  const perBlock = Math.max(1, Math.floor(BLOCK / unit.length));
  const block = Buffer.from(unit.repeat(perBlock));
  const blockBody = flush(block);
  const chunks: Buffer[] = [flush(Buffer.from(head))];
  let crc = crc32(Buffer.from(head));
  let size = Buffer.byteLength(head);
  let left = times;
  while (left >= perBlock) {
    chunks.push(blockBody);
    crc = crc32(block, crc);
    size += block.length;
    left -= perBlock;
  }
  const rest = Buffer.from(unit.repeat(left) + tail);
  chunks.push(deflateRawSync(rest, { level: 9 }));
  crc = crc32(rest, crc);
  size += rest.length;
  return { body: Buffer.concat(chunks), size, crc };
}

/** A zip of these parts, in this order; every header is exactly what the parts say. */
export function buildZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { body, size, crc } = packed(part);
    const name = Buffer.from(part.name, 'utf8');
    const method = part.stored ? 0 : 8;
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    local.copy(header, 8, 6, 26); // flags … uncompressed size
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(header, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts of a one-sheet workbook around `sheet` (a sheetData body) and its shared strings. */
export function xlsxParts(sheet: string | ZipPart['repeat'], sharedStrings: ZipPart | null): ZipPart[] {
  const sheetPart: ZipPart =
    typeof sheet === 'string'
      ? { name: 'xl/worksheets/sheet1.xml', data: `<worksheet xmlns="${SHEET_NS}"><sheetData>${sheet}</sheetData></worksheet>` }
      : { name: 'xl/worksheets/sheet1.xml', repeat: sheet };
  return [
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Customers" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    ...(sharedStrings ? [sharedStrings] : []),
    sheetPart,
  ];
}

const MB = 1024 * 1024;

/** The issue's .xlsx: a few hundred KB whose sharedStrings.xml inflates to `mb` MB (400 by default). */
export function xlsxBomb(mb = 400, declaredSize?: number): Buffer {
  // one long run of a single letter: what deflate packs tightest (about 1,000 to 1)
  return buildZip(
    xlsxParts('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', {
      name: 'xl/sharedStrings.xml',
      repeat: { unit: 'A', times: mb * MB, head: `<sst xmlns="${SHEET_NS}"><si><t>`, tail: '</t></si></sst>' },
      declaredSize,
    }),
  );
}

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The parts of a .docx whose document body is `body` (or a repeated paragraph). */
export function docxParts(body: string | ZipPart['repeat'], declaredSize?: number): ZipPart[] {
  const document: ZipPart =
    typeof body === 'string'
      ? { name: 'word/document.xml', data: `<w:document xmlns:w="${W_NS}"><w:body>${body}</w:body></w:document>`, declaredSize }
      : { name: 'word/document.xml', repeat: body, declaredSize };
  return [
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    document,
  ];
}

/** The issue's .docx: a few hundred KB whose document.xml inflates to `mb` MB (300 by default). */
export function docxBomb(mb = 300, declaredSize?: number): Buffer {
  return buildZip(
    docxParts(
      {
        unit: 'A',
        times: mb * MB,
        head: `<w:document xmlns:w="${W_NS}"><w:body><w:p><w:r><w:t>`,
        tail: '</w:t></w:r></w:p></w:body></w:document>',
      },
      declaredSize,
    ),
  );
}
