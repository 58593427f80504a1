/** Numbers, shares and times of the report in the reader's language (Intl) and the account's time zone. */
import type { CampaignReport } from '@risala/shared/schemas/campaign-report';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, intlLocale } from '../../../../lib/i18n.ts';

export interface ReportFormats {
  rtl: boolean;
  num(n: number): string;
  compact(n: number): string;
  pct(x: number): string;
  money(v: string): string;
  /** a chart bucket's start */
  bucket(iso: string, bucket: CampaignReport['bucket']): string;
  /** an instant with its date and time */
  at(iso: string): string;
}

export function useReportFormats(timeZone: string): ReportFormats {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const locale = intlLocale(i18n.language);
    const num = new Intl.NumberFormat(locale);
    const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const minute = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
    const hour = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: 'numeric', timeZone });
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone });
    const at = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    return {
      rtl: i18n.language === 'ar',
      num: (n) => num.format(n),
      compact: (n) => compact.format(n),
      pct: (x) => pct.format(x),
      money: (v) => formatMoney(v, i18n.language),
      bucket: (iso, b) => (b === 'minute' ? minute : b === 'hour' ? hour : day).format(new Date(iso)),
      at: (iso) => at.format(new Date(iso)),
    };
  }, [i18n.language, timeZone]);
}
