import { describe, expect, it } from 'vitest';
import { formatMoney as format } from './i18n.ts';

// Intl puts a no-break space between the code and the amount
const formatMoney = (v: Parameters<typeof format>[0], lang: string) => format(v, lang).replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('shows a sending cost in the invoice currency, in whole halalas (the one shared money format)', () => {
    expect(formatMoney('0.00000', 'en')).toBe('SAR 0.00');
    expect(formatMoney('0.08000', 'en')).toBe('SAR 0.08');
    // a router's five-decimal rate is shown rounded to the halala, half away from zero
    expect(formatMoney('0.01250', 'en')).toBe('SAR 0.01');
    expect(formatMoney('0.01500', 'en')).toBe('SAR 0.02');
    expect(formatMoney(1234.5, 'en')).toBe('SAR 1,234.50');
    expect(formatMoney(null, 'en')).toBe('SAR 0.00');
    expect(formatMoney('0.05', 'ar')).toContain('ر.س');
  });
});
