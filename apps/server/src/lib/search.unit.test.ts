import { describe, expect, it } from 'vitest';
import { likePattern, phoneSearchDigits } from './search.ts';

describe('likePattern', () => {
  it('takes the wildcards of the search literally', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(likePattern('karim')).toBe('%karim%');
  });
});

describe('phoneSearchDigits', () => {
  it('reads a number as people type it', () => {
    expect(phoneSearchDigits('050 123 4567')).toBe('501234567');
    expect(phoneSearchDigits('+966 (50) 123-4567')).toBe('966501234567');
    expect(phoneSearchDigits('00966501234567')).toBe('966501234567');
    expect(phoneSearchDigits('0501234567')).toBe('501234567');
  });
  it('leaves other searches alone', () => {
    expect(phoneSearchDigits('501234567')).toBeNull(); // already the digits
    expect(phoneSearchDigits('Fatima 05')).toBeNull();
    expect(phoneSearchDigits('a@b.com')).toBeNull();
    expect(phoneSearchDigits('0 12')).toBeNull(); // too few digits to mean a number
  });
});
