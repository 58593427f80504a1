import { describe, expect, it } from 'vitest';
import { splitMobile } from './phone.ts';

describe('splitMobile', () => {
  it('splits an E.164 number into calling code and national part', () => {
    expect(splitMobile('+966501234567')).toEqual({ dial: 'SA:966', national: '501234567' });
    expect(splitMobile('+971501234567')).toEqual({ dial: 'AE:971', national: '501234567' });
    expect(splitMobile('+201001234567').national).toBe('1001234567');
  });
  it('defaults to Saudi Arabia when there is no number', () => {
    expect(splitMobile(null)).toEqual({ dial: 'SA:966', national: '' });
  });
});
