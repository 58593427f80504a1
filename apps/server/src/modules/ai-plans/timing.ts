/**
 * When a segment is sent: the slot of the window (a day and an hour in the account's zone) whose
 * weekday and hour engaged clearly best in the account's own history — opened, read or clicked
 * over delivered, or delivered over sent when nothing was opened — judged on enough messages and
 * events (lib/stats), never on one lucky read. Without such history it is a stated default: the channel's usual hour on the first day
 * of the window still ahead.
 */
import type { Channel } from '@risala/shared/schemas/messages';
import { zonedInstant } from '../ai/index.ts';
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
 */
export function bestSlot(cells: Cell[], channel: Channel): { cell: Cell; metric: 'engagement' | 'delivery' } | null {
  const mine = cells.filter((c) => c.channel === channel);
  const metric: 'engagement' | 'delivery' = mine.some((c) => c.engaged > 0) ? 'engagement' : 'delivery';
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
  // the history's best slot, on its first day in the window still ahead
  const best = bestSlot(cells, channel);
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
