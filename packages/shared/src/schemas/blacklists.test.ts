import { describe, expect, it } from 'vitest';
import { addEntriesSchema, blacklistCheckSchema, normalizeDigits, normalizeWords } from './blacklists.ts';

describe('blacklist values', () => {
  it('normalises words in any script, lower-cased, punctuation dropped', () => {
    expect(normalizeWords('  Free,  MONEY!! ')).toBe('free money');
    expect(normalizeWords('ربح  مجاني؟')).toBe('ربح مجاني');
    expect(normalizeWords('...')).toBe('');
  });

  it('keeps only digits after a plus', () => {
    expect(normalizeDigits('+966 (50) 123-45')).toBe('+9665012345');
  });

  it('validates entries by kind', () => {
    const ok = addEntriesSchema.parse({
      entries: [
        { kind: 'number', value: '+966 50 123 4567' },
        { kind: 'prefix', value: '96650' },
        { kind: 'keyword', value: ' STOP ' },
      ],
    });
    expect(ok.entries).toEqual([
      { kind: 'number', value: '+966501234567' },
      { kind: 'prefix', value: '+96650' },
      { kind: 'keyword', value: 'stop' },
    ]);
    for (const entry of [
      { kind: 'number', value: '0501234567' },
      { kind: 'prefix', value: '+96a' },
      { kind: 'keyword', value: '!!!' },
    ]) {
      expect(addEntriesSchema.safeParse({ entries: [entry] }).success).toBe(false);
    }
  });

  it('accepts a formatted number to check and refuses one without its country code', () => {
    expect(blacklistCheckSchema.parse({ number: '+966 50-000 0002' }).number).toBe('+966500000002');
    expect(blacklistCheckSchema.safeParse({ number: '0500000002' }).success).toBe(false);
  });
});
