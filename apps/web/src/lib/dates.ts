import { relativeTime } from '@risala/shared/format';
import i18n, { formatDate, intlLocale } from './i18n.ts';

/**
 * Notification times (spec §9): "Just now" under a minute, then minutes, hours and days (up to 6)
 * with correct plural forms from Intl.RelativeTimeFormat, then a localized date.
 */
export function formatRelativeTime(at: Date | string, now: Date = new Date(), language = i18n.language): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const rel = relativeTime(date, now);
  if (rel.kind === 'justNow') return i18n.t('time.justNow', { lng: language });
  if (rel.kind === 'date') return formatDate(rel.date, { dateStyle: 'medium' }, language);
  const unit = rel.kind === 'minutes' ? 'minute' : rel.kind === 'hours' ? 'hour' : 'day';
  return new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'always' }).format(-rel.count, unit);
}

/** "in 5 days" / "خلال ٥ أيام" for the trial banner. */
export function formatInDays(days: number, language = i18n.language): string {
  return new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'always' }).format(days, 'day');
}

/** Today's date for the top bar, in the current language. */
export function formatToday(now: Date = new Date(), language = i18n.language): string {
  return formatDate(now, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, language);
}
