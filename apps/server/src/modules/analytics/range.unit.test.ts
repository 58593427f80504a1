import { describe, expect, it } from 'vitest';
import { bucketDays, dayBucket, presetDays, resolveRange, todayIn } from './range.ts';

describe('dashboard ranges', () => {
  const now = new Date('2026-03-31T22:30:00Z'); // already April 1st in Riyadh (UTC+3)

  it('read today in the account’s zone, not the server’s', () => {
    expect(todayIn('Asia/Riyadh', now)).toBe('2026-04-01');
    expect(todayIn('America/New_York', now)).toBe('2026-03-31');
  });

  it('turn presets into days, months included (leap years, month ends)', () => {
    expect(presetDays('7d', '2026-04-01')).toEqual({ from: '2026-03-26', to: '2026-04-01' });
    expect(presetDays('this_month', '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(presetDays('last_month', '2024-03-15')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetDays('last_month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('give the previous period of the same length and the bucket the length needs', () => {
    expect(resolveRange({ preset: '30d' }, 'Asia/Riyadh', now)).toMatchObject({
      from: '2026-03-03',
      to: '2026-04-01',
      prev_from: '2026-02-01',
      prev_to: '2026-03-02',
      bucket: 'day',
    });
    expect(resolveRange({ from: '2026-01-01', to: '2026-01-02' }, 'UTC', now).bucket).toBe('hour');
    expect(resolveRange({ preset: '90d' }, 'UTC', now).bucket).toBe('week');
    // a custom day wins over the preset; one end alone counts 30 days from it
    expect(resolveRange({ preset: '7d', from: '2026-03-20' }, 'UTC', now)).toMatchObject({ from: '2026-03-20', to: '2026-03-31' });
    expect(resolveRange({ to: '2026-02-28' }, 'UTC', now)).toMatchObject({ from: '2026-01-30', to: '2026-02-28' });
  });

  it('refuse impossible days and ranges with the field at fault', () => {
    const field = (f: Parameters<typeof resolveRange>[0]) => {
      try {
        resolveRange(f, 'UTC', now);
        return null;
      } catch (err) {
        return (err as { errors: { field: string; message: string }[] }).errors[0];
      }
    };
    expect(field({ from: '2026-02-30', to: '2026-03-01' })).toEqual({ field: 'from', message: 'dashboard.validation.date' });
    expect(field({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ field: 'to', message: 'dashboard.validation.toBeforeFrom' });
    expect(field({ from: '2024-01-01', to: '2025-01-01' })).toEqual({ field: 'from', message: 'dashboard.validation.tooLong' });
    expect(field({ from: '2024-01-01', to: '2024-12-31' })).toBeNull(); // 366 days of a leap year
  });

  it('cut weeks from the first day of the range', () => {
    const range = { from: '2026-01-01', to: '2026-03-31', bucket: 'week' as const };
    expect(dayBucket('2026-01-07', range)).toBe('2026-01-01');
    expect(dayBucket('2026-01-08', range)).toBe('2026-01-08');
    expect(bucketDays(range)).toHaveLength(13);
  });
});
