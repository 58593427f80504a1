import { describe, expect, it } from 'vitest';
import { twoProportionTest } from './ab-stats.ts';

describe('two-proportion z-test', () => {
  it('matches the textbook figures', () => {
    // 200/1000 vs 250/1000: z ≈ 2.68, two-sided p ≈ 0.0074
    const r = twoProportionTest({ messages: 1000, hits: 200 }, { messages: 1000, hits: 250 });
    expect(r.enough_data).toBe(true);
    expect(r.p_value).toBeCloseTo(0.0074, 3);
    expect(r.significant).toBe(true);
    expect(r.confidence).toBeCloseTo(0.9926, 3);
  });

  it('does not call a small difference a win', () => {
    // 20/100 vs 24/100: p ≈ 0.49
    const r = twoProportionTest({ messages: 100, hits: 20 }, { messages: 100, hits: 24 });
    expect(r.p_value).toBeCloseTo(0.49, 2);
    expect(r.significant).toBe(false);
  });

  it('claims nothing on too little data', () => {
    expect(twoProportionTest({ messages: 20, hits: 10 }, { messages: 20, hits: 2 })).toEqual({
      p_value: null,
      confidence: null,
      significant: false,
      enough_data: false,
    });
    expect(twoProportionTest({ messages: 500, hits: 2 }, { messages: 500, hits: 40 }).enough_data).toBe(false);
  });
});
