import { describe, expect, it } from 'vitest';
import { parseEmails, parseNumbers } from './compose.ts';

describe('new message helpers', () => {
  it('parses typed numbers: normalised, de-duplicated, invalid ones listed', () => {
    const r = parseNumbers('+966 50 123 4567\n+966501234567, +966-50-123-4568; 12345\n\n0501234567');
    expect(r.valid).toEqual(['+966501234567', '+966501234568']);
    expect(r.invalid).toEqual(['12345', '0501234567']);
    expect(parseNumbers('  ')).toEqual({ valid: [], invalid: [], read: [] });
    // numbers side by side on one line, or a pasted column
    expect(parseNumbers('+966 50 765 4321 +966501111111').valid).toEqual(['+966507654321', '+966501111111']);
    expect(parseNumbers('+966507654321\t+966501111111').valid).toEqual(['+966507654321', '+966501111111']);
    // 00 is the international dialling prefix: 00966… is +966…
    expect(parseNumbers('00966 50 765 4321\n00966501234567')).toEqual({ valid: ['+966507654321', '+966501234567'], invalid: [], read: [] });
    expect(parseNumbers('000966501234567').invalid).toEqual(['000966501234567']);
  });

  it("reads a number typed without its country code in the account's country, and says what it became", () => {
    const r = parseNumbers('0551234567\n+966551234567, 055 123 4568; 12345', 'SA');
    expect(r.valid).toEqual(['+966551234567', '+966551234568']);
    expect(r.invalid).toEqual(['12345']);
    expect(r.read).toEqual([
      { typed: '0551234567', as: '+966551234567' },
      { typed: '055 123 4568', as: '+966551234568' },
    ]);
    // no country known: a local number stays refused
    expect(parseNumbers('0551234567', null).invalid).toEqual(['0551234567']);
  });

  it('parses typed email addresses: lower-cased, de-duplicated, invalid ones listed', () => {
    const r = parseEmails('Sara@Example.com\nsara@example.com, omar@example.org; not-an-email\tlayla@\n\n');
    expect(r.valid).toEqual(['sara@example.com', 'omar@example.org']);
    expect(r.invalid).toEqual(['not-an-email', 'layla@']);
    expect(parseEmails('  ')).toEqual({ valid: [], invalid: [] });
  });
});
