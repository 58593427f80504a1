/**
 * The dashboard's period: local days in the account's time zone (both ends inclusive), the period
 * before it of the same length, and the time bucket its series use.
 */
import { type Bucket, type DashboardFilter, type DashboardRange, MAX_RANGE_DAYS, type RangePreset } from '@risala/shared/schemas/dashboard';
import { AppError } from '../../lib/errors.ts';

const DAY_MS = 86_400_000;
export const DEFAULT_RANGE_DAYS = 30;

/** yyyy-mm-dd → days since 1970-01-01 (a calendar day, no time zone involved). */
export const dayNumber = (day: string): number =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
export const dayText = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Today's date in a time zone. */
export function todayIn(timezone: string, now = new Date()): string {
  // en-CA writes yyyy-mm-dd
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** hours up to 2 days, days up to 62, weeks beyond (a chart of at most ~62 bars) */
export function bucketFor(days: number): Bucket {
  return days <= 2 ? 'hour' : days <= 62 ? 'day' : 'week';
}

/** A valid calendar day: the text round-trips through the calendar (no 2026-02-30). */
const realDay = (day: string) => dayText(dayNumber(day)) === day;

/** A preset's first and last day, counted from today in the account's zone. */
export function presetDays(preset: RangePreset, today: string): { from: string; to: string } {
  const t = dayNumber(today);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: dayText(t - 6), to: today };
    case '30d':
      return { from: dayText(t - 29), to: today };
    case '90d':
      return { from: dayText(t - 89), to: today };
    case 'this_month':
      return { from: monthStart, to: today };
    case 'last_month': {
      const lastDay = dayText(dayNumber(monthStart) - 1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

export function resolveRange(filter: Pick<DashboardFilter, 'from' | 'to' | 'preset'>, timezone: string, now = new Date()): DashboardRange {
  const today = todayIn(timezone, now);
  const preset = presetDays(filter.preset ?? '30d', today);
  const to = filter.to ?? (filter.from ? today : preset.to);
  const from = filter.from ?? (filter.to ? dayText(dayNumber(to) - (DEFAULT_RANGE_DAYS - 1)) : preset.from);
  const bad = (field: 'from' | 'to', message: string) => new AppError('VALIDATION_ERROR', { errors: [{ field, message }] });
  if (!realDay(from)) throw bad('from', 'dashboard.validation.date');
  if (!realDay(to)) throw bad('to', 'dashboard.validation.date');
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) throw bad('to', 'dashboard.validation.toBeforeFrom');
  if (days > MAX_RANGE_DAYS) throw bad('from', 'dashboard.validation.tooLong');
  return {
    from,
    to,
    prev_from: dayText(dayNumber(from) - days),
    prev_to: dayText(dayNumber(from) - 1),
    timezone,
    bucket: bucketFor(days),
  };
}

/** The bucket a local day falls in: itself, or the start of its 7-day step counted from `from`. */
export function dayBucket(day: string, range: Pick<DashboardRange, 'from' | 'bucket'>): string {
  if (range.bucket !== 'week') return day;
  const start = dayNumber(range.from);
  return dayText(start + Math.floor((dayNumber(day) - start) / 7) * 7);
}

/** Every bucket of the range, in order (so a chart has its empty days too). */
export function bucketDays(range: Pick<DashboardRange, 'from' | 'to' | 'bucket'>): string[] {
  const out: string[] = [];
  const step = range.bucket === 'week' ? 7 : 1;
  for (let d = dayNumber(range.from); d <= dayNumber(range.to); d += step) out.push(dayText(d));
  return out;
}
