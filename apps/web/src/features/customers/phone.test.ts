import { describe, expect, it } from 'vitest';
import { splitMobile } from './phone.ts';

describe('splitMobile', () => {
  it('splits an E.164 number into calling code and national part', () => {
    expect(splitMobile('+966501234567')).toEqual({ dial: 'SA:966', national: '501234567' });
    expect(splitMobile('+971501234567')).toEqual({ dial: 'AE:971', national: '501234567' });
    expect(splitMobile('+201001234567').national).toBe('1001234567');
  });
  it('takes the country of the number, not the first one sharing its calling code', () => {
    expect(splitMobile('+14155552671')).toEqual({ dial: 'US:1', national: '4155552671' });
    expect(splitMobile('+79161234567')).toEqual({ dial: 'RU:7', national: '9161234567' });
    expect(splitMobile('+77012345678')).toEqual({ dial: 'KZ:7', national: '7012345678' });
    expect(splitMobile('+447400123456')).toEqual({ dial: 'GB:44', national: '7400123456' });
    expect(splitMobile('+12684641234')).toEqual({ dial: 'AG:1', national: '2684641234' });
  });
  it('defaults to Saudi Arabia when there is no number', () => {
    expect(splitMobile(null)).toEqual({ dial: 'SA:966', national: '' });
  });
});
