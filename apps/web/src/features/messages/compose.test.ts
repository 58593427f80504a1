import { describe, expect, it } from 'vitest';
import { localToIso, minScheduleLocal, parseNumbers, scheduleError } from './compose.ts';

const local = (d: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

describe('new message helpers', () => {
  it('parses typed numbers: normalised, de-duplicated, invalid ones listed', () => {
    const r = parseNumbers('+966 50 123 4567\n+966501234567, +966-50-123-4568; 12345\n\n0501234567');
    expect(r.valid).toEqual(['+966501234567', '+966501234568']);
    expect(r.invalid).toEqual(['12345', '0501234567']);
    expect(parseNumbers('  ')).toEqual({ valid: [], invalid: [] });
    // numbers side by side on one line, or a pasted column
    expect(parseNumbers('+966 50 765 4321 +966501111111').valid).toEqual(['+966507654321', '+966501111111']);
    expect(parseNumbers('+966507654321\t+966501111111').valid).toEqual(['+966507654321', '+966501111111']);
  });

  it('validates the schedule time: more than 5 minutes ahead', () => {
    expect(scheduleError('')).toBe('validation.dateTime');
    expect(scheduleError(local(new Date(Date.now() + 60_000)))).toBe('validation.scheduledTime');
    expect(scheduleError(local(new Date(Date.now() + 10 * 60_000)))).toBeNull();
    expect(scheduleError(minScheduleLocal())).toBeNull();
  });

  it('turns a local time into an ISO instant', () => {
    expect(localToIso('garbage')).toBeNull();
    expect(localToIso('2026-05-01T10:30')).toBe(new Date(2026, 4, 1, 10, 30).toISOString());
  });
});
