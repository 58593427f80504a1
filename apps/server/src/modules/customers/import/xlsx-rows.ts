/**
 * The rows of an XLSX's first worksheet, streamed: the archive is opened through the zip guard
 * (limits below), the shared strings are read first into one compact buffer, then the sheet is
 * parsed as it inflates and each row is handed on before the next is read, so a large honest file
 * never has its decoded sheet in memory. XML is read with saxes (no DTD, no entity expansion).
 */
import { type SaxesTagPlain, SaxesParser } from 'saxes';
import { AppError } from '../../../lib/errors.ts';
import { type GuardedZip, openZip, type ZipLimits } from '../../../lib/zip-guard.ts';

const MiB = 1024 * 1024;

/**
 * An import file may be 50 MB packed (about 500,000 customers); honest sheets pack 10–13 to 1, so
 * the sheet may unpack to 512 MB (it is streamed: that costs time, not memory). The shared strings
 * are the one part held in memory: 64 MB covers half a million rows of unique names and emails.
 */
export const XLSX_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxEntryBytes: 512 * MiB,
  maxTotalBytes: 640 * MiB,
  maxRatio: 100,
  inMemory: { match: /sharedStrings\d*\.xml$/i, maxBytes: 64 * MiB },
  invalidCode: 'IMPORT_FILE_INVALID',
};

/** Excel's own bounds: a sheet has at most 16,384 columns and a cell 32,767 characters. */
const MAX_COLUMNS = 16_384;
/** The longest run of XML between two `<`: a cell's text, entity-escaped, fits many times over. */
const MAX_XML_TOKEN = MiB;
/** Text of one row, all cells together. */
const MAX_ROW_CHARS = 4 * MiB;

const invalid = (message: string) => new AppError('IMPORT_FILE_INVALID', { message });
const local = (name: string) => name.slice(name.indexOf(':') + 1);
const attr = (node: SaxesTagPlain, name: string) => {
  for (const [key, value] of Object.entries(node.attributes)) if (local(key) === name) return value;
  return undefined;
};

type XmlHandlers = {
  open?: (node: SaxesTagPlain) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
};

const tooLong = (name: string) => invalid(`${name}: a text or tag longer than ${MAX_XML_TOKEN} bytes`);

/**
 * The bytes since the last `<` once this chunk is read. A chunk shorter than MAX_XML_TOKEN cannot
 * hide a longer gap inside, so only its first `<` (joined to the previous chunk's tail) and its
 * last are looked up; a longer chunk is scanned whole.
 */
function markupGap(chunk: Buffer, sinceTag: number, name: string): number {
  if (chunk.length > MAX_XML_TOKEN) {
    let from = 0;
    for (let at = chunk.indexOf(0x3c); at >= 0; at = chunk.indexOf(0x3c, at + 1)) {
      if (sinceTag + at - from > MAX_XML_TOKEN) throw tooLong(name);
      sinceTag = 0;
      from = at + 1;
    }
    sinceTag += chunk.length - from;
  } else {
    const first = chunk.indexOf(0x3c);
    if (first < 0) sinceTag += chunk.length;
    else if (sinceTag + first > MAX_XML_TOKEN) throw tooLong(name);
    else sinceTag = chunk.length - chunk.lastIndexOf(0x3c) - 1;
  }
  if (sinceTag > MAX_XML_TOKEN) throw tooLong(name);
  return sinceTag;
}

/**
 * Parse one entry as it inflates. saxes holds a text or a tag whole until it ends, so a run
 * without `<` longer than MAX_XML_TOKEN is refused before saxes sees it. It yields after every
 * chunk, so the sheet can hand on the rows that chunk completed.
 */
async function* parseEntry(zip: GuardedZip, name: string, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser({ position: false });
  if (handlers.open) parser.on('opentag', handlers.open as (node: unknown) => void);
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) parser.on('closetag', (node) => handlers.close?.(local(node.name)));
  const decoder = new TextDecoder('utf-8');
  let sinceTag = 0;
  try {
    for await (const chunk of zip.read(name)) {
      sinceTag = markupGap(chunk, sinceTag, name);
      parser.write(decoder.decode(chunk, { stream: true }));
      yield;
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(`${name}: ${(err as Error).message}`);
  }
}

async function drain(parse: AsyncGenerator<void>) {
  for await (const _ of parse) {
    // the handlers do the work
  }
}

/** Relationship id → target, resolved against the folder of the part the relationships belong to. */
async function relationships(zip: GuardedZip, part: string): Promise<Map<string, { type: string; target: string }>> {
  const slash = part.lastIndexOf('/');
  const dir = part.slice(0, slash + 1);
  const relsName = `${dir}_rels/${part.slice(slash + 1)}.rels`;
  const found = new Map<string, { type: string; target: string }>();
  if (!zip.has(relsName)) return found;
  await drain(
    parseEntry(zip, relsName, {
      open: (node) => {
        if (local(node.name) !== 'Relationship' || attr(node, 'TargetMode') === 'External') return;
        const id = attr(node, 'Id');
        const target = attr(node, 'Target');
        if (id && target) found.set(id, { type: attr(node, 'Type') ?? '', target: resolvePart(dir, target) });
      },
    }),
  );
  return found;
}

function resolvePart(dir: string, target: string): string {
  const parts = target.startsWith('/') ? [] : dir.split('/').filter(Boolean);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece && piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

/** The shared strings as UTF-8 in one growing buffer with the end offset of each: no object per string. */
class StringTable {
  private bytes = Buffer.alloc(64 * 1024);
  private ends = new Uint32Array(1024);
  private length = 0;
  private used = 0;

  add(text: string) {
    const size = Buffer.byteLength(text);
    if (this.used + size > this.bytes.length) {
      const grown = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + size));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
    if (this.length === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.length++] = this.used;
  }

  get(index: number): string {
    if (!(index >= 0 && index < this.length)) return '';
    return this.bytes.toString('utf8', index ? this.ends[index - 1] : 0, this.ends[index]);
  }
}

/** Text of `<si>` / `<is>`: every `<t>`, phonetic hints (`<rPh>`) left out. */
function richTextCollector(onDone: (text: string) => void, container: 'si' | 'is') {
  let text: string[] | null = null;
  let inT = false;
  let phonetic = 0;
  return {
    open(name: string) {
      if (name === container) text = [];
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && text && !phonetic) inT = true;
    },
    text(t: string) {
      if (inT) text?.push(t);
    },
    close(name: string) {
      if (name === 't') inT = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === container && text) {
        onDone(text.join(''));
        text = null;
      }
    },
  };
}

async function sharedStrings(zip: GuardedZip, part: string | undefined): Promise<StringTable> {
  const table = new StringTable();
  if (!part || !zip.has(part)) return table;
  const si = richTextCollector((t) => table.add(t), 'si');
  await drain(parseEntry(zip, part, { open: (n) => si.open(local(n.name)), text: si.text, close: si.close }));
  return table;
}

/** "AB12" → 27 (0-based column), or -1 without a reference. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
    if (col > MAX_COLUMNS) throw invalid(`cell ${ref.slice(0, 20)} is beyond column ${MAX_COLUMNS}`);
  }
  return col - 1;
}

/** A cell as text, the way a person reads it in Excel (numbers as JavaScript writes them). */
function cellValue(type: string | undefined, raw: string, strings: StringTable): string {
  switch (type) {
    case 's':
      return strings.get(Number(raw));
    case 'b':
      return raw === '1' ? 'true' : raw === '0' ? 'false' : raw;
    case 'e':
      return '';
    case 'd': {
      const date = new Date(raw);
      return Number.isNaN(date.getTime()) ? raw : date.toISOString().slice(0, 10);
    }
    case 'str':
    case 'inlineStr':
      return raw;
    default: {
      const n = Number.parseFloat(raw);
      return Number.isNaN(n) ? raw : String(n);
    }
  }
}

/** The first worksheet as the workbook lists it, and the shared strings part. */
async function locateParts(zip: GuardedZip): Promise<{ sheet: string; strings?: string }> {
  const root = await relationships(zip, '');
  const workbook =
    [...root.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? (zip.has('xl/workbook.xml') ? 'xl/workbook.xml' : null);
  if (!workbook || !zip.has(workbook)) throw invalid('no workbook');
  const rels = await relationships(zip, workbook);
  let firstSheetId: string | undefined;
  await drain(
    parseEntry(zip, workbook, {
      open: (node) => {
        if (!firstSheetId && local(node.name) === 'sheet') firstSheetId = attr(node, 'id');
      },
    }),
  );
  const sheet = firstSheetId ? rels.get(firstSheetId)?.target : undefined;
  if (!sheet || !zip.has(sheet)) throw invalid('no worksheet');
  // by its relationship, or where every writer puts it
  const strings = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target ?? 'xl/sharedStrings.xml';
  return { sheet, strings };
}

/** Rows of the first worksheet as arrays of text cells (empty cells as ''), in sheet order. */
export async function* xlsxRows(buffer: Buffer): AsyncGenerator<string[]> {
  const zip = await openZip(buffer, XLSX_LIMITS);
  try {
    const parts = await locateParts(zip);
    const strings = await sharedStrings(zip, parts.strings);
    const ready: string[][] = [];
    let row: string[] | null = null;
    let rowChars = 0;
    let cell: { col: number; type?: string; raw: string[] } | null = null;
    let inValue = false;
    const inline = richTextCollector((t) => cell?.raw.push(t), 'is');
    const parse = parseEntry(zip, parts.sheet, {
      open: (node) => {
        const name = local(node.name);
        if (name === 'row') {
          row = [];
          rowChars = 0;
        } else if (name === 'c' && row) {
          const col = columnOf(attr(node, 'r'));
          cell = { col: col >= 0 ? col : row.length, type: attr(node, 't'), raw: [] };
          if (cell.col >= MAX_COLUMNS) throw invalid(`more than ${MAX_COLUMNS} columns`);
        } else if (cell) {
          if (name === 'v') inValue = true;
          else inline.open(name);
        }
      },
      text: (t) => {
        if (!cell) return;
        if (inValue) cell.raw.push(t);
        else inline.text(t);
      },
      close: (name) => {
        if (name === 'v') inValue = false;
        else if (name === 'c' && row && cell) {
          const text = cellValue(cell.type, cell.raw.join(''), strings);
          rowChars += text.length;
          if (rowChars > MAX_ROW_CHARS) throw invalid(`a row holds more than ${MAX_ROW_CHARS} characters`);
          while (row.length < cell.col) row.push('');
          row[cell.col] = text;
          cell = null;
        } else if (name === 'row' && row) {
          ready.push(row);
          row = null;
        } else if (cell) inline.close(name);
      },
    });
    for await (const _ of parse) {
      // hand on what this chunk completed before inflating the next one
      while (ready.length) yield ready.shift() as string[];
    }
    while (ready.length) yield ready.shift() as string[];
  } finally {
    zip.close();
  }
}
