/**
 * Numbers, shares and dates of the dashboard in the reader's language (Intl: Arabic-Indic digits
 * in Arabic) and the account's time zone; one object per render, so charts and tables agree.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, intlLocale } from '../../lib/i18n.ts';

export interface Formats {
  language: string;
  rtl: boolean;
  num(n: number): string;
  compact(n: number): string;
  pct(x: number): string;
  money(v: string | number): string;
  /** a local day (yyyy-mm-dd) */
  day(d: string): string;
  /** an instant, as an hour in the account's zone */
  hour(iso: string): string;
  weekday(dow: number): string;
  hourOfDay(h: number): string;
}

export function makeFormats(language: string, timeZone: string): Formats {
  const locale = intlLocale(language);
  const num = new Intl.NumberFormat(locale);
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  // a local day is a calendar day: formatted at noon UTC in UTC, it cannot shift by a zone
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const hour = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: 'numeric', timeZone });
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const hourOfDay = new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' });
  return {
    language,
    rtl: language === 'ar',
    num: (n) => num.format(n),
    compact: (n) => compact.format(n),
    pct: (x) => pct.format(x),
    money: (v) => formatMoney(v, language),
    day: (d) => day.format(new Date(`${d}T12:00:00Z`)),
    hour: (iso) => hour.format(new Date(iso)),
    // 2023-01-01 was a Sunday: dow 0
    weekday: (dow) => weekday.format(new Date(Date.UTC(2023, 0, 1 + dow, 12))),
    hourOfDay: (h) => hourOfDay.format(new Date(Date.UTC(2023, 0, 1, h))),
  };
}

export function useFormats(timeZone: string): Formats {
  const { i18n } = useTranslation();
  return useMemo(() => makeFormats(i18n.language, timeZone), [i18n.language, timeZone]);
}
