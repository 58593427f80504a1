import { describe, expect, it } from 'vitest';
import { judgeBest, MIN_BUCKET_EVENTS, MIN_BUCKET_SAMPLE, wilson } from './stats.ts';

const bucket = (key: number, events: number, sample: number) => ({ key, label: `${key}:00`, events, sample });

describe('wilson', () => {
  it('matches the textbook interval and stays inside 0–1', () => {
    // 10 of 100: 5.5%–17.4% (Wilson, 95%)
    const w = wilson(10, 100);
    expect(w.low).toBeCloseTo(0.0552, 3);
    expect(w.high).toBeCloseTo(0.1744, 3);
    expect(wilson(0, 20).low).toBe(0);
    expect(wilson(20, 20).high).toBe(1);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 0 });
  });
});

describe('judgeBest', () => {
  it('does not name a best hour on one read of 102 messages', () => {
    // the case that was stated as "best hour 08:00, 1% read": one hour, one read
    const v = judgeBest([bucket(8, 1, 102)]);
    expect(v.kind).toBe('insufficient');
    expect(v.compared).toBe(1);
  });

  it('needs enough events in the best bucket, not only enough messages', () => {
    const v = judgeBest([bucket(8, 12, 400), bucket(9, 4, 400), bucket(10, 2, 300)]);
    expect(12).toBeLessThan(MIN_BUCKET_EVENTS);
    expect(v).toMatchObject({ kind: 'insufficient', most: { key: 8, events: 12 }, compared: 3 });
  });

  it('skips buckets below the minimum sample when comparing', () => {
    // a "perfect" hour of 3 messages is not a best hour
    const v = judgeBest([bucket(3, 3, 3), bucket(8, 60, 500), bucket(20, 30, 500)]);
    expect(v).toMatchObject({ kind: 'clear', best: { key: 8 }, next: { key: 20 }, compared: 2 });
    expect(3).toBeLessThan(MIN_BUCKET_SAMPLE);
  });

  it('calls a best clear only when its interval is above the runner-up, else a lead', () => {
    expect(judgeBest([bucket(8, 90, 300), bucket(20, 40, 300)]).kind).toBe('clear');
    const close = judgeBest([bucket(8, 44, 300), bucket(20, 40, 300)]);
    expect(close.kind).toBe('lead');
    if (close.kind === 'lead') expect(close.best.interval.low).toBeLessThan(close.next.interval.high);
  });

  it('finds the lowest when asked for the worst, on enough misses', () => {
    const v = judgeBest([bucket(1, 280, 300), bucket(2, 200, 300), bucket(3, 285, 300)], 'asc');
    expect(v).toMatchObject({ kind: 'clear', best: { key: 2 } });
  });
});

describe('the minimum as the answers say it', () => {
  it('is spelt "thirty" in both catalogues, so the words follow the constants', async () => {
    const { translate } = await import('@risala/shared/i18n/index.ts');
    expect([MIN_BUCKET_SAMPLE, MIN_BUCKET_EVENTS]).toEqual([30, 30]);
    expect(translate('en', 'ai.builtin.best.insufficient')).toMatch(/thirty messages.*thirty/);
    expect(translate('ar', 'ai.builtin.best.insufficient')).toMatch(/ثلاثون رسالة.*وثلاثون/);
  });
});
