import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.ts';
import { buildZip, xlsxParts } from '../../../test/zip-bombs.ts';
import { xlsxRows } from './xlsx-rows.ts';

async function rows(buffer: Buffer): Promise<string[][]> {
  const out: string[][] = [];
  for await (const r of xlsxRows(buffer)) out.push(r);
  return out;
}

async function code(buffer: Buffer): Promise<string> {
  try {
    await rows(buffer);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).code;
  }
  return 'read';
}

const strings = (items: string[]) => ({
  name: 'xl/sharedStrings.xml',
  data: `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${items.join('')}</sst>`,
});

describe('the XLSX row reader', () => {
  it('reads what Excel writers write, as the old reader did', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Customers');
    ws.addRow(['الاسم', 'Mobile', 'Email', 'Age', 'VIP']);
    ws.addRow(['نورة', '+971501234500', { text: 'noura@example.com', hyperlink: 'mailto:noura@example.com' }, 31, true]);
    ws.addRow(['Khalid', 966501234501, { richText: [{ text: 'kha' }, { text: 'lid@example.com', font: { bold: true } }] }, 2.5, false]);
    ws.addRow(['Sum', null, null, { formula: 'D2+D3', result: 33.5 }]);
    wb.addWorksheet('Second').addRow(['not this one']);
    expect(await rows(Buffer.from(await wb.xlsx.writeBuffer()))).toEqual([
      ['الاسم', 'Mobile', 'Email', 'Age', 'VIP'],
      ['نورة', '+971501234500', 'noura@example.com', '31', 'true'],
      ['Khalid', '966501234501', 'khalid@example.com', '2.5', 'false'],
      ['Sum', '', '', '33.5'],
    ]);
  });

  it('every cell type; rich text without its phonetic hints; gaps; prefixed names; no references', async () => {
    const sheet =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><r><t>in</t></r><r><t>line</t></r></is></c>' +
      '<c r="D1" t="str"><f>A1</f><v>formula text</v></c><c r="E1" t="e"><v>#N/A</v></c><c r="F1" t="d"><v>2024-03-01T00:00:00Z</v></c>' +
      '<c r="G1"><v>1.50E+2</v></c><c r="H1" t="s"><v>1</v></c><c r="I1" t="s"><v>99</v></c></row>' +
      '<row><c><v>1</v></c><c t="b"><v>0</v></c></row>';
    const parts = xlsxParts(sheet, strings(['<si><t>a &amp; b</t></si>', '<si><r><t>東京</t></r><rPh><t>トウキョウ</t></rPh></si>']));
    expect(await rows(buildZip(parts))).toEqual([
      ['a & b', '', 'inline', 'formula text', '', '2024-03-01', '150', '東京', ''],
      ['1', 'false'],
    ]);
    // the same with a namespace prefix on every element
    const prefixed = parts.map((p) =>
      p.name === 'xl/worksheets/sheet1.xml'
        ? {
            ...p,
            data: `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>x</x:t></x:is></x:c><x:c><x:v>7</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
          }
        : p,
    );
    expect(await rows(buildZip(prefixed))).toEqual([['x', '7']]);
  });

  it('refuses cells past Excel’s last column, texts longer than any cell, broken XML and non-workbooks', async () => {
    expect(await code(buildZip(xlsxParts('<row><c r="XFE1"><v>1</v></c></row>', null)))).toBe('IMPORT_FILE_INVALID');
    expect(await code(buildZip(xlsxParts('<row><c r="ZZZZZZZZZ1"><v>1</v></c></row>', null)))).toBe('IMPORT_FILE_INVALID');
    const long = `<row><c t="inlineStr"><is><t>${'x'.repeat(2 * 1024 * 1024)}</t></is></c></row>`;
    // stored, so the ratio does not refuse it first
    const stored = xlsxParts(long, null).map((p) => ({ ...p, stored: true }));
    expect(await code(buildZip(stored))).toBe('IMPORT_FILE_INVALID');
    expect(await code(buildZip(xlsxParts('<row><c><v>1</v></row>', null)))).toBe('IMPORT_FILE_INVALID');
    expect(await code(buildZip([{ name: 'hello.txt', data: 'hi' }]))).toBe('IMPORT_FILE_INVALID');
  });

  it('an honest 50,000-row workbook streams row by row within a small heap', async () => {
    const names = Array.from({ length: 1000 }, (_, i) => `<si><t>Name ${i}</t></si>`);
    let sheet = '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Mobile</t></is></c></row>';
    for (let i = 2; i <= 50_001; i++) {
      sheet += `<row r="${i}"><c r="A${i}" t="s"><v>${i % 1000}</v></c><c r="B${i}"><v>${966500000000 + i}</v></c></row>`;
    }
    const file = buildZip(xlsxParts(sheet, strings(names)));
    sheet = '';
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    let count = 0;
    let last: string[] = [];
    for await (const r of xlsxRows(file)) {
      count += 1;
      last = r;
      if (count % 1000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
    expect(count).toBe(50_001);
    expect(last).toEqual(['Name 1', '966500050001']);
    // the decoded sheet (100,000 strings) is never held: what is live stays far below it
    expect(peak).toBeLessThan(48 * 1024 * 1024);
  });
});
