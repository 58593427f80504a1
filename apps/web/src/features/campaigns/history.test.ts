import { describe, expect, it } from 'vitest';
import { compareRows } from './history.ts';

const results = (over: Partial<Parameters<typeof compareRows>[0]> = {}) => ({
  messages: 100,
  sent: 100,
  delivered: 90,
  opened: 30,
  clicked: 9,
  failed: 10,
  cost: '1.25000',
  delivery_rate: 0.9,
  open_rate: 1 / 3,
  click_rate: 0.1,
  ...over,
});

describe('compareRows', () => {
  it('puts two campaigns side by side with B − A and the better side of each rate', () => {
    const rows = compareRows(results(), results({ messages: 120, delivery_rate: 0.95, open_rate: 0.25, failed: 4, cost: '1.10001' }));
    const by = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(rows.map((r) => r.key)).toEqual(['messages', 'sent', 'delivery_rate', 'open_rate', 'click_rate', 'failed', 'cost']);
    expect(by.messages).toMatchObject({ a: 100, b: 120, delta: 20, better: null });
    expect(by.delivery_rate?.better).toBe('B');
    expect(by.open_rate?.better).toBe('A');
    expect(by.click_rate).toMatchObject({ delta: 0, better: null });
    // fewer failures is better
    expect(by.failed).toMatchObject({ delta: -6, better: 'B' });
    // cost keeps its five decimals exact
    expect(by.cost).toMatchObject({ delta: -0.14999, better: null });
  });
});
