import { reportRefreshMs } from './api/get-report.ts';
import { describe, expect, it } from 'vitest';
import { funnelSections, rate, timelineMax } from './report.ts';

const row = (channel: 'sms' | 'email' | 'all', variant: string | null, targeted: number) => ({
  channel,
  variant,
  targeted,
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  failed: 0,
  unsubscribed: 0,
});

describe('campaign report helpers', () => {
  it('splits the funnel into total, per channel and per variant', () => {
    const s = funnelSections([row('sms', 'A', 5), row('sms', 'B', 5), row('sms', null, 10), row('email', null, 3), row('all', null, 13)]);
    expect(s.total?.targeted).toBe(13);
    expect(s.channels.map((c) => c.channel)).toEqual(['sms', 'email']);
    expect(s.variants.map((c) => c.variant)).toEqual(['A', 'B']);
    expect(funnelSections([]).total).toBeNull();
  });

  it('rates are percentages with one decimal and 0 over nothing', () => {
    expect(rate(1, 3)).toBe(33.3);
    expect(rate(5, 0)).toBe(0);
  });

  it('the timeline scale is the tallest value, at least 1', () => {
    expect(timelineMax([])).toBe(1);
    expect(timelineMax([{ at: 'x', sent: 4, delivered: 9, opened: 0, clicked: 0, failed: 2 }])).toBe(9);
  });
});

describe('report refresh', () => {
  const completed = (at: string | null) => ({ campaign: { completed_at: at } }) as Parameters<typeof reportRefreshMs>[1];
  const now = Date.parse('2026-11-25T10:00:00Z');
  it('refreshes while running and while receipts settle after completion, then stops', () => {
    expect(reportRefreshMs(true, undefined, now)).toBeGreaterThan(0);
    expect(reportRefreshMs(false, completed('2026-11-25T09:59:00Z'), now)).toBeGreaterThan(0);
    expect(reportRefreshMs(false, completed('2026-11-25T09:40:00Z'), now)).toBe(false);
    expect(reportRefreshMs(false, completed(null), now)).toBe(false);
  });
});
