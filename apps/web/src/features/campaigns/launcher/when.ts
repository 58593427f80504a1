/** A schedule as people read it: the wall time in the account's zone, with the zone's own name in the reader's language. */
import { intlLocale } from '../../../lib/i18n.ts';
import { zonedLocalToIso } from '../../../lib/zoned.ts';

/** "Thursday, 26 November 2026 at 14:00" for a wall time typed in `timeZone`. */
export function formatZoned(local: string, timeZone: string, language: string): string {
  const iso = zonedLocalToIso(local, timeZone);
  if (!iso) return local;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** "Arabian Standard Time" / "التوقيت العربي الرسمي" (the zone id when Intl has no name for it). */
export function zoneName(timeZone: string, language: string): string {
  try {
    const part = new Intl.DateTimeFormat(intlLocale(language), { timeZone, timeZoneName: 'long' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
