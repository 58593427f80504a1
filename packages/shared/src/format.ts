import { LIMITS } from './constants.ts';

/**
 * Truncate a display name to `max` characters at a word boundary, adding an ellipsis (spec §2, §9).
 * A single word longer than `max` is cut hard.
 */
export function truncateName(name: string, max: number = LIMITS.nameTruncate): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  // the cut already ends at a word boundary when the next character is a space
  const lastSpace = clean[max] === ' ' ? max : cut.lastIndexOf(' ');
  const base = lastSpace > 0 ? cut.slice(0, lastSpace) : cut;
  return `${base.trimEnd()}…`;
}

export type RelativeTime =
  | { kind: 'justNow' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'days'; count: number }
  | { kind: 'date'; date: Date };

/** Spec §9: under 1 minute "Just now", then minutes, hours, days up to 6, then a date. */
export function relativeTime(at: Date, now: Date = new Date()): RelativeTime {
  const diffMs = Math.max(0, now.getTime() - at.getTime());
  const minutes = Math.floor(diffMs / 60_000);
  if (minutes < 1) return { kind: 'justNow' };
  if (minutes < 60) return { kind: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { kind: 'hours', count: hours };
  const days = Math.floor(hours / 24);
  if (days <= 6) return { kind: 'days', count: days };
  return { kind: 'date', date: at };
}

/** Badge text for an unread count (spec §9: 99+ above 99). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
