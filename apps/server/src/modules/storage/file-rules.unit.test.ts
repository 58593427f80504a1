import { describe, expect, it } from 'vitest';
import { detectKind } from './file-rules.ts';
import { csvText, tinyDocx, tinyJpeg, tinyPdf, tinyPng, tinyXlsx } from './test-files.ts';

describe('detectKind (by content, per purpose)', () => {
  it('recognises JPG, PNG and PDF for every general purpose', async () => {
    expect(await detectKind(tinyPng(), 'general')).toBe('png');
    expect(await detectKind(tinyJpeg(), 'content')).toBe('jpg');
    expect(await detectKind(tinyPdf(), 'general')).toBe('pdf');
  });

  it('allows only images as a logo', async () => {
    expect(await detectKind(tinyPng(), 'logo')).toBe('png');
    expect(await detectKind(tinyPdf(), 'logo')).toBeNull();
  });

  it('accepts DOCX for templates only', async () => {
    const docx = await tinyDocx();
    expect(await detectKind(docx, 'template')).toBe('docx');
    expect(await detectKind(docx, 'general')).toBeNull();
  });

  it('accepts XLSX and UTF-8 text as CSV for imports only', async () => {
    const xlsx = await tinyXlsx();
    expect(await detectKind(xlsx, 'import')).toBe('xlsx');
    expect(await detectKind(xlsx, 'template')).toBeNull();
    expect(await detectKind(csvText(), 'import')).toBe('csv');
    expect(await detectKind(csvText(), 'general')).toBeNull();
  });

  it('refuses text with NUL bytes or invalid UTF-8 as CSV, and unknown binaries', async () => {
    expect(await detectKind(Buffer.from('a,b\n1,\0\n'), 'import')).toBeNull();
    expect(await detectKind(Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a]), 'import')).toBeNull();
    expect(await detectKind(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'general')).toBeNull();
  });
});
