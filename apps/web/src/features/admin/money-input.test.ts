import { describe, expect, it } from 'vitest';
import { splitEvenly, toMinor } from './money-input.ts';

describe('toMinor', () => {
  it('reads SAR amounts into halalas exactly, with a dot or a comma', () => {
    expect(toMinor('1150')).toBe(115_000);
    expect(toMinor('575.5')).toBe(57_550);
    expect(toMinor('0.07')).toBe(7);
    expect(toMinor('19.99')).toBe(1_999); // 19.99 * 100 in floats is 1998.9999…
    expect(toMinor(' 12,30 ')).toBe(1_230);
  });
  it('refuses what is not an amount in halalas', () => {
    for (const bad of ['', '-5', '1.234', 'abc', '1e3', '12.']) expect(toMinor(bad)).toBeNull();
    // across a year's end
    expect(splitEvenly(200, 2, '2027-12-15').map((d) => d.due_at)).toEqual(['2027-12-15T12:00:00.000Z', '2028-01-15T12:00:00.000Z']);
  });
});

describe('splitEvenly', () => {
  it('adds up to the total exactly, the leftover halalas on the last, a month apart', () => {
    const dues = splitEvenly(115_000, 3, '2027-01-31');
    expect(dues.map((d) => d.amount)).toEqual([38_333, 38_333, 38_334]);
    expect(dues.reduce((s, d) => s + d.amount, 0)).toBe(115_000);
    expect(dues.map((d) => d.due_at.slice(0, 10))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    // across a year's end
    expect(splitEvenly(200, 2, '2027-12-15').map((d) => d.due_at)).toEqual(['2027-12-15T12:00:00.000Z', '2028-01-15T12:00:00.000Z']);
  });
});
