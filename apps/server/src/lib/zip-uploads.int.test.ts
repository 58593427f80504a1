/**
 * Decompression bombs through the real endpoints that read a zip: the customer import (XLSX),
 * the Word conversion of templates and the AI briefs (DOCX). Each is answered with its code in the
 * reader's language, quickly, without the process's memory growing, and /health answers after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, multipartFile, signIn, signUp, type TestApp } from '../test/helper.ts';
import { buildZip, docxBomb, docxParts, xlsxBomb, xlsxParts } from '../test/zip-bombs.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  token = (await signIn(t, a.email)).token;
});
afterAll(() => t.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ENDPOINTS = {
  import: { url: '/api/customers/imports', contentType: XLSX, filename: 'customers.xlsx' },
  docx: { url: '/api/templates/upload-docx', contentType: DOCX, filename: 'offer.docx' },
  brief: { url: '/api/ai/upload', contentType: DOCX, filename: 'brief.docx' },
};

function upload(to: keyof typeof ENDPOINTS, data: Buffer, lang = 'en') {
  const { url, contentType, filename } = ENDPOINTS[to];
  const body = multipartFile({ filename, contentType, data });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...body.headers, 'accept-language': lang },
    payload: body.payload,
  });
}

const MiB = 1024 * 1024;

/** Upload, and check the answer, the time it took, the memory it cost and that /health still answers. */
async function expectRefused(to: keyof typeof ENDPOINTS, data: Buffer, status: number, code: string) {
  global.gc?.();
  const rss = process.memoryUsage().rss;
  const started = performance.now();
  const res = await upload(to, data);
  const ms = performance.now() - started;
  expect(res.statusCode, `${to}: ${res.body.slice(0, 300)}`).toBe(status);
  expect(json(res).code).toBe(code);
  expect(ms, `${to} answered in ${ms.toFixed(0)} ms`).toBeLessThan(5000);
  expect(process.memoryUsage().rss - rss, `${to} memory`).toBeLessThan(96 * MiB);
  const health = await t.app.inject({ method: 'GET', url: '/health' });
  expect(health.statusCode).toBe(200);
  return json(res);
}

describe('zip-based uploads under attack', () => {
  it('the issue’s 410 KB .xlsx (400 MB of shared strings): 413 ARCHIVE_TOO_LARGE, in both languages', async () => {
    const bomb = xlsxBomb(400);
    expect(bomb.length).toBeLessThan(420 * 1024);
    const en = await expectRefused('import', bomb, 413, 'ARCHIVE_TOO_LARGE');
    expect(en.message).toMatch(/more than 64 MB/);
    const ar = json(await upload('import', bomb, 'ar'));
    expect(ar.code).toBe('ARCHIVE_TOO_LARGE');
    expect(ar.message).toMatch(/كبير جدًا بعد فكّ ضغطه/);
    expect(Number((await t.sql('select count(*)::int as n from import_jobs'))[0].n)).toBe(0);
  });

  it('an .xlsx under every size limit that packs 300 to 1: 400 ARCHIVE_REFUSED, in both languages', async () => {
    const row = '<row><c t="inlineStr"><is><t>Customer</t></is></c></row>';
    const sheet = {
      unit: row,
      times: Math.ceil((40 * MiB) / row.length),
      head: '<worksheet><sheetData>',
      tail: '</sheetData></worksheet>',
    };
    const dense = buildZip(xlsxParts(sheet, null));
    const en = await expectRefused('import', dense, 400, 'ARCHIVE_REFUSED');
    expect(en.message).toMatch(/packed in an unusual way/);
    expect(json(await upload('import', dense, 'ar')).message).toMatch(/طريقة ضغطه غير معتادة/);
  });

  it('an .xlsx whose directory says 1 KB for 400 MB: stopped while inflating, 400 ARCHIVE_REFUSED', async () => {
    await expectRefused('import', xlsxBomb(400, 1024), 400, 'ARCHIVE_REFUSED');
  });

  it('the issue’s 300 KB .docx (300 MB of document): refused by the template conversion and the briefs', async () => {
    const bomb = docxBomb(300);
    expect(bomb.length).toBeLessThan(320 * 1024);
    await expectRefused('docx', bomb, 413, 'ARCHIVE_TOO_LARGE');
    await expectRefused('brief', bomb, 413, 'ARCHIVE_TOO_LARGE');
    // lying about its size
    await expectRefused('docx', docxBomb(300, 2048), 400, 'ARCHIVE_REFUSED');
    await expectRefused('brief', docxBomb(300, 2048), 400, 'ARCHIVE_REFUSED');
  });

  it('a .docx with more XML than mammoth may hold: 413 ARCHIVE_TOO_LARGE; an ordinary one converts', async () => {
    const paragraph = '<w:p><w:r><w:t>Our weekend offer: twenty percent off every order</w:t></w:r></w:p>';
    const big = buildZip(docxParts(paragraph.repeat(Math.ceil((3 * MiB) / paragraph.length))));
    await expectRefused('docx', big, 413, 'ARCHIVE_TOO_LARGE');
    const ok = await upload('docx', buildZip(docxParts(paragraph.repeat(200))));
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    expect(json(ok).data.html).toContain('<p>Our weekend offer: twenty percent off every order</p>');
  });
});
