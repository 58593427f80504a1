/**
 * Money arithmetic in integer minor units (halalas). VAT and discounts are basis points
 * (1500 = 15 %). Rounding is half away from zero, per invoice line (ZATCA: the VAT of each line is
 * rounded, the invoice's VAT is the sum of its lines).
 */
import type { InvoiceLine } from '@risala/shared/schemas/billing';

/** round(amount × bp / 10000), half away from zero, in integers only (no floats). */
export function percentOf(amount: number, bp: number): number {
  const n = BigInt(amount) * BigInt(bp);
  const q = n / 10000n;
  const r = n % 10000n;
  const abs = r < 0n ? -r : r;
  const up = abs * 2n >= 10000n ? (n < 0n ? -1n : 1n) : 0n;
  return Number(q + up);
}

/** One line: quantity × unit price less the discount, then its own rounded VAT. */
export function priceLine(
  description: string,
  quantity: number,
  unitPrice: number,
  vatBp: number,
  discountBp = 0,
): InvoiceLine & {
  gross: number;
  discount: number;
} {
  const gross = quantity * unitPrice;
  const discount = percentOf(gross, discountBp);
  const net = gross - discount;
  const vat = percentOf(net, vatBp);
  return { description, quantity, unit_price: unitPrice, gross, discount, net, vat, total: net + vat };
}

export interface InvoiceTotals {
  total_before_discount: number;
  discount_amount: number;
  total_after_discount: number;
  vat_amount: number;
  total_with_vat: number;
}

/** An invoice's totals are the sums of its lines (never recomputed from the total: no drift). */
export function totalsOf(lines: ReturnType<typeof priceLine>[]): InvoiceTotals {
  const sum = (f: (l: ReturnType<typeof priceLine>) => number) => lines.reduce((s, l) => s + f(l), 0);
  return {
    total_before_discount: sum((l) => l.gross),
    discount_amount: sum((l) => l.discount),
    total_after_discount: sum((l) => l.net),
    vat_amount: sum((l) => l.vat),
    total_with_vat: sum((l) => l.total),
  };
}

/**
 * What an upgrade costs now: the new plan's price less the old one's, for the part of the period
 * still to run (rounded to the halala; never below zero).
 */
export function prorate(oldPrice: number, newPrice: number, periodStart: Date, periodEnd: Date, now: Date): number {
  const total = periodEnd.getTime() - periodStart.getTime();
  const left = Math.max(0, Math.min(total, periodEnd.getTime() - now.getTime()));
  if (total <= 0 || newPrice <= oldPrice) return 0;
  // integer arithmetic on milliseconds: (diff × left) / total, half up
  const n = BigInt(newPrice - oldPrice) * BigInt(left);
  const d = BigInt(total);
  return Number((n * 2n + d) / (2n * d));
}

/**
 * The end of a period that starts at `start`: one calendar month or year later (UTC), kept inside
 * the target month as people count months — Jan 31 → Feb 28 (29 in a leap year), not Mar 3;
 * Feb 29 → Feb 28 a year later.
 */
export function periodEnd(start: Date, interval: 'month' | 'year'): Date {
  const year = start.getUTCFullYear() + (interval === 'year' ? 1 : 0);
  const month = start.getUTCMonth() + (interval === 'month' ? 1 : 0);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}
