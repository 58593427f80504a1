import { describe, expect, it } from 'vitest';
import {
  channelVsBaseline,
  creditsForecast,
  deliveryDrops,
  failureGrowth,
  fatigue,
  reachability,
  segmentsVsBaseline,
  unsubscribeSpikes,
  zScore,
} from './detectors.ts';

const counts = (sent: number, delivered: number, opened = 0, clicked = 0) => ({
  targeted: sent,
  sent,
  delivered,
  opened,
  clicked,
  failed: sent - delivered,
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
    expect(
      creditsForecast({ balances: [{ channel: 'sms', balance: 600 }], spent: [{ channel: 'sms', credits: 3000 }], days: 30 })[0],
    ).toMatchObject({ severity: 'warning', figures: { per_day: 100, days_left: 6 } });
    expect(creditsForecast({ balances: [{ channel: 'sms', balance: 600 }], spent: [], days: 30 })).toEqual([]);
    expect(reachability({ customers: 500, unreachable: 100, no_consent: 60 })[0]?.figures).toMatchObject({ share: 20 });
    expect(reachability({ customers: 500, unreachable: 20, no_consent: 20 })).toEqual([]);
  });

  it('the z-test is symmetric and zero without data', () => {
    expect(zScore(90, 100, 80, 100)).toBeCloseTo(-zScore(80, 100, 90, 100));
    expect(zScore(0, 0, 5, 10)).toBe(0);
  });
});
