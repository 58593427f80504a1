import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatInZone, isoInZone, timeZoneName } from './time.ts';

const at = '2026-11-26T05:41:34Z';

describe('formatInZone', () => {
  it('writes the moment in the account zone, whatever the machine zone', () => {
    expect(formatInZone(at, 'Asia/Riyadh', 'en')).toBe('Nov 26, 2026, 8:41 AM');
    expect(formatInZone(at, 'America/New_York', 'en')).toBe('Nov 26, 2026, 12:41 AM');
    expect(formatInZone(at, 'Asia/Riyadh', 'en', 'day')).toBe('Nov 26, 2026');
    expect(formatInZone(at, 'Asia/Riyadh', 'en', 'time')).toBe('8:41 AM');
  });

  it('Arabic keeps the Gregorian calendar', () => {
    const ar = formatInZone(at, 'Asia/Riyadh', 'ar');
    expect(ar).toMatch(/2026/);
    expect(ar).toMatch(/8:41/);
    expect(ar).toMatch(/ص/);
  });

  it('nothing for nothing, an invalid date or an unknown zone falls back to UTC', () => {
    expect(formatInZone(null, 'UTC', 'en')).toBe('');
    expect(formatInZone('not a date', 'UTC', 'en')).toBe('');
    expect(formatInZone(at, 'Not/AZone', 'en')).toBe('Nov 26, 2026, 5:41 AM');
  });
});

describe('formatCalendarDay', () => {
  it('a day is the same day in every zone', () => {
    expect(formatCalendarDay('2026-03-01', 'en')).toBe('Mar 1, 2026');
  });
});

describe('timeZoneName', () => {
  it('names zones in words in the reader language', () => {
    expect(timeZoneName('Asia/Riyadh', 'en')).toBe('Saudi Arabia Time');
    expect(timeZoneName('Asia/Riyadh', 'ar')).toMatch(/السعودية/);
    expect(timeZoneName('America/New_York', 'en')).toBe('Eastern Time');
    expect(timeZoneName('UTC', 'en')).toBe('Coordinated Universal Time');
  });
});

describe('isoInZone', () => {
  it('ISO 8601 with the zone offset', () => {
    expect(isoInZone(at, 'Asia/Riyadh')).toBe('2026-11-26T08:41:34+03:00');
    expect(isoInZone(at, 'UTC')).toBe('2026-11-26T05:41:34+00:00');
    expect(isoInZone('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01T08:00:00-04:00');
    expect(isoInZone('2026-07-01T12:00:00Z', 'Asia/Kolkata')).toBe('2026-07-01T17:30:00+05:30');
    expect(isoInZone(null, 'UTC')).toBeNull();
  });
});
