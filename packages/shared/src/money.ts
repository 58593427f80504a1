/**
 * The one money format: every amount travels as integer minor units (halalas for SAR) with its
 * currency, and is shown with `formatMoney` in the reader's language (the Plans page, the launcher,
 * New message, the dashboard and invoices all call it). Decimal strings exist only for the
 * database's numeric columns (`minorToDecimal`).
 */

/** Minor units per major unit (ISO 4217 exponent): SAR and USD have 2. */
const EXPONENT: Record<string, number> = { SAR: 2, USD: 2, KWD: 3, BHD: 3, OMR: 3, JPY: 0 };

export const exponentOf = (currency: string) => EXPONENT[currency.toUpperCase()] ?? 2;

/** `1234` halalas → `"12.34"` (exact: string arithmetic on integers, no float rounding). */
export function minorToDecimal(minor: number, currency = 'SAR'): string {
  const e = exponentOf(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(e + 1, '0');
  return e === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -e)}.${digits.slice(-e)}`;
}

/** `"12.34"` (a numeric column's text) → 1234, rounded half away from zero at the currency's precision. */
export function decimalToMinor(decimal: string | number, currency = 'SAR'): number {
  const e = exponentOf(currency);
  const [int = '0', frac = ''] = String(decimal).trim().replace(/^-/, '').split('.');
  const kept = Number(int) * 10 ** e + Number((frac + '0'.repeat(e)).slice(0, e) || '0');
  const up = Number(frac[e] ?? '0') >= 5 ? 1 : 0;
  const n = kept + up;
  return String(decimal).trim().startsWith('-') ? -n : n;
}

/**
 * An amount in the reader's language (`en` → "SAR 12.34", `ar` → "‏12.34 ر.س.‏"), with the
 * currency's own decimals (two for SAR). `language` is the UI language (or an Intl locale tag).
 */
export function formatMoney(minor: number, currency: string, language: string): string {
  const e = exponentOf(currency);
  const locale = language.startsWith('ar') ? 'ar-u-ca-gregory' : 'en';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: e, maximumFractionDigits: e }).format(
      minor / 10 ** e,
    );
  } catch {
    return `${currency} ${minorToDecimal(minor, currency)}`;
  }
}
