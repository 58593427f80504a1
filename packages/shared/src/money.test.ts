import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatMoney, minorToDecimal } from './money.ts';

describe('money', () => {
  it('writes minor units as an exact decimal', () => {
    expect(minorToDecimal(1234)).toBe('12.34');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(0)).toBe('0.00');
    expect(minorToDecimal(-250)).toBe('-2.50');
    expect(minorToDecimal(1500, 'KWD')).toBe('1.500');
  });

  it('reads a numeric column back to minor units', () => {
    expect(decimalToMinor('12.34000')).toBe(1234);
    expect(decimalToMinor('0.08')).toBe(8);
    expect(decimalToMinor('0.00500')).toBe(1);
    expect(decimalToMinor('-2.5')).toBe(-250);
    expect(decimalToMinor(3)).toBe(300);
  });

  it('formats per reader language with the currency', () => {
    const en = formatMoney(1234, 'SAR', 'en');
    expect(en).toContain('12.34');
    expect(en).toContain('SAR');
    // Arabic: the digits the app uses everywhere (Latin, as intlLocale's `ar` gives) and the riyal sign
    const ar = formatMoney(1234, 'SAR', 'ar');
    expect(ar).toContain('12.34');
    expect(ar).toContain('ر.س');
    expect(formatMoney(5, 'SAR', 'en')).toContain('0.05');
  });
});
