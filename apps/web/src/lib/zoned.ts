/**
 * Wall times in the account's time zone (the launcher and the batch screens show and take times
 * there, whatever the browser's zone): §5's rule that a scheduled time is later than now + 5
 * minutes, on the conversions every zoned time uses (`@risala/shared/time`).
 */
import { LIMITS } from '@risala/shared/constants';
import { isoToZonedLocal, zonedLocalToIso } from '@risala/shared/time';

export { isoToZonedLocal, zonedLocalToIso };

/** The browser's own zone (until the account's is known). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

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
