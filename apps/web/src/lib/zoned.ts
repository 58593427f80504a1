/**
 * Wall times in the account's time zone (the launcher and the batch screens show and take times
 * there, whatever the browser's zone): a `datetime-local` value ⇄ an ISO instant, and §5's rule
 * that a scheduled time is later than now + 5 minutes.
 */
import { LIMITS } from '@risala/shared/constants';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The browser's own zone (until the account's is known). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one is the slow part), read in one formatToParts call. */
function parts(ms: number, timeZone: string) {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, fmt);
  }
  const got: Record<string, number> = {};
  for (const p of fmt.formatToParts(new Date(ms))) if (p.type !== 'literal') got[p.type] = Number(p.value);
  return { y: got.year ?? 0, mo: got.month ?? 0, d: got.day ?? 0, h: got.hour ?? 0, mi: got.minute ?? 0, s: got.second ?? 0 };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone);
  const whole = Math.floor(ms / 1000) * 1000;
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - whole;
}

/** `YYYY-MM-DDTHH:mm` in `timeZone` → ISO instant, or null when the value is not a date-time. */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let at = wall - offsetAt(wall, timeZone);
  const second = offsetAt(at, timeZone); // across a DST change the first guess is an hour off
  if (wall - second !== at) at = wall - second;
  return new Date(at).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant → `YYYY-MM-DDTHH:mm` in `timeZone`. */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const p = parts(new Date(iso).getTime(), timeZone);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}`;
}

/** The earliest value the picker offers: now + the minimum + 1 minute, in the zone. */
export function minZonedLocal(timeZone: string, now = Date.now()): string {
  return isoToZonedLocal(new Date(now + (LIMITS.scheduleMinAheadMinutes + 1) * 60_000).toISOString(), timeZone);
}

/** The i18n key of what is wrong with a zoned schedule value, or null (§5: later than now + 5 minutes). */
export function zonedScheduleError(local: string, timeZone: string, now = Date.now()): string | null {
  const iso = zonedLocalToIso(local, timeZone);
  if (!iso) return 'validation.dateTime';
  return new Date(iso).getTime() > now + LIMITS.scheduleMinAheadMinutes * 60_000 ? null : 'validation.scheduledTime';
}
