import { describe, expect, it } from 'vitest';
import { countSms, isGsm7 } from './sms.ts';

const arabic = (n: number) => 'س'.repeat(n);

describe('countSms — GSM-7', () => {
  it('counts an empty message as no parts', () => {
    expect(countSms('')).toEqual({ encoding: 'GSM-7', length: 0, parts: 0, perPart: 160, remainingInPart: 160 });
  });

  it('fits 160 basic characters in one part and splits at 161', () => {
    expect(countSms('a'.repeat(160))).toEqual({ encoding: 'GSM-7', length: 160, parts: 1, perPart: 160, remainingInPart: 0 });
    expect(countSms('a'.repeat(161))).toEqual({ encoding: 'GSM-7', length: 161, parts: 2, perPart: 153, remainingInPart: 145 });
  });

  it('fits 306 characters in two parts and needs three at 307', () => {
    expect(countSms('a'.repeat(306))).toMatchObject({ parts: 2, remainingInPart: 0 });
    expect(countSms('a'.repeat(307))).toMatchObject({ parts: 3, perPart: 153, remainingInPart: 152 });
  });

  it('counts extension characters as two septets', () => {
    expect(countSms('€')).toMatchObject({ encoding: 'GSM-7', length: 2, remainingInPart: 158 });
    expect(countSms('[x]')).toMatchObject({ length: 5 });
    expect(countSms('{}\\^~|')).toMatchObject({ length: 12 });
    expect(countSms(`${'a'.repeat(158)}€`)).toMatchObject({ length: 160, parts: 1, remainingInPart: 0 });
    expect(countSms(`${'a'.repeat(159)}€`)).toMatchObject({ length: 161, parts: 2 });
  });

  it('never splits an escape sequence across parts', () => {
    const text = `${'a'.repeat(152)}€${'b'.repeat(152)}`;
    const count = countSms(text);
    expect(count.length).toBe(306);
    // part 1 holds 152 (the € does not fit in the one septet left), part 2 holds € + 151 b, part 3 one b
    expect(count.parts).toBe(3);
    expect(count.remainingInPart).toBe(152);
  });

  it('treats the basic set including accented letters and £ as GSM-7', () => {
    expect(isGsm7('Hello @ £5 — no')).toBe(false); // the em dash is not GSM
    expect(isGsm7('Héllo @ £5, Ñ ü ß ¿¡ Δ')).toBe(true);
    expect(countSms('Héllo Δ')).toMatchObject({ encoding: 'GSM-7', length: 7 });
  });
});

describe('countSms — UCS-2', () => {
  it('switches to UCS-2 for Arabic: 70 in one part, 71 needs two', () => {
    expect(countSms(arabic(70))).toEqual({ encoding: 'UCS-2', length: 70, parts: 1, perPart: 70, remainingInPart: 0 });
    expect(countSms(arabic(71))).toEqual({ encoding: 'UCS-2', length: 71, parts: 2, perPart: 67, remainingInPart: 63 });
  });

  it('fits 134 units in two parts and needs three at 135', () => {
    expect(countSms(arabic(134))).toMatchObject({ parts: 2, remainingInPart: 0 });
    expect(countSms(arabic(135))).toMatchObject({ parts: 3, remainingInPart: 66 });
  });

  it('one non-GSM character makes the whole message UCS-2', () => {
    expect(countSms(`${'a'.repeat(69)}س`)).toMatchObject({ encoding: 'UCS-2', length: 70, parts: 1 });
    // in UCS-2 an extension character is a single unit
    expect(countSms('€س')).toMatchObject({ encoding: 'UCS-2', length: 2 });
  });

  it('counts an emoji as two units and never splits it', () => {
    expect(countSms('😀')).toMatchObject({ encoding: 'UCS-2', length: 2 });
    const count = countSms(`${arabic(66)}😀${arabic(10)}`);
    expect(count.length).toBe(78);
    expect(count.parts).toBe(2);
    expect(count.remainingInPart).toBe(67 - 12);
  });
});
