import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.ts';
import { detectImportFile, sniffDelimiter } from './file-reader.ts';
import { planImport, suggestMapping, validateRow } from './row-validate.ts';

const columns = ['Name', 'Phone', 'Email', 'Country', 'Tags', 'SMS', 'Plan'];
const plan = planImport(
  columns,
  {
    first_name: 'Name',
    mobile_number: 'Phone',
    email: 'Email',
    country: 'Country',
    tags: 'Tags',
    consent_sms: 'SMS',
    'attributes.plan': 'Plan',
  },
  'SA',
);

describe('validateRow', () => {
  it('normalises a valid row into one COPY line', () => {
    const r = validateRow(['Ali\tBaba', '050 123 4567', 'ALI@Example.com', 'sa', 'vip, new;vip', 'yes', 'gold'], 2, plan);
    expect(r).toEqual({
      line: '2\tAli\\tBaba\t\\N\t+966501234567\tali@example.com\t\\N\tSA\t\\N\tvip\u001fnew\t{"plan":"gold"}\t\\N\tt\t\\N\n',
    });
  });

  it('reads a national number with the row country before the default', () => {
    const r = validateRow(['', '050 123 4567', '', 'AE', '', '', ''], 3, plan);
    expect('line' in r && r.line.split('\t')[3]).toBe('+971501234567');
  });

  it('reports every bad cell with its column and value', () => {
    const r = validateRow(['x'.repeat(101), '12', 'nope', 'Saudi', '', 'maybe', ''], 7, plan);
    expect('errors' in r && r.errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [7, 'Name', 'validation.tooLong'],
      [7, 'Country', 'validation.invalid'],
      [7, 'Phone', 'validation.phone.invalid'],
      [7, 'Email', 'validation.email'],
      [7, 'SMS', 'validation.invalid'],
    ]);
  });

  it('needs a mobile number or an email', () => {
    const r = validateRow(['Ali', '', '', '', '', '', ''], 4, plan);
    expect('errors' in r && r.errors[0].code).toBe('errors.CUSTOMER_CONTACT_REQUIRED');
  });
});

describe('planImport and suggestMapping', () => {
  it('refuses mapped columns the file does not have, and a mapping without contact', () => {
    expect(() => planImport(columns, { first_name: 'Vorname', mobile_number: 'Phone' })).toThrow(AppError);
    expect(() => planImport(columns, { first_name: 'Name' })).toThrow(/IMPORT_MISSING_COLUMNS/);
  });
  it('guesses the mapping from English and Arabic headers', () => {
    expect(suggestMapping(['First Name', 'رقم الجوال', 'E-mail', 'Email'])).toEqual({
      first_name: 'First Name',
      mobile_number: 'رقم الجوال',
      email: 'E-mail',
    });
  });
});

describe('detectImportFile', () => {
  it('decides by content', () => {
    expect(detectImportFile(Buffer.from('a;b;c\n1;2;3\n'))).toEqual({ format: 'csv', delimiter: ';' });
    expect(detectImportFile(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toEqual({ format: 'xlsx' });
    expect(() => detectImportFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toThrow(/INVALID_FILE_TYPE/);
    expect(() => detectImportFile(Buffer.from('name\nJos\xe9\n', 'latin1'))).toThrow(/IMPORT_ENCODING/);
    expect(() => detectImportFile(Buffer.from(' \r\n'))).toThrow(/IMPORT_EMPTY/);
  });
  it('sniffs the delimiter that splits lines consistently', () => {
    expect(sniffDelimiter('a\tb\tc\n1\t2\t3')).toBe('\t');
    expect(sniffDelimiter('a|b\n1|2')).toBe('|');
    expect(sniffDelimiter('name,notes\n"x","a;b;c;d"')).toBe(',');
  });
});
