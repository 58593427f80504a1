import { describe, expect, it } from 'vitest';
import type { ReportFunnel } from './api/types.ts';
import { activeSeries, funnelSections, funnelSteps, share } from './report.ts';

const row = (
  channel: ReportFunnel['channel'],
  variant: ReportFunnel['variant'],
  messages: number,
  more: Partial<ReportFunnel> = {},
): ReportFunnel => ({
  channel,
  variant,
  messages,
  pending: 0,
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  failed: 0,
  cancelled: 0,
  unsubscribed: 0,
  ...more,
});

describe('campaign report helpers', () => {
  it('splits the funnel into total, channels and variants', () => {
    const s = funnelSections([row('sms', 'A', 5), row('sms', 'B', 5), row('sms', null, 10), row('email', null, 3), row('all', null, 13)]);
    expect(s.total?.messages).toBe(13);
    expect(s.channels.map((c) => c.channel)).toEqual(['sms', 'email']);
    expect(s.variants.map((c) => c.variant)).toEqual(['A', 'B']);
    expect(funnelSections([]).total).toBeNull();
  });

  it('gives each step its share of the step before it; SMS has no opens, WhatsApp reads', () => {
    const email = funnelSteps(row('email', null, 200, { sent: 200, delivered: 180, opened: 45, clicked: 9 }));
    expect(email.map((s) => [s.key, s.value, s.of, s.rate])).toEqual([
      ['messages', 200, null, 1],
      ['sent', 200, 'messages', 1],
      ['delivered', 180, 'sent', 0.9],
      ['opened', 45, 'delivered', 0.25],
      ['clicked', 9, 'delivered', 0.05],
    ]);
    expect(funnelSteps(row('sms', null, 10, { sent: 10, delivered: 8 })).map((s) => s.key)).toEqual(['messages', 'sent', 'delivered']);
    expect(funnelSteps(row('whatsapp', null, 10, { sent: 10 })).map((s) => s.label)).toEqual(['messages', 'sent', 'delivered', 'read']);
    expect(share(3, 0)).toBe(0);
  });

  it('draws only the series that moved', () => {
    expect(activeSeries([{ at: 'x', sent: 4, delivered: 2, opened: 0, clicked: 0, failed: 0 }])).toEqual(['sent', 'delivered']);
  });
});
