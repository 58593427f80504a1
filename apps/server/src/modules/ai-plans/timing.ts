/**
 * When a segment is sent: the slot of the window (a day and an hour in the account's zone) whose
 * weekday and hour engaged best in the account's own history — opened, read or clicked over
 * delivered, or delivered over sent when nothing was opened — counting only slots with enough
 * messages. Without such history it is a stated default: the channel's usual hour on the first day
 * of the window still ahead.
 */
import type { Channel } from '@risala/shared/schemas/messages';
import { zonedInstant } from '../ai/index.ts';
import type { Cell } from '../ai-insights/index.ts';

/** A slot needs this many sent messages before its rate counts. */
export const MIN_SLOT_SAMPLE = 20;
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

/** The cells of one channel scored: engagement when anything was engaged, else delivery. */
export function slotScores(cells: Cell[], channel: Channel) {
  const mine = cells.filter((c) => c.channel === channel && c.sent >= MIN_SLOT_SAMPLE);
  const metric: 'engagement' | 'delivery' = mine.some((c) => c.engaged > 0) ? 'engagement' : 'delivery';
  const score = (c: Cell) => (metric === 'engagement' ? c.engaged / Math.max(c.delivered, 1) : c.delivered / c.sent);
  // a slot that engaged or delivered nothing says nothing (email over plain SMTP has no receipts)
  return { metric, scored: mine.map((c) => ({ cell: c, score: score(c) })).filter((s) => s.score > 0) };
}

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

export function chooseSendTime(
  cells: Cell[],
  channel: Channel,
  window: { start_date: string; end_date: string; time_zone: string },
  now = new Date(),
): SendTime {
  const tz = window.time_zone;
  const today = dayNumber(todayIn(tz, now));
  const first = Math.max(dayNumber(window.start_date), today);
  const last = Math.max(dayNumber(window.end_date), first);
  const instant = (day: number, hour: number) => zonedInstant(tz, day - today, hour, 0, now);
  const ahead = (day: number, hour: number) => instant(day, hour).getTime() > now.getTime() + LEAD_MS;
  const slot = (day: number, hour: number, extra: Omit<SendTime, 'at' | 'local' | 'dow' | 'hour'>): SendTime => ({
    at: instant(day, hour).toISOString(),
    local: `${dateOf(day)} ${String(hour).padStart(2, '0')}:00`,
    dow: new Date(day * DAY_MS).getUTCDay(),
    hour,
    ...extra,
  });
  const { metric, scored } = slotScores(cells, channel);
  let best: { day: number; cell: Cell; score: number } | null = null;
  for (let day = first; day <= last && day < first + 62; day++) {
    const dow = new Date(day * DAY_MS).getUTCDay();
    for (const s of scored) {
      if (s.cell.dow !== dow || !ahead(day, s.cell.hour)) continue;
      // the best score wins; on a tie, the earlier slot
      if (!best || s.score > best.score) best = { day, ...s };
    }
  }
  if (best) {
    const c = best.cell;
    const rate = metric === 'engagement' ? pct(c.engaged, c.delivered) : pct(c.delivered, c.sent);
    return slot(best.day, c.hour, { source: 'history', rate, sample: c.sent, metric });
  }
  const hour = DEFAULT_HOUR[channel];
  let day = first;
  while (!ahead(day, hour) && day < last + 1) day++;
  return slot(day, hour, { source: 'default', rate: null, sample: 0, metric: null });
}
