import { crc32, deflateSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../../jobs/worker.ts';
import { bearer, createTestApp, json, multipartFile, signIn, signUp, type TestApp } from '../../../test/helper.ts';
import { neutraliseFormula, neutraliseFormulaSql } from '../../../lib/csv-formula.ts';
import { FORMULA_CELLS, NUMBER_CELLS, SEPARATED_FORMULA_CELLS } from '../../../test/formula-cells.ts';
import { allPlans } from '../../billing/plans.repo.ts';
import { IMPORT_MAX_BYTES } from './file-reader.ts';

const csvRows = (data: Buffer) => parse(data, { bom: true, columns: true }) as Record<string, string>[];

let t: TestApp;
let worker: Runner;
let owner: { accountId: number; token: string };
let stranger: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, token: s.token };
  stranger = { token: (await signIn(t, (await signUp(t, { company_name: 'Other Co' })).email)).token };
});
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const MAPPING = { first_name: 'First Name', last_name: 'Last Name', mobile_number: 'Mobile', email: 'Email', tags: 'Tags' };

function upload(data: Buffer, filename = 'customers.csv', token = owner.token) {
  const body = multipartFile({ filename, contentType: 'text/csv', data });
  return t.app.inject({
    method: 'POST',
    url: '/api/customers/imports',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}
const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = owner.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function waitFinished(id: number, token = owner.token) {
  for (let i = 0; i < 200; i++) {
    const job = json(await call('GET', `/api/customers/imports/${id}`, undefined, token)).data;
    if (['COMPLETED', 'FAILED', 'REJECTED'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

/** upload → mapping → start (queued for the real worker) → finished job */
async function runImport(data: Buffer, config: object = { mapping: MAPPING }, filename = 'customers.csv') {
  const up = await upload(data, filename);
  expect(up.statusCode, up.body).toBe(201);
  const { id } = json(up).data;
  const put = await call('PUT', `/api/customers/imports/${id}`, config);
  expect(put.statusCode, put.body).toBe(200);
  const start = await call('POST', `/api/customers/imports/${id}/start`);
  expect(start.statusCode, start.body).toBe(202);
  return waitFinished(id);
}

const countCustomers = async () =>
  Number((await t.sql('select count(*)::int as n from customers where account_id = $1', [owner.accountId]))[0].n);

function csv(rows: string[][], delimiter = ',') {
  return Buffer.from(`${rows.map((r) => r.join(delimiter)).join('\r\n')}\r\n`);
}
const HEADER = ['First Name', 'Last Name', 'Mobile', 'Email', 'Tags'];

/** 1,000 rows, three of them bad: an invalid number, an invalid email, no contact at all. */
function thousandRows() {
  const rows = [HEADER];
  for (let i = 1; i <= 1000; i++) {
    rows.push([`Name${i}`, `Family${i}`, `+9665${String(10000000 + i)}`, `person${i}@example.com`, '"vip;bulk"']);
  }
  rows[100][2] = '+96612'; // row 101 of the file
  rows[500][3] = 'not-an-email'; // row 501
  rows[900][2] = '';
  rows[900][3] = ''; // row 901
  return csv(rows);
}

describe('customers import', () => {
  it('uploads, maps, runs on the worker: 997 imported, the errors CSV lists exactly the 3 bad rows', async () => {
    const up = await upload(thousandRows());
    expect(up.statusCode).toBe(201);
    const data = json(up).data;
    expect(data.columns).toEqual(HEADER);
    expect(data.total_rows).toBe(1000);
    expect(data.preview).toHaveLength(10);
    expect(data.preview[0]).toEqual(['Name1', 'Family1', '+966510000001', 'person1@example.com', 'vip;bulk']);
    expect(data.suggested_mapping).toEqual(MAPPING);

    // not startable before the mapping
    expect(json(await call('POST', `/api/customers/imports/${data.id}/start`)).code).toBe('IMPORT_NOT_READY');
    expect((await call('PUT', `/api/customers/imports/${data.id}`, { mapping: MAPPING })).statusCode).toBe(200);
    expect((await call('POST', `/api/customers/imports/${data.id}/start`)).statusCode).toBe(202);
    expect(json(await call('POST', `/api/customers/imports/${data.id}/start`)).code).toBe('IMPORT_NOT_READY');
    const job = await waitFinished(data.id);
    expect(job).toMatchObject({ status: 'COMPLETED', total_rows: 1000, processed_rows: 1000, inserted_rows: 997, failed_rows: 3 });
    expect(await countCustomers()).toBe(997);
    const list = json(await call('GET', '/api/customers?search=Family77&sort=name&order=asc')).data;
    expect(list.items[0]).toMatchObject({ first_name: 'Name77', tags: ['vip', 'bulk'], mobile_number: '+966510000077' });

    const report = await call('GET', `/api/customers/imports/${data.id}/errors.csv`);
    expect(report.statusCode).toBe(200);
    expect(report.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const errors = csvRows(report.rawPayload);
    expect(errors).toEqual([
      { row: '101', column: 'Mobile', value: '+96612', message: 'Enter a valid phone number with country code' },
      { row: '501', column: 'Email', value: 'not-an-email', message: 'Enter a valid email address' },
      { row: '901', column: '', value: '', message: 'A customer needs a mobile number or an email address' },
    ]);
    const arabic = await t.app.inject({
      method: 'GET',
      url: `/api/customers/imports/${data.id}/errors.csv`,
      headers: { ...bearer(owner.token), 'accept-language': 'ar' },
    });
    expect(csvRows(arabic.rawPayload)[0].message).not.toMatch(/Enter/);
  });

  it('insert mode reports existing numbers and in-file duplicates; upsert updates them', async () => {
    const rows = [
      HEADER,
      ['Updated', 'Person', '+966510000001', '', 'changed'],
      ['New', 'Person', '0551234567', 'new@example.com', ''], // national, default country SA
      ['Again', 'Twice', '+966551234567', '', ''], // same number as the row above
    ];
    const insert = await runImport(csv(rows), { mapping: MAPPING, mode: 'insert', default_country: 'SA' });
    expect(insert).toMatchObject({ status: 'COMPLETED', inserted_rows: 1, updated_rows: 0, failed_rows: 2 });
    const errs = csvRows((await call('GET', `/api/customers/imports/${insert.id}/errors.csv`)).rawPayload);
    expect(errs.map((e) => e.row)).toEqual(['2', '4']);
    expect(errs[0].message).toBe('This mobile number already exists');
    expect(errs[1].message).toBe('The same mobile number appears earlier in the file');

    const upsert = await runImport(csv(rows.slice(0, 2)), { mapping: MAPPING, mode: 'upsert' });
    expect(upsert).toMatchObject({ status: 'COMPLETED', inserted_rows: 0, updated_rows: 1, failed_rows: 0 });
    const [c] = await t.sql(`select first_name, last_name, email, tags from customers where mobile_number = '+966510000001'`);
    // an empty cell keeps the stored value
    expect(c).toEqual({ first_name: 'Updated', last_name: 'Person', email: 'person1@example.com', tags: ['changed'] });
    expect((await call('GET', `/api/customers/imports/${upsert.id}/errors.csv`)).body).toBe('\ufeffrow,column,value,message\n');
  });

  it('imports an XLSX file (read by content, whatever its name)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Customers');
    ws.addRow(['الاسم', 'Mobile', 'Email']);
    ws.addRow(['نورة', '+971501234500', 'noura@example.com']);
    ws.addRow(['Khalid', '+971501234501', { text: 'khalid@example.com', hyperlink: 'mailto:khalid@example.com' }]);
    ws.addRow(['Bad', 'abc', '']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const up = json(await upload(data, 'export.csv')).data;
    expect(up).toMatchObject({ columns: ['الاسم', 'Mobile', 'Email'], total_rows: 3 });
    expect(up.suggested_mapping).toEqual({ first_name: 'الاسم', mobile_number: 'Mobile', email: 'Email' });
    await call('PUT', `/api/customers/imports/${up.id}`, { mapping: up.suggested_mapping });
    await call('POST', `/api/customers/imports/${up.id}/start`);
    expect(await waitFinished(up.id)).toMatchObject({ status: 'COMPLETED', inserted_rows: 2, failed_rows: 1 });
    const [n] = await t.sql(`select first_name, email from customers where mobile_number = '+971501234500'`);
    expect(n).toEqual({ first_name: 'نورة', email: 'noura@example.com' });
  });

  it('imports a large honest XLSX (50,000 rows, shared strings and numbers) streamed through the zip guard', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Customers');
    ws.addRow(['First Name', 'Mobile', 'Email', 'Tags']);
    for (let i = 1; i <= 50_000; i++) ws.addRow([`Big${i % 700}`, 966590000000 + i, `big${i}@example.com`, 'bulk']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const before = await countCustomers();
    const up = await upload(data, 'big.xlsx');
    expect(up.statusCode, up.body.slice(0, 300)).toBe(201);
    const { id, total_rows, preview } = json(up).data;
    expect(total_rows).toBe(50_000);
    expect(preview[0]).toEqual(['Big1', '966590000001', 'big1@example.com', 'bulk']);
    const mapping = { first_name: 'First Name', mobile_number: 'Mobile', email: 'Email', tags: 'Tags' };
    await call('PUT', `/api/customers/imports/${id}`, { mapping, default_country: 'SA' });
    await call('POST', `/api/customers/imports/${id}/start`);
    let job = json(await call('GET', `/api/customers/imports/${id}`)).data;
    for (let i = 0; i < 600 && !['COMPLETED', 'FAILED', 'REJECTED'].includes(job.status); i++) {
      await new Promise((r) => setTimeout(r, 250));
      job = json(await call('GET', `/api/customers/imports/${id}`)).data;
    }
    expect(job).toMatchObject({ status: 'COMPLETED', inserted_rows: 50_000, failed_rows: 0 });
    expect((await countCustomers()) - before).toBe(50_000);
    const [last] = await t.sql(`select first_name, email, tags from customers where mobile_number = '+966590050000'`);
    expect(last).toEqual({ first_name: 'Big300', email: 'big50000@example.com', tags: ['bulk'] });
  }, 180_000);

  it('adds imported customers to a static group, and a crash mid-way leaves nothing', async () => {
    const [g] = await t.sql(`insert into customer_groups (account_id, group_name) values ($1, 'Imported') returning id`, [owner.accountId]);
    const rows = [HEADER, ['G1', 'X', '+966520000001', '', ''], ['G2', 'X', '+966520000002', '', '']];
    const ok = await runImport(csv(rows), { mapping: MAPPING, add_to_group_id: g.id });
    expect(ok.inserted_rows).toBe(2);
    expect((await t.sql('select contacts_count from customer_groups where id = $1', [g.id]))[0].contacts_count).toBe(2);

    // the group disappears after the mapping was saved: the final write fails and rolls back
    const [gone] = await t.sql(`insert into customer_groups (account_id, group_name) values ($1, 'Gone') returning id`, [owner.accountId]);
    const before = await countCustomers();
    const up = json(await upload(csv([HEADER, ['C1', 'X', '+966530000001', '', ''], ['C2', 'X', '+966530000002', '', '']]))).data;
    await call('PUT', `/api/customers/imports/${up.id}`, { mapping: MAPPING, add_to_group_id: gone.id });
    await t.sql('delete from customer_groups where id = $1', [gone.id]);
    await call('POST', `/api/customers/imports/${up.id}/start`);
    const failed = await waitFinished(up.id);
    expect(failed).toMatchObject({ status: 'FAILED', inserted_rows: 0 });
    expect(await countCustomers()).toBe(before);
    expect(json(await call('GET', `/api/customers/imports/${up.id}/errors.csv`)).code).toBe('IMPORT_NOT_READY');
  });

  it('consent for the whole file only with the importer’s word, recorded in the audit; the group says who no one can reach', async () => {
    const [g] = await t.sql(`insert into customer_groups (account_id, group_name) values ($1, 'Consent') returning id`, [owner.accountId]);
    const unsaid = await t.sql(`insert into customer_groups (account_id, group_name) values ($1, 'No consent') returning id`, [
      owner.accountId,
    ]);
    const up = json(
      await upload(csv([HEADER, ['K1', 'X', '+966549990001', 'k1@example.com', ''], ['K2', 'X', '+966549990002', '', '']])),
    ).data;
    // "everyone consented" without the checkbox, or with a consent column for the same channel: refused
    const unconfirmed = await call('PUT', `/api/customers/imports/${up.id}`, { mapping: MAPPING, consent_all: ['sms'] });
    expect(unconfirmed.statusCode).toBe(400);
    expect(json(unconfirmed).errors).toEqual([expect.objectContaining({ field: 'consent_confirmed' })]);
    const both = await call('PUT', `/api/customers/imports/${up.id}`, {
      mapping: { ...MAPPING, consent_sms: 'Tags' },
      consent_all: ['sms'],
      consent_confirmed: true,
    });
    expect(both.statusCode).toBe(400);

    const config = { mapping: MAPPING, consent_all: ['sms', 'whatsapp'], consent_confirmed: true, add_to_group_id: g.id };
    expect((await call('PUT', `/api/customers/imports/${up.id}`, config)).statusCode).toBe(200);
    expect((await call('POST', `/api/customers/imports/${up.id}/start`)).statusCode).toBe(202);
    expect(await waitFinished(up.id)).toMatchObject({ status: 'COMPLETED', inserted_rows: 2 });
    const stored = await t.sql(
      `select consent_sms, consent_sms_source, consent_whatsapp, consent_email from customers where account_id = $1 and first_name in ('K1', 'K2')`,
      [owner.accountId],
    );
    expect(stored).toEqual(
      [0, 1].map(() => ({ consent_sms: true, consent_sms_source: 'import', consent_whatsapp: true, consent_email: false })),
    );
    const [entry] = await t.sql(
      `select user_id, data from audit_log where account_id = $1 and action = 'customers.import.consent_declared'`,
      [owner.accountId],
    );
    expect(entry.data).toMatchObject({ import_id: up.id, channels: ['sms', 'whatsapp'], rows: 2, file_name: 'customers.csv' });
    expect(entry.user_id).not.toBeNull();

    // the same people without a word on consent: nobody can reach them, and the group says so
    const reached = json(await call('GET', `/api/groups/${g.id}/reach`)).data;
    expect(reached).toEqual({ members: 2, unreachable: 0 });
    await runImport(csv([HEADER, ['N1', 'X', '+966549990011', '', ''], ['N2', 'X', '+966549990012', '', '']]), {
      mapping: MAPPING,
      add_to_group_id: unsaid[0].id,
    });
    expect(json(await call('GET', `/api/groups/${unsaid[0].id}/reach`)).data).toEqual({ members: 2, unreachable: 2 });
    expect((await call('GET', `/api/groups/${g.id}/reach`, undefined, stranger.token)).statusCode).toBe(404);
  });
});

/** A real 1×1 PNG. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 1, 2, 3]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('rejected files create nothing', () => {
  const jobs = async () => Number((await t.sql('select count(*)::int as n from import_jobs'))[0].n);

  it('refuses bad encoding, spoofed types, empty files, broken CSV and oversize', async () => {
    const before = await jobs();
    const latin1 = Buffer.from('First Name,Mobile\nJos\xe9,+966510000999\n', 'latin1');
    const cases: [Buffer, number, string][] = [
      [latin1, 400, 'IMPORT_ENCODING'],
      [png(), 400, 'INVALID_FILE_TYPE'],
      [Buffer.alloc(0), 400, 'IMPORT_EMPTY'],
      [Buffer.from('\ufeff\r\n'), 400, 'IMPORT_EMPTY'],
      [Buffer.from('First Name,Mobile\r\n'), 400, 'IMPORT_EMPTY'],
      // a quote that is never closed: the file cannot be read, and the answer says on which line
      [Buffer.from('First Name,Mobile\n"Ali,+966510000998\n'), 400, 'IMPORT_CSV_LINE'],
      [Buffer.alloc(IMPORT_MAX_BYTES + 1024, 'a'), 413, 'INVALID_FILE_SIZE'],
    ];
    for (const [data, status, code] of cases) {
      const res = await upload(data);
      expect(res.statusCode, code).toBe(status);
      expect(json(res).code).toBe(code);
    }
    const none = await t.app.inject({ method: 'POST', url: '/api/customers/imports', headers: bearer(owner.token), payload: { a: 1 } });
    expect(json(none).code).toBe('FILE_REQUIRED');
    expect(await jobs()).toBe(before);
  });

  it('accepts import files above the 10 MB general upload limit', async () => {
    const line = `${'x'.repeat(100)},+966510000001\n`;
    const big = Buffer.from(`Name,Phone\n${line.repeat(Math.ceil((12 * 1024 * 1024) / line.length))}`);
    const res = await upload(big);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data.total_rows).toBeGreaterThan(100_000);
  });

  it('a wrong delimiter leaves the mapping without its columns: refused, nothing imported', async () => {
    const before = await countCustomers();
    const colon = Buffer.from('First Name:Mobile:Email\nAli:+966510000997:ali@example.com\n');
    const up = json(await upload(colon)).data;
    expect(up.columns).toEqual(['First Name:Mobile:Email']);
    const res = await call('PUT', `/api/customers/imports/${up.id}`, { mapping: { first_name: 'First Name', mobile_number: 'Mobile' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('IMPORT_MISSING_COLUMNS');
    expect(json(res).message).toContain('First Name, Mobile');
    expect(json(await call('POST', `/api/customers/imports/${up.id}/start`)).code).toBe('IMPORT_NOT_READY');
    expect(await countCustomers()).toBe(before);
  });

  it('sniffs ; tab and | delimiters; a mapping without any contact column is refused', async () => {
    for (const d of [';', '\t', '|']) {
      const up = json(
        await upload(
          csv(
            [
              ['Name', 'Phone'],
              ['A', '+966510000996'],
            ],
            d,
          ),
        ),
      ).data;
      expect(up.columns).toEqual(['Name', 'Phone']);
    }
    const up = json(
      await upload(
        csv([
          ['Name', 'Phone'],
          ['A', '+966510000996'],
        ]),
      ),
    ).data;
    const res = await call('PUT', `/api/customers/imports/${up.id}`, { mapping: { first_name: 'Name' } });
    expect(json(res).code).toBe('IMPORT_MISSING_COLUMNS');
    for (const body of [
      {},
      { mapping: { nickname: 'Name' } },
      { mapping: { mobile_number: 'Phone' }, mode: 'merge' },
      { mapping: { mobile_number: 'Phone' }, default_country: 'Saudi' },
    ]) {
      expect((await call('PUT', `/api/customers/imports/${up.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('another account’s import is not found', async () => {
    const up = json(
      await upload(
        csv([
          ['Name', 'Phone'],
          ['A', '+966510000995'],
        ]),
      ),
    ).data;
    const other = (method: 'GET' | 'PUT' | 'POST', url: string, body?: object) => call(method, url, body, stranger.token);
    expect((await other('GET', `/api/customers/imports/${up.id}`)).statusCode).toBe(404);
    expect((await other('PUT', `/api/customers/imports/${up.id}`, { mapping: { mobile_number: 'Phone' } })).statusCode).toBe(404);
    expect((await other('POST', `/api/customers/imports/${up.id}/start`)).statusCode).toBe(404);
    expect((await other('GET', `/api/customers/imports/${up.id}/errors.csv`)).statusCode).toBe(404);
    expect((await call('GET', '/api/customers/imports/0')).statusCode).toBe(400);
  });
});

describe('files as spreadsheets and editors write them', () => {
  it('reads a stray quote inside a field as text', async () => {
    const job = await runImport(Buffer.from('First Name,Last Name,Mobile\nAhmed "Abu Ali",Saleh,+966540000001\n'), {
      mapping: { first_name: 'First Name', last_name: 'Last Name', mobile_number: 'Mobile' },
    });
    expect(job).toMatchObject({ status: 'COMPLETED', inserted_rows: 1, failed_rows: 0 });
    const [c] = await t.sql(`select first_name from customers where mobile_number = '+966540000001'`);
    expect(c.first_name).toBe('Ahmed "Abu Ali"');
  });

  it('says on which line a quote is never closed', async () => {
    const res = await upload(Buffer.from('Name,Mobile\r\nA,+966540000002\r\n\r\n"B,+966540000003\r\nC,+966540000004\r\n'));
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('IMPORT_CSV_LINE');
    expect(json(res).message).toMatch(/^Line 4 of the file could not be read/);
  });

  it('decodes UTF-16 files (with a byte-order mark, either order, or an Excel "Unicode Text" .txt without one)', async () => {
    const text = 'الاسم\tMobile\r\nنورة\t+966540000005\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    const bare = Buffer.from('Name\tMobile\r\nSara\t+966540000006\r\n', 'utf16le');
    for (const [data, name] of [
      [le, 'le.csv'],
      [be, 'be.csv'],
      [bare, 'unicode.txt'],
    ] as const) {
      const res = await upload(data, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const up = json(res).data;
      expect(up.columns[1]).toBe('Mobile');
      expect(up.preview[0][1]).toMatch(/^\+96654000000[56]$/);
    }
    const up = json(await upload(le, 'le.csv')).data;
    await call('PUT', `/api/customers/imports/${up.id}`, { mapping: { first_name: 'الاسم', mobile_number: 'Mobile' } });
    await call('POST', `/api/customers/imports/${up.id}/start`);
    expect(await waitFinished(up.id)).toMatchObject({ status: 'COMPLETED', inserted_rows: 1 });
    const [c] = await t.sql(`select first_name from customers where mobile_number = '+966540000005'`);
    expect(c.first_name).toBe('نورة');
  });
});

describe('formulas in CSV files (spreadsheet injection)', () => {
  it('the errors report writes cells starting with = + - @ as text; a signed number stays a number', async () => {
    const rows = [
      ['First Name', 'Last Name', 'Mobile', 'Email', 'Tags'],
      ['A', 'X', '+cmd', '', ''],
      ['B', 'X', '+966550000001', '@SUM(A1)', ''],
      ['C', 'X', '=1+2', '', ''],
      ['D', 'X', '-1', '', ''],
      ['E', 'X', "-1+1+cmd|' /C calc'!A0", '', ''],
      ['F', 'X', '+1+HYPERLINK("http://evil.example")', '', ''],
    ];
    const job = await runImport(csv(rows));
    expect(job).toMatchObject({ status: 'COMPLETED', failed_rows: 6 });
    const report = (await call('GET', `/api/customers/imports/${job.id}/errors.csv`)).rawPayload;
    expect(csvRows(report).map((r) => r.value)).toEqual([
      "'+cmd",
      "'@SUM(A1)",
      "'=1+2",
      '-1',
      "'-1+1+cmd|' /C calc'!A0",
      `'+1+HYPERLINK("http://evil.example")`,
    ]);
  });

  it('the customer export (streamed by PostgreSQL) neutralises them too, and imports back unchanged', async () => {
    const people = [
      {
        first_name: '=1+2',
        last_name: '@SUM(A1)',
        city: '+cmd',
        mobile_number: '+966560000001',
        tags: ['=x', 'formula'],
        consent: { sms: { granted: true, source: '=HYPERLINK("http://evil.example")' } },
      },
      { first_name: '-1', last_name: 'Plain', city: '-1', mobile_number: '+966560000002', email: 'plain@example.com', tags: ['formula'] },
      {
        first_name: "-1+1+cmd|' /C calc'!A0",
        last_name: '+1+HYPERLINK("http://evil.example","x")',
        city: '-12.5',
        mobile_number: '+966560000003',
        tags: ['formula'],
      },
    ];
    for (const p of people) expect((await call('POST', '/api/customer', p)).statusCode).toBe(201);
    const res = await call('GET', '/api/customers/export.csv?tag=formula');
    expect(res.statusCode).toBe(200);
    const exported = csvRows(res.rawPayload);
    const first = exported.find((r) => r.mobile_number === '+966560000001');
    expect(first).toMatchObject({
      first_name: "'=1+2",
      last_name: "'@SUM(A1)",
      city: "'+cmd",
      consent_sms_source: `'=HYPERLINK("http://evil.example")`,
    });
    expect(first?.tags).toBe("'=x;formula"); // the tags are one cell: the ' leads it
    const second = exported.find((r) => r.mobile_number === '+966560000002');
    expect(second).toMatchObject({ first_name: '-1', last_name: 'Plain', city: '-1', email: 'plain@example.com' });
    // a sign followed by more than a number is a formula; only a whole number stays as it is
    const third = exported.find((r) => r.mobile_number === '+966560000003');
    expect(third).toMatchObject({
      first_name: "'-1+1+cmd|' /C calc'!A0",
      last_name: `'+1+HYPERLINK("http://evil.example","x")`,
      city: '-12.5',
    });

    // the same file imported into another account gives the same customers
    const up = await upload(res.rawPayload, 'customers.csv', stranger.token);
    expect(up.statusCode, up.body).toBe(201);
    const { id, suggested_mapping } = json(up).data;
    expect((await call('PUT', `/api/customers/imports/${id}`, { mapping: suggested_mapping }, stranger.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/customers/imports/${id}/start`, undefined, stranger.token)).statusCode).toBe(202);
    expect(await waitFinished(id, stranger.token)).toMatchObject({ status: 'COMPLETED', inserted_rows: 3, failed_rows: 0 });
    const theirs = json(await call('GET', '/api/customers?tag=formula&sort=name&order=asc', undefined, stranger.token)).data.items;
    const back = Object.fromEntries(theirs.map((c: { mobile_number: string }) => [c.mobile_number, c]));
    expect(back['+966560000001']).toMatchObject({ first_name: '=1+2', last_name: '@SUM(A1)', city: '+cmd' });
    expect([...back['+966560000001'].tags].sort()).toEqual(['=x', 'formula']);
    expect(back['+966560000002']).toMatchObject({ first_name: '-1', last_name: 'Plain', city: '-1', email: 'plain@example.com' });
    expect(back['+966560000003']).toMatchObject({
      first_name: "-1+1+cmd|' /C calc'!A0",
      last_name: '+1+HYPERLINK("http://evil.example","x")',
      city: '-12.5',
    });
  });

  it('the export quotes a cell with a ; or a tab and neutralises the formula after it; it imports back unchanged', async () => {
    const name = "x;=1+1+cmd|' /C calc'!A0";
    const person = { first_name: name, last_name: 'a\t-2+3', city: 'Riyadh', mobile_number: '+966560000009', tags: ['a', '=b', 'sep'] };
    expect((await call('POST', '/api/customer', person)).statusCode).toBe(201);
    const res = await call('GET', '/api/customers/export.csv?tag=sep');
    const line = res.body.split('\n').find((l) => l.includes('+966560000009')) as string;
    // one cell whatever the spreadsheet's list separator, and no cell of it starts a formula
    expect(line).toContain(`"x;'=1+1+cmd|' /C calc'!A0"`);
    expect(line).toContain(`"a\t'-2+3"`);
    expect(line).toContain("'=b"); // the tags are joined with ; in one cell: the tag after a ; is neutralised too
    expect(line).not.toMatch(/[;,"]=b/);
    expect(line).toContain('"Riyadh"');
    // split on ; as Excel with a ; list separator would (quotes and all): no piece starts a formula
    for (const piece of line.split(/[;,\t]/)) expect(piece.replace(/^"/, ''), piece).not.toMatch(/^[=+@-](?![0-9.]+"?$)/);

    const up = await upload(res.rawPayload, 'customers.csv', stranger.token);
    const { id, suggested_mapping } = json(up).data;
    expect((await call('PUT', `/api/customers/imports/${id}`, { mapping: suggested_mapping }, stranger.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/customers/imports/${id}/start`, undefined, stranger.token)).statusCode).toBe(202);
    expect(await waitFinished(id, stranger.token)).toMatchObject({ status: 'COMPLETED', failed_rows: 0 });
    const [back] = json(await call('GET', '/api/customers?tag=sep', undefined, stranger.token)).data.items;
    expect(back).toMatchObject({ first_name: name, last_name: 'a\t-2+3' });
    expect([...back.tags].sort()).toEqual(['=b', 'a', 'sep']);
  });

  it('the error report quotes a cell with a ; and neutralises the formula after it', async () => {
    const rows = [
      ['First Name', 'Last Name', 'Mobile', 'Email', 'Tags'],
      ['A', 'X', "x;=1+1+cmd|' /C calc'!A0", '', ''],
    ];
    const job = await runImport(csv(rows));
    const report = (await call('GET', `/api/customers/imports/${job.id}/errors.csv`)).body;
    expect(report).toContain(`"x;'=1+1+cmd|' /C calc'!A0"`);
  });

  it('the SQL form of the rule (used by COPY) treats every cell as the JS form does', async () => {
    for (const [v, out] of SEPARATED_FORMULA_CELLS) {
      const [row] = await t.sql<{ out: string }>(`select ${neutraliseFormulaSql('$1::text')} as out`, [v]);
      expect(row.out, JSON.stringify(v)).toBe(out);
    }
    for (const v of [...FORMULA_CELLS, ...NUMBER_CELLS, 'Sara', "'-1", "''=x", '', "O'Brien"]) {
      const [row] = await t.sql<{ out: string }>(`select ${neutraliseFormulaSql('$1::text')} as out`, [v]);
      expect(row.out, JSON.stringify(v)).toBe(neutraliseFormula(v));
    }
  });
});

describe('starting twice and the recent imports', () => {
  it('a second start answers 409 with the running job, so the page can follow it', async () => {
    const up = json(await upload(csv([HEADER, ['S', 'X', '+966570000001', '', '']]))).data;
    await call('PUT', `/api/customers/imports/${up.id}`, { mapping: MAPPING });
    const [a, b] = await Promise.all([
      call('POST', `/api/customers/imports/${up.id}/start`),
      call('POST', `/api/customers/imports/${up.id}/start`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const refused = json(a.statusCode === 409 ? a : b);
    expect(refused.code).toBe('IMPORT_NOT_READY');
    expect(refused.data).toMatchObject({ id: up.id });
    expect(refused.data.status).not.toBe('UPLOADED');
    await waitFinished(up.id);
    const late = json(await call('POST', `/api/customers/imports/${up.id}/start`));
    expect(late).toMatchObject({ code: 'IMPORT_NOT_READY', data: { id: up.id, status: 'COMPLETED' } });
    // not started because no mapping was saved: refused without a job to follow
    const fresh = json(await upload(csv([HEADER, ['T', 'X', '+966570000002', '', '']]))).data;
    const unmapped = json(await call('POST', `/api/customers/imports/${fresh.id}/start`));
    expect(unmapped.code).toBe('IMPORT_NOT_READY');
    expect(unmapped.data).toBeUndefined();
  });

  it('lists the account’s imports, newest first, paged; another account sees only its own', async () => {
    expect((await upload(csv([HEADER, ['U', 'X', '+966570000003', '', '']]), 'theirs.csv', stranger.token)).statusCode).toBe(201);
    const page1 = json(await call('GET', '/api/customers/imports?limit=2')).data;
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBeGreaterThan(2);
    expect(page1.items[0].id).toBeGreaterThan(page1.items[1].id);
    expect(page1.items[0]).toMatchObject({ status: 'UPLOADED', file_name: 'customers.csv' });
    const page2 = json(await call('GET', '/api/customers/imports?limit=2&page=2')).data;
    expect(page2.items[0].id).toBeLessThan(page1.items[1].id);
    const theirs = json(await call('GET', '/api/customers/imports', undefined, stranger.token)).data;
    const mine = new Set((json(await call('GET', '/api/customers/imports?limit=100')).data.items as { id: number }[]).map((j) => j.id));
    expect(theirs.items.length).toBeGreaterThan(0);
    expect(theirs.items.every((j: { id: number }) => !mine.has(j.id))).toBe(true);
    expect((await call('GET', '/api/customers/imports?limit=0')).statusCode).toBe(400);
    expect((await call('GET', '/api/customers/imports?page=abc')).statusCode).toBe(400);
  });
});

describe('the plan’s customers limit', () => {
  it('rejects an import that would pass it, whole (PLAN_LIMIT_EXCEEDED), and keeps what was there', async () => {
    const before = await countCustomers();
    // a plan with room for two more customers (plans are data: a row, read through the catalogue)
    await t.sql(
      `insert into plans (key, name, monthly_price, yearly_price, max_customers, public) values ('tiny_test', 'Tiny', 100, 1000, $1, false)`,
      [before + 2],
    );
    await t.sql("update accounts set plan = 'tiny_test' where id = $1", [owner.accountId]);
    await allPlans(t.ctx.db, true);
    try {
      const rows = [HEADER];
      for (let i = 1; i <= 3; i++) rows.push([`Limit${i}`, 'X', `+9665${String(30000000 + i)}`, `limit${i}@example.com`, 'x']);
      const job = await runImport(csv(rows));
      expect(job).toMatchObject({ status: 'REJECTED', error_code: 'PLAN_LIMIT_EXCEEDED', inserted_rows: 0 });
      expect(await countCustomers()).toBe(before);
      // two fit
      const fits = await runImport(csv(rows.slice(0, 3)));
      expect(fits).toMatchObject({ status: 'COMPLETED', inserted_rows: 2 });
    } finally {
      await t.sql("update accounts set plan = 'free_trial' where id = $1", [owner.accountId]);
    }
  });
});
