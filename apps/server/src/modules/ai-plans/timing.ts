/**
 * When a segment is sent: the slot of the window (a day and an hour in the account's zone) whose
 * weekday and hour engaged clearly best in the account's own history — opened, read or clicked
 * over delivered, or delivered over sent when nothing was opened — judged on enough messages and
 * events (lib/stats), never on one lucky read. Without such history it is a stated default: the
 * channel's usual hour on the first day of the window still ahead. An offer with a deadline ("this
 * week only", "until Friday") goes out while at least half of its time is left — never on the
 * window's last day of a week-long sale.
 */
import type { Deadline } from '@risala/shared/schemas/ai-draft';
import type { Channel } from '@risala/shared/schemas/messages';
import { zonedInstant } from '@risala/shared/time';
import { judgeBest } from '../../lib/stats.ts';
import type { Cell } from '../ai-insights/index.ts';

/** Hours used without history: evenings for phones, mid-morning for the inbox. */
export const DEFAULT_HOUR: Record<Channel, number> = { sms: 18, whatsapp: 19, email: 10 };
/** A schedule must be more than 5 minutes ahead (§5); a plan leaves a margin for review. */
const LEAD_MS = 30 * 60_000;

export interface SendTime {
  at: string;
  local: string;
  dow: number;
  hour: number;
  source: 'history' | 'default';
  rate: number | null;
  sample: number;
  metric: 'engagement' | 'delivery' | null;
}

const DAY_MS = 86_400_000;

/** Today's date in a zone (YYYY-MM-DD). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * The channel's best slot in the history, when there is one to speak of: every slot compared with
 * enough messages, the best with enough engagements (or deliveries when nothing is engaged), and
 * clearly ahead of the next (lib/stats). Else null, and the plan says it uses a default hour.
 * `within` keeps the slots a send can use (those of the days an offer's deadline leaves); the
 * metric is still the channel's whole history's.
 */
export function bestSlot(
  cells: Cell[],
  channel: Channel,
  within: (c: Cell) => boolean = () => true,
): { cell: Cell; metric: 'engagement' | 'delivery' } | null {
  const all = cells.filter((c) => c.channel === channel);
  const metric: 'engagement' | 'delivery' = all.some((c) => c.engaged > 0) ? 'engagement' : 'delivery';
  const mine = all.filter(within);
  const verdict = judgeBest(
    mine.map((c) => ({
      key: c,
      label: `${c.dow}:${c.hour}`,
      events: metric === 'engagement' ? c.engaged : c.delivered,
      sample: metric === 'engagement' ? c.delivered : c.sent,
    })),
  );
  return verdict.kind === 'clear' ? { cell: verdict.best.key, metric } : null;
}

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/**
 * The last day (a day number) the offer can be announced on so that at least half of its time is
 * left: "this week only" from the first day → the first four days; "today only" → the first day.
 * Null without a deadline. `first` is the window's first day still ahead.
 */
export function latestSendDay(deadline: Deadline | null, first: number): number | null {
  if (!deadline) return null;
  const dow = (day: number) => new Date(day * DAY_MS).getUTCDay();
  const next = (weekday: number) => first + ((weekday - dow(first) + 7) % 7);
  let end: number;
  switch (deadline.kind) {
    case 'today':
    case 'tomorrow':
      return first;
    case 'weekend':
      // the Gulf's weekend ends on Saturday
      end = next(6);
      break;
    case 'week':
      end = first + 6;
      break;
    case 'weekday':
      end = next(deadline.value ?? 5);
      break;
    case 'days':
      end = first + Math.max((deadline.value ?? 1) - 1, 0);
      break;
    case 'date': {
      const year = new Date(first * DAY_MS).getUTCFullYear();
      const on = (y: number) => Math.round(Date.UTC(y, (deadline.month ?? 1) - 1, deadline.value ?? 1) / DAY_MS);
      end = on(year) >= first ? on(year) : on(year + 1);
      break;
    }
    case 'limited':
    case 'stock':
      // no date, but the reader is told it will not last: early in the window
      end = first + 2;
      break;
  }
  return first + Math.floor((end - first) / 2);
}

export function chooseSendTime(
  cells: Cell[],
  channel: Channel,
  window: { start_date: string; end_date: string; time_zone: string; deadline?: Deadline | null },
  now = new Date(),
): SendTime {
  const tz = window.time_zone;
  const today = dayNumber(todayIn(tz, now));
  const first = Math.max(dayNumber(window.start_date), today);
  const latest = latestSendDay(window.deadline ?? null, first);
  const last = Math.max(Math.min(dayNumber(window.end_date), latest ?? Number.POSITIVE_INFINITY), first);
  const instant = (day: number, hour: number) => zonedInstant(tz, day - today, hour, 0, now);
  const ahead = (day: number, hour: number) => instant(day, hour).getTime() > now.getTime() + LEAD_MS;
  const slot = (day: number, hour: number, extra: Omit<SendTime, 'at' | 'local' | 'dow' | 'hour'>): SendTime => ({
    at: instant(day, hour).toISOString(),
    local: `${dateOf(day)} ${String(hour).padStart(2, '0')}:00`,
    dow: new Date(day * DAY_MS).getUTCDay(),
    hour,
    ...extra,
  });
  // the history's best slot among those the (deadline-bounded) window holds still ahead, on its first day
  const usable = (c: Cell) => {
    for (let day = first; day <= Math.min(last, first + 6); day++) {
      if (new Date(day * DAY_MS).getUTCDay() === c.dow && ahead(day, c.hour)) return true;
    }
    return false;
  };
  const best = bestSlot(cells, channel, usable);
  for (let day = first; best && day <= last && day < first + 62; day++) {
    const c = best.cell;
    if (new Date(day * DAY_MS).getUTCDay() !== c.dow || !ahead(day, c.hour)) continue;
    const rate = best.metric === 'engagement' ? pct(c.engaged, c.delivered) : pct(c.delivered, c.sent);
    return slot(day, c.hour, { source: 'history', rate, sample: c.sent, metric: best.metric });
  }
  const hour = DEFAULT_HOUR[channel];
  let day = first;
  while (!ahead(day, hour) && day < last + 1) day++;
  return slot(day, hour, { source: 'default', rate: null, sample: 0, metric: null });
}
