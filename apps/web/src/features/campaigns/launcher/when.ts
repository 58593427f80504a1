/**
 * A schedule as people read it: the wall time typed in the account's zone, written like every
 * other moment in the app (packages/shared/src/time.ts); the zone's name is
 * `timeZoneName` from there too.
 */
import { formatInZone } from '@risala/shared/time';
import { zonedLocalToIso } from '../../../lib/zoned.ts';

/** "Nov 26, 2026, 2:00 PM" for a wall time typed in `timeZone`. */
export function formatZoned(local: string, timeZone: string, language: string): string {
  const iso = zonedLocalToIso(local, timeZone);
  return iso ? formatInZone(iso, timeZone, language) : local;
}
