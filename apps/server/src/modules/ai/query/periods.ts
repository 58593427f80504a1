/**
 * Periods and dates of a question, resolved in the account's time zone: a preset or two calendar
 * days (inclusive) become the instants [from, to) a query compares the entity's date field with.
 * Weeks start on Sunday (the Saudi working week, the product's home market).
 */
import type { QueryPeriod } from '@risala/shared/schemas/ai-query';
import { zonedInstant } from '@risala/shared/time';

export interface ResolvedPeriod {
  from: Date;
  /** exclusive */
  to: Date;
  /** the calendar days covered, yyyy-mm-dd, inclusive (for screens that filter by day) */
  firstDay: string;
  lastDay: string;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
}

/** Today's calendar date in the zone. */
export function wallToday(timeZone: string, now = new Date()): Wall {
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const p: Record<string, number> = {};
  for (const part of fmt.formatToParts(now)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const year = p.year as number;
  const month = p.month as number;
  const day = p.day as number;
  return { year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Days from today (in the zone) to a yyyy-mm-dd date. */
function offsetOf(today: Wall, date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(today.year, today.month - 1, today.day)) / DAY_MS);
}

/** The period from `first` to `last` days from today, inclusive. */
function span(timeZone: string, today: Wall, first: number, last: number, now: Date): ResolvedPeriod {
  const base = Date.UTC(today.year, today.month - 1, today.day);
  return {
    from: zonedInstant(timeZone, first, 0, 0, now),
    to: zonedInstant(timeZone, last + 1, 0, 0, now),
    firstDay: isoDay(base + first * DAY_MS),
    lastDay: isoDay(base + last * DAY_MS),
  };
}

export function resolvePeriod(period: QueryPeriod, timeZone: string, now = new Date()): ResolvedPeriod {
  const today = wallToday(timeZone, now);
  if ('from' in period) {
    const a = offsetOf(today, period.from);
    const b = offsetOf(today, period.to);
    return span(timeZone, today, Math.min(a, b), Math.max(a, b), now);
  }
  const monthStart = -(today.day - 1);
  const daysInPrevMonth = new Date(Date.UTC(today.year, today.month - 1, 0)).getUTCDate();
  switch (period.preset) {
    case 'today':
      return span(timeZone, today, 0, 0, now);
    case 'yesterday':
      return span(timeZone, today, -1, -1, now);
    case 'this_week':
      return span(timeZone, today, -today.weekday, 0, now);
    case 'last_week':
      return span(timeZone, today, -today.weekday - 7, -today.weekday - 1, now);
    case 'last_7_days':
      return span(timeZone, today, -6, 0, now);
    case 'this_month':
      return span(timeZone, today, monthStart, 0, now);
    case 'last_month':
      return span(timeZone, today, monthStart - daysInPrevMonth, monthStart - 1, now);
    case 'last_30_days':
      return span(timeZone, today, -29, 0, now);
    case 'last_90_days':
      return span(timeZone, today, -89, 0, now);
    case 'this_year': {
      const yearStart = offsetOf(today, `${today.year}-01-01`);
      return span(timeZone, today, yearStart, 0, now);
    }
  }
}

/** A date filter's day (yyyy-mm-dd) as the instant it starts in the zone (`next`: the following day's start). */
export function dayInstant(day: string, timeZone: string, next = false, now = new Date()): Date {
  const today = wallToday(timeZone, now);
  return zonedInstant(timeZone, offsetOf(today, day) + (next ? 1 : 0), 0, 0, now);
}
