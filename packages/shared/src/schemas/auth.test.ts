import { describe, expect, it } from 'vitest';
import { otpCodeSchema } from './auth.ts';
import { asciiDigits, phoneSchema } from './common.ts';

describe('Arabic-Indic digits', () => {
  it('asciiDigits turns ٠–٩ and ۰–۹ into 0–9 and leaves everything else', () => {
    expect(asciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(asciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(asciiDigits('+966 (50) abc')).toBe('+966 (50) abc');
  });

  it('a phone number typed in Arabic digits is stored in ASCII', () => {
    expect(phoneSchema.parse('+٩٦٦ ٥٠١ ٢٣٤ ٥٦٧')).toBe('+966501234567');
  });

  it('a code typed in Arabic digits is the same code; other input is still refused', () => {
    expect(otpCodeSchema.parse(' ١٢٣٤٥٦ ')).toBe('123456');
    expect(otpCodeSchema.safeParse('12345').success).toBe(false);
    expect(otpCodeSchema.safeParse('12345a').success).toBe(false);
  });
});
