import { beforeAll, describe, expect, it } from 'vitest';
import { formatInDays, formatRelativeTime } from './dates.ts';
import { initI18n, preloadLanguage } from './i18n.ts';

// i18next loads its catalogues asynchronously (one language at a time in the app)
beforeAll(async () => {
  await initI18n();
  await preloadLanguage('ar');
});

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('formatRelativeTime', () => {
  it('English', () => {
    expect(formatRelativeTime(ago(30_000), now, 'en')).toBe('Just now');
    expect(formatRelativeTime(ago(5 * 60_000), now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(60_000), now, 'en')).toBe('1 minute ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(ago(6 * 86_400_000), now, 'en')).toBe('6 days ago');
    expect(formatRelativeTime(ago(8 * 86_400_000), now, 'en')).toBe('Mar 2, 2026');
  });

  it('Arabic', () => {
    expect(formatRelativeTime(ago(10_000), now, 'ar')).toBe('الآن');
    expect(formatRelativeTime(ago(2 * 3_600_000), now, 'ar')).toMatch(/ساع/);
  });

  it('empty for an invalid date', () => {
    expect(formatRelativeTime('not a date', now, 'en')).toBe('');
  });
});

describe('formatInDays', () => {
  it('reads "in N days" in each language', () => {
    expect(formatInDays(5, 'en')).toBe('in 5 days');
    expect(formatInDays(1, 'en')).toBe('in 1 day');
    expect(formatInDays(2, 'ar')).toMatch(/يومين/);
  });
});
