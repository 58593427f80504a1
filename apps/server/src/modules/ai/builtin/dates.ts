/**
 * The period of a question: a named one (yesterday, last week, الشهر الماضي), "last N days/weeks/
 * months", a month ("in March", "في مارس 2026"), a year, a day, or a range ("between 1 and 15
 * March", "من 1/3 إلى 15/3", "since 2026-02-01"). Calendar days are those of the account's zone;
 * the compiler turns them into instants. Returns the items it used, for the coverage rule.
 */
import type { QueryPeriod } from '@risala/shared/schemas/ai-query';
import type { Item } from './items.ts';
import type { Sense } from './senses.ts';

export interface Day {
  y: number;
  m: number;
  d: number;
}

/** Today's calendar day in a zone. */
const formats = new Map<string, Intl.DateTimeFormat>();
export function todayIn(timeZone: string, now: Date): Day {
  let fmt = formats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, fmt);
  }
  const parts = fmt.format(now);
  const [y, m, d] = parts.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

const DAY_MS = 86_400_000;
const toMs = (x: Day) => Date.UTC(x.y, x.m - 1, x.d);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The words that put a month, day or year in time ("in March", "في 2025", "on 3 March"). */
const TIME_PREPOSITIONS = new Set([
  'in',
  'during',
  'for',
  'on',
  'of',
  'في',
  'خلال',
  'يوم',
  'بتاريخ',
  'شهر',
  'سنه',
  'عام',
  'يوم',
  'بتاريخ',
  'تاريخ',
  'month',
  'year',
  'day',
]);
const RANGE_OPENERS = new Set(['from', 'من']);
const RANGE_JOINERS = new Set(['to', 'and', 'until', 'till', 'through', 'و', 'الى', 'حتى', 'لغايه', 'لحد', '-']);

const has = (item: Item | undefined, t: Sense['t']) => Boolean(item?.senses.some((s) => s.t === t));
const senseOf = <K extends Sense['t']>(item: Item | undefined, t: K) =>
  item?.senses.find((s) => s.t === t) as Extract<Sense, { t: K }> | undefined;
const num = (item: Item | undefined) => (item?.token?.kind === 'number' ? (item.token.value as number) : null);
const word = (item: Item | undefined) => item?.text ?? '';

interface DateExpr {
  from: Day;
  to: Day;
  length: number;
}

export class PeriodReader {
  readonly used = new Set<number>();
  period: QueryPeriod | null = null;

  constructor(
    private readonly items: readonly Item[],
    private readonly today: Day,
  ) {}

  /** Scans the items once; the first period found wins (a second one is left unplaced). */
  read(): QueryPeriod | null {
    const items = this.items;
    for (let j = 0; j < items.length && !this.period; j++) {
      const it = items[j] as Item;
      const preset = senseOf(it, 'period');
      if (preset) {
        this.take({ preset: preset.preset }, j, j);
        continue;
      }
      // last / past N days | weeks | months | years
      if (has(it, 'latest') || has(it, 'recent')) {
        const n = num(items[j + 1]);
        const u = senseOf(items[j + 1 + (n === null ? 0 : 1)], 'unit');
        if (u) this.take(this.lastUnits(n ?? 1, u.unit, n === null), j, j + (n === null ? 1 : 2));
        continue;
      }
      // N days ago / the past N days written after ("7 أيام الماضية")
      if (num(it) !== null && senseOf(items[j + 1], 'unit') && (has(items[j + 2], 'latest') || has(items[j + 2], 'recent'))) {
        this.take(this.lastUnits(num(it) as number, (senseOf(items[j + 1], 'unit') as { unit: 'day' }).unit, false), j, j + 2);
        continue;
      }
      // between A and B, from A to B, since A, until B
      if (has(it, 'between') || has(it, 'since') || RANGE_OPENERS.has(word(it))) {
        const a = this.dateAt(j + 1);
        if (!a) continue;
        const joiner = items[j + 1 + a.length];
        const b = joiner && (RANGE_JOINERS.has(word(joiner)) || has(joiner, 'until')) ? this.dateAt(j + 2 + a.length, a.to) : null;
        if (b) this.take(this.range(a.from, b.to), j, j + 1 + a.length + b.length);
        else if (has(it, 'since') || RANGE_OPENERS.has(word(it))) this.take(this.range(a.from, this.today), j, j + a.length);
        else if (has(it, 'between')) continue;
        continue;
      }
      if (has(it, 'until')) {
        const b = this.dateAt(j + 1);
        if (b) this.take(this.range({ y: 2000, m: 1, d: 1 }, b.to), j, j + b.length);
        continue;
      }
      // in March, on 3 March, في 2025, 2026-03-03
      const prep = TIME_PREPOSITIONS.has(word(it));
      const d = this.dateAt(prep ? j + 1 : j);
      if (d && (prep || it.token?.kind === 'date' || d.length > 1)) {
        this.take(this.range(d.from, d.to), j, (prep ? j + 1 : j) + d.length - 1);
      }
    }
    return this.period;
  }

  private take(period: QueryPeriod, first: number, last: number) {
    this.period = period;
    for (let k = first; k <= last; k++) this.used.add(k);
  }

  private range(from: Day, to: Day): QueryPeriod {
    const a = toMs(from);
    const b = toMs(to);
    return { from: iso(Math.min(a, b)), to: iso(Math.max(a, b)) };
  }

  /** The last N units up to today; "last year" (no number) is the calendar year before this one. */
  private lastUnits(n: number, unit: string, bare: boolean): QueryPeriod {
    const t = this.today;
    if (bare && unit === 'year') return this.range({ y: t.y - 1, m: 1, d: 1 }, { y: t.y - 1, m: 12, d: 31 });
    if (bare && unit === 'day') return { preset: 'yesterday' };
    if (bare && unit === 'week') return { preset: 'last_week' };
    if (bare && unit === 'month') return { preset: 'last_month' };
    const days = unit === 'week' ? n * 7 : unit === 'day' ? n : 0;
    if (days === 7) return { preset: 'last_7_days' };
    if (days === 30) return { preset: 'last_30_days' };
    if (days === 90 || (unit === 'month' && n === 3)) return { preset: 'last_90_days' };
    if (days > 0) return { from: iso(toMs(t) - (days - 1) * DAY_MS), to: iso(toMs(t)) };
    if (unit === 'hour') return { preset: 'today' };
    const months = unit === 'year' ? n * 12 : n;
    const back = new Date(Date.UTC(t.y, t.m - 1 - months, t.d) + DAY_MS);
    return { from: iso(back.getTime()), to: iso(toMs(t)) };
  }

  /** A date at item j: 2026-03-03, 3/3, 3 March [2026], March 3 [2026], March [2026], 2026. */
  private dateAt(j: number, after?: Day): DateExpr | null {
    const items = this.items;
    const it = items[j];
    if (!it) return null;
    if (it.token?.kind === 'date') {
      const [y, m, d] = String(it.token.value).split('-').map(Number) as [number, number, number];
      return { ...this.day(y, m, d, after), length: 1 };
    }
    const month = senseOf(it, 'month');
    const n = num(it);
    if (n !== null && n >= 1 && n <= 31) {
      const m = senseOf(items[j + 1], 'month');
      if (m) {
        const year = this.yearAt(j + 2);
        return { ...this.day(year ?? 0, m.month, n, after), length: year ? 3 : 2 };
      }
      // "between 1 and 15 March": a bare day takes the month that follows the range
      const later = items.slice(j + 1, j + 4).find((x) => senseOf(x, 'month'));
      if (later && !after) {
        const lm = senseOf(later, 'month') as { month: number };
        return { ...this.day(0, lm.month, n), length: 1 };
      }
      if (after) return { ...this.day(after.y, after.m, n, after), length: 1 };
      return null;
    }
    if (n !== null && n >= 2000 && n <= 2100) return { from: { y: n, m: 1, d: 1 }, to: { y: n, m: 12, d: 31 }, length: 1 };
    if (month) {
      const day = num(items[j + 1]);
      if (day !== null && day >= 1 && day <= 31) {
        const year = this.yearAt(j + 2);
        return { ...this.day(year ?? 0, month.month, day, after), length: year ? 3 : 2 };
      }
      const year = this.yearAt(j + 1) ?? this.yearOf(month.month, 1, after);
      return {
        from: { y: year, m: month.month, d: 1 },
        to: { y: year, m: month.month, d: daysInMonth(year, month.month) },
        length: this.yearAt(j + 1) ? 2 : 1,
      };
    }
    return null;
  }

  private yearAt(j: number): number | null {
    const n = num(this.items[j]);
    return n !== null && n >= 2000 && n <= 2100 ? n : null;
  }

  /** A day without its year is the latest one not after today (or not before the range's start). */
  private yearOf(m: number, d: number, after?: Day): number {
    const t = this.today;
    if (after) return m < after.m || (m === after.m && d < after.d) ? after.y + 1 : after.y;
    return m > t.m || (m === t.m && d > t.d) ? t.y - 1 : t.y;
  }

  private day(y: number, m: number, d: number, after?: Day): { from: Day; to: Day } {
    const year = y > 0 ? y : this.yearOf(m, d, after);
    const day = { y: year, m, d: Math.min(d, daysInMonth(year, m)) };
    return { from: day, to: day };
  }
}
