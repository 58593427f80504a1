import type { Channel } from '@risala/shared/schemas/messages';
import { daysLeftAt } from '../analytics/index.ts';
import { describe, expect, it } from 'vitest';
import {
  bestSendTimes,
  CREDITS_HORIZON_DAYS,
  channelVsBaseline,
  creditsForecast,
  deliveryDrops,
  failureGrowth,
  fatigue,
  reachability,
  segmentsVsBaseline,
  unsubscribeSpikes,
  type Found,
  zScore,
} from './detectors.ts';
import { rankInsights } from './ranking.ts';

const counts = (sent: number, delivered: number, opened = 0, clicked = 0) => ({
  targeted: sent,
  sent,
  delivered,
  opened,
  clicked,
  failed: sent - delivered,
});

/** A channel's 30-day pace as analytics/credits-pace.ts states it. */
const pace = (channel: Channel, balance: number, spent: number) => ({
  days: 30,
  by_channel: [{ channel, balance, spent, per_day: spent / 30, days_left: daysLeftAt(balance, spent, 30) }],
});

describe('insight detectors', () => {
  it('a delivery drop counts only when it is larger than chance on enough messages', () => {
    const route = (recent: [number, number], baseline: [number, number]) => ({
      kind: 'dest' as const,
      key: '+966 50',
      label: '+966 50',
      channel: 'sms' as const,
      recent: { sent: recent[0], delivered: recent[1] },
      baseline: { sent: baseline[0], delivered: baseline[1] },
    });
    const [drop] = deliveryDrops([route([100, 70], [400, 380])], 7, 28);
    expect(drop).toMatchObject({
      severity: 'critical',
      figures: { recent_rate: 70, baseline_rate: 95, drop_points: 25 },
      action: { url: '/message-history?view=failed&channel=sms&search=%2B96650' },
    });
    // the same fall on 20 messages is not enough to say anything; a 3-point dip is noise
    expect(deliveryDrops([route([20, 14], [400, 380])], 7, 28)).toEqual([]);
    expect(deliveryDrops([route([1000, 920], [1000, 950])], 7, 28)).toEqual([]);
  });

  it('unsubscribes against the other campaigns, failures against their own past', () => {
    const spikes = unsubscribeSpikes([
      { campaign_id: 1, name: 'Loud', delivered: 200, unsubscribed: 12 },
      { campaign_id: 2, name: 'Calm', delivered: 2000, unsubscribed: 6 },
    ]);
    expect(spikes.map((s) => s.figures.campaign)).toEqual(['Loud']);
    const grew = failureGrowth(
      [{ code: 'ESME_RTHROTTLED', status: 'FAILED', reason: 'Throttled', channel: 'sms', recent: 70, before: 40 }],
      7,
      28,
    );
    expect(grew[0]?.figures).toMatchObject({ per_day: 10, before_per_day: 1.4 });
    expect(failureGrowth([{ code: 'X', status: 'FAILED', reason: 'X', channel: 'sms', recent: 25, before: 200 }], 7, 28)).toEqual([]);
  });

  it('a channel and a group against their baselines, both directions', () => {
    const [up] = channelVsBaseline(
      [{ channel: 'email', ...counts(2000, 1900, 600) }],
      [{ channel: 'email', ...counts(5000, 4800, 960) }],
      30,
    );
    expect(up).toMatchObject({ severity: 'opportunity', figures: { metric: 'open', rate: 31.6, baseline_rate: 20 } });
    const [down] = channelVsBaseline([{ channel: 'sms', ...counts(1000, 850) }], [{ channel: 'sms', ...counts(5000, 4850) }], 30);
    expect(down).toMatchObject({ severity: 'warning', figures: { metric: 'delivery', rate: 85, baseline_rate: 97 } });
    const overall = counts(10_000, 9000, 1800);
    const [vip] = segmentsVsBaseline([{ group_id: 7, name: 'VIP', ...counts(1000, 900, 400) }], overall, 90);
    expect(vip).toMatchObject({
      severity: 'opportunity',
      figures: { group: 'VIP', rate: 44.4, baseline_rate: 17.3 },
      action: { url: '/campaign/ai-plans/new?group=7&objective=retention' },
    });
  });

  it('fatigue, credits and reach say what is there and nothing when nothing is', () => {
    expect(fatigue({ customers: 0, messaged: 100, top: 2 })).toEqual([]);
    expect(fatigue({ customers: 30, messaged: 200, top: 7 })[0]).toMatchObject({
      severity: 'warning',
      figures: { share: 15, most: 7 },
      action: { kind: 'create_group' },
    });
    expect(creditsForecast(pace('sms', 600, 3000))[0]).toMatchObject({ severity: 'warning', figures: { per_day: 100, days_left: 6 } });
    expect(creditsForecast(pace('sms', 600, 0))).toEqual([]);
    expect(reachability({ customers: 500, unreachable: 100, no_consent: 60 })[0]?.figures).toMatchObject({ share: 20 });
    expect(reachability({ customers: 500, unreachable: 20, no_consent: 20 })).toEqual([]);
  });

  it('the z-test is symmetric and zero without data', () => {
    expect(zScore(90, 100, 80, 100)).toBeCloseTo(-zScore(80, 100, 90, 100));
    expect(zScore(0, 0, 5, 10)).toBe(0);
  });
});

describe('statistics that deserve the name', () => {
  const cell = (hour: number, sent: number, engaged: number) => ({
    channel: 'email' as const,
    dow: 1,
    hour,
    sent,
    delivered: sent,
    engaged,
  });

  it('names a best time only when it is clearly ahead on enough messages and opens', () => {
    // the case that was stated as a best hour: one open of 102 messages
    expect(bestSendTimes([cell(8, 102, 1), cell(9, 40, 0)], 90)).toEqual([]);
    // ahead, but within the margin of the next slot: not a finding
    expect(bestSendTimes([cell(8, 300, 44), cell(9, 300, 40)], 90)).toEqual([]);
    const [best] = bestSendTimes([cell(8, 300, 90), cell(9, 300, 40), cell(10, 10, 9)], 90);
    expect(best).toMatchObject({ figures: { hour: 8, rate: 30, events: 90, next_rate: 13.3 } });
    expect(Number(best?.figures.low)).toBeGreaterThan(Number(best?.figures.next_rate));
  });

  it('leaves out credits that last beyond the horizon', () => {
    expect(creditsForecast(pace('whatsapp', 999, 1))).toEqual([]);
    expect(CREDITS_HORIZON_DAYS).toBe(90);
  });

  it('ranks by severity and reach, and drops trivial information', () => {
    const found = (id: string, severity: Found['severity'], sample: number) =>
      ({
        id,
        kind: 'fatigue',
        severity,
        channel: null,
        figures: {},
        sample,
        action: { kind: 'open', url: '/', endpoint: null, label: 'x' },
      }) as Found;
    const ranked = rankInsights([
      found('small-warning', 'warning', 60),
      found('big-opportunity', 'opportunity', 50_000),
      found('trivial-info', 'info', 12),
      found('big-warning', 'warning', 5_000),
      found('critical', 'critical', 40),
    ]);
    expect(ranked.map((f) => f.id)).toEqual(['critical', 'big-warning', 'small-warning', 'big-opportunity']);
  });
});
