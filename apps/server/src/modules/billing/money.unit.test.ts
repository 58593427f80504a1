import { describe, expect, it } from 'vitest';
import { percentOf, periodEnd, priceLine, prorate, totalsOf } from './money.ts';
import { decodeZatcaQr, sarString, zatcaQrPayload } from './zatca.ts';

describe('money in halalas', () => {
  it('rounds VAT half away from zero in integers', () => {
    expect(percentOf(18500, 1500)).toBe(2775);
    expect(percentOf(1, 1500)).toBe(0); // 0.15
    expect(percentOf(3, 1500)).toBe(0); // 0.45
    expect(percentOf(4, 1500)).toBe(1); // 0.6
    expect(percentOf(10, 500)).toBe(1); // 0.5 → 1
    expect(percentOf(-10, 500)).toBe(-1);
  });

  it('rounds per line, and the invoice VAT is the sum of the lines', () => {
    const a = priceLine('SMS', 3, 7, 1500); // 21 → VAT 3.15 → 3
    const b = priceLine('SMS', 3, 7, 1500);
    expect(a.vat).toBe(3);
    const totals = totalsOf([a, b]);
    expect(totals.vat_amount).toBe(6); // not round(42 × 0.15) = 6.3 → 6 by chance; per line by rule
    expect(totals.total_with_vat).toBe(48);
  });

  it('applies the discount before VAT', () => {
    const l = priceLine('Growth', 1, 55900, 1500, 1000);
    expect(l.discount).toBe(5590);
    expect(l.net).toBe(50310);
    expect(l.vat).toBe(7547); // 7546.5 → 7547
    expect(l.total).toBe(57857);
  });

  it('prorates an upgrade for the part of the period left', () => {
    const start = new Date('2026-12-01T00:00:00Z');
    const end = new Date('2026-12-31T00:00:00Z');
    expect(prorate(18500, 55900, start, end, new Date('2026-12-16T00:00:00Z'))).toBe(18700);
    expect(prorate(55900, 18500, start, end, new Date('2026-12-16T00:00:00Z'))).toBe(0);
    expect(prorate(18500, 55900, start, end, end)).toBe(0);
    expect(periodEnd(new Date('2026-01-31T00:00:00Z'), 'year').toISOString()).toBe('2027-01-31T00:00:00.000Z');
  });

  it('ends a month later inside the next month, as people count months', () => {
    expect(periodEnd(new Date('2026-01-31T10:30:00Z'), 'month').toISOString()).toBe('2026-02-28T10:30:00.000Z');
    expect(periodEnd(new Date('2028-01-31T00:00:00Z'), 'month').toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(periodEnd(new Date('2026-03-15T00:00:00Z'), 'month').toISOString()).toBe('2026-04-15T00:00:00.000Z');
    expect(periodEnd(new Date('2026-12-31T00:00:00Z'), 'month').toISOString()).toBe('2027-01-31T00:00:00.000Z');
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'year').toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});

describe('the ZATCA QR payload', () => {
  it('encodes the five TLV fields in base64 and decodes back (Arabic seller name in UTF-8)', () => {
    const payload = zatcaQrPayload({
      sellerName: 'رسالة للتقنية',
      vatNumber: '300000000000003',
      timestamp: '2026-12-07T10:00:00Z',
      totalWithVat: sarString(64285),
      vatAmount: sarString(8385),
    });
    const raw = Buffer.from(payload, 'base64');
    expect(raw[0]).toBe(1);
    expect(raw[1]).toBe(Buffer.byteLength('رسالة للتقنية'));
    expect(decodeZatcaQr(payload)).toEqual({
      1: 'رسالة للتقنية',
      2: '300000000000003',
      3: '2026-12-07T10:00:00Z',
      4: '642.85',
      5: '83.85',
    });
  });
});
