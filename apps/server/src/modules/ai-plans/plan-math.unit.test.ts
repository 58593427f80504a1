import { describe, expect, it } from 'vitest';
import type { Cell } from '../ai-insights/index.ts';
import { orderChannels } from './channels.ts';
import { expectedFor, historyRates, wilson } from './expected.ts';
import { chooseSendTime } from './timing.ts';

const campaign = (channel: 'sms' | 'email', sent: number, delivered: number, opened = 0, clicked = 0) => ({
  campaign_id: Math.random(),
  name: 'c',
  launched_at: null,
  channel,
  targeted: sent,
  sent,
  delivered,
  opened,
  clicked,
  failed: sent - delivered,
  unsubscribed: 0,
});

describe("expected results from the account's history", () => {
  it('three campaigns or more: the range between the lowest and the highest', () => {
    const rates = historyRates([campaign('sms', 100, 90, 0, 9), campaign('sms', 200, 190, 0, 10), campaign('sms', 50, 40, 0, 2)], 'sms');
    expect(rates).toMatchObject({ basis: 'campaigns', campaigns: 3, messages: 350, opened: null });
    expect(rates?.delivered.low).toBeCloseTo(0.8);
    expect(rates?.delivered.high).toBeCloseTo(0.95);
    expect(expectedFor({ sms: 1000 }, { sms: rates })).toMatchObject({
      delivered: { low: 800, high: 950 },
      opened: null,
      basis: 'campaigns',
    });
  });

  it('fewer campaigns but 50 messages: the Wilson interval of the pooled rate; less: nothing', () => {
    const pooled = historyRates([campaign('email', 60, 54, 12, 3)], 'email');
    expect(pooled?.basis).toBe('pooled');
    const w = wilson(54, 60);
    expect(pooled?.delivered).toEqual(w);
    expect(w.low).toBeLessThan(0.9);
    expect(w.high).toBeGreaterThan(0.9);
    expect(historyRates([campaign('email', 30, 29)], 'email')).toBeNull();
    // a channel without history leaves the whole expectation unknown (no made-up benchmark)
    expect(expectedFor({ sms: 10, email: 10 }, { sms: pooled, email: null })).toMatchObject({ delivered: null, basis: 'none' });
  });
});

describe('channels in fallback order', () => {
  it('by how many each would deliver to; unusable channels last with their reason', () => {
    const out = orderChannels(
      'promotion',
      [
        { channel: 'sms', reachable: 100, sender: 'Risala', reason: null },
        { channel: 'email', reachable: 110, sender: 'a@b.example', reason: null },
        { channel: 'whatsapp', reachable: 80, sender: null, reason: { key: 'noWhatsappTemplate', params: { language: 'ar' } } },
      ],
      { sms: { delivery_rate: 98, sample: 500 }, email: { delivery_rate: 80, sample: 500 } },
    );
    expect(out.map((c) => [c.channel, c.position])).toEqual([
      ['sms', 1],
      ['email', 2],
      ['whatsapp', null],
    ]);
    // no history at all: reach decides, the objective's preference on a tie
    const tie = orderChannels(
      'awareness',
      [
        { channel: 'sms', reachable: 50, sender: 's', reason: null },
        { channel: 'email', reachable: 50, sender: 'e', reason: null },
      ],
      {},
    );
    expect(tie.map((c) => c.channel)).toEqual(['email', 'sms']);
  });
});

describe('the send time', () => {
  const window = { start_date: '2026-03-02', end_date: '2026-03-08', time_zone: 'Asia/Riyadh' };
  const now = new Date('2026-03-01T09:00:00Z');
  const cell = (dow: number, hour: number, sent: number, delivered: number, engaged: number): Cell => ({
    channel: 'sms',
    dow,
    hour,
    sent,
    delivered,
    engaged,
  });

  it('the best weekday and hour of the history inside the window', () => {
    // 2026-03-04 is a Wednesday (dow 3)
    const t = chooseSendTime([cell(3, 19, 300, 285, 60), cell(1, 10, 300, 285, 15), cell(3, 8, 10, 10, 9)], 'sms', window, now);
    expect(t).toMatchObject({ source: 'history', local: '2026-03-04 19:00', dow: 3, hour: 19, metric: 'engagement', sample: 300 });
    expect(t.rate).toBe(21.1);
    expect(t.at).toBe('2026-03-04T16:00:00.000Z');
  });

  it("without enough history: the channel's default hour on the first day, said to be a default", () => {
    const t = chooseSendTime([cell(3, 19, 10, 10, 5)], 'email', window, now);
    expect(t).toMatchObject({ source: 'default', local: '2026-03-02 10:00', hour: 10, rate: null, metric: null });
  });

  it('never a best slot on a few engagements: one read of 102 messages is no history', () => {
    // the case that was stated as "best hour 08:00, 1% opened"
    expect(chooseSendTime([cell(3, 8, 102, 100, 1), cell(1, 10, 100, 95, 0)], 'email', window, now).source).toBe('default');
    // ahead, but within the margin: not a finding either
    expect(chooseSendTime([cell(3, 19, 300, 285, 44), cell(1, 10, 300, 285, 40)], 'sms', window, now).source).toBe('default');
  });
});
