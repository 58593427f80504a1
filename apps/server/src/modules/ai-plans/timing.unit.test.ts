import { describe, expect, it } from 'vitest';
import { extractOffer } from '../ai/index.ts';
import type { Cell } from '../ai-insights/index.ts';
import { chooseSendTime, latestSendDay } from './timing.ts';

// 2026-03-02 is a Monday; the window is one week, Monday to Sunday, in Riyadh
const window = { start_date: '2026-03-02', end_date: '2026-03-08', time_zone: 'Asia/Riyadh' };
const now = new Date('2026-03-01T09:00:00Z');
const cell = (dow: number, hour: number, engaged: number): Cell => ({ channel: 'sms', dow, hour, sent: 400, delivered: 380, engaged });
// the history's best slot is Sunday 19:00 — the window's last day; Wednesday 19:00 is clearly the
// best of the others (each judged on enough messages and engagements, lib/stats)
const history = [cell(0, 19, 160), cell(1, 19, 30), cell(3, 19, 100)];

describe('a sale with a deadline goes out while it still has time to run', () => {
  it('sends a "this week only" sale in the first half of the week, not on the best slot of its last day', () => {
    expect(chooseSendTime(history, 'sms', window, now).local).toBe('2026-03-08 19:00');
    const offer = extractOffer('Ramadan sale, 20% off, this week only');
    const t = chooseSendTime(history, 'sms', { ...window, deadline: offer.deadline }, now);
    expect(t.local <= '2026-03-05 23:59').toBe(true);
    expect(t).toMatchObject({ source: 'history', local: '2026-03-04 19:00' });
    const ar = extractOffer('تخفيضات رمضان 20٪ هذا الأسبوع فقط');
    expect(chooseSendTime(history, 'sms', { ...window, deadline: ar.deadline }, now).local).toBe('2026-03-04 19:00');
  });

  it('announces "today only" and "until tomorrow" on the first day, "until Friday" by Wednesday', () => {
    const first = Math.round(Date.parse('2026-03-02') / 86_400_000);
    expect(latestSendDay({ kind: 'today', value: null, month: null }, first)).toBe(first);
    expect(latestSendDay({ kind: 'tomorrow', value: null, month: null }, first)).toBe(first);
    // Friday 2026-03-06: four days ahead, so by Wednesday
    expect(latestSendDay({ kind: 'weekday', value: 5, month: null }, first)).toBe(first + 2);
    expect(latestSendDay({ kind: 'days', value: 3, month: null }, first)).toBe(first + 1);
    expect(latestSendDay({ kind: 'date', value: 10, month: 3 }, first)).toBe(first + 4);
    expect(latestSendDay(null, first)).toBeNull();
  });
});
