/**
 * What a plan can expect, from the account's own history only (no industry benchmarks: a figure
 * the account did not produce would be made up). Per channel, the rates of past campaigns: with
 * three campaigns or more that sent at least 20 messages on it, the range between the lowest and the
 * highest campaign; with fewer but 50 messages pooled, the 95% Wilson interval of the pooled rate;
 * else nothing — and the plan says the first campaign sets the baseline.
 */
import { wilson as wilsonInterval } from '../../lib/stats.ts';
import type { Channel } from '@risala/shared/schemas/messages';
import type { CampaignChannel } from '../ai-insights/index.ts';

export const MIN_CAMPAIGN_SENT = 20;
export const MIN_POOLED = 50;

export interface Range {
  low: number;
  high: number;
}

/** Rates as fractions (0–1). */
export interface ChannelRates {
  basis: 'campaigns' | 'pooled';
  campaigns: number;
  messages: number;
  delivered: Range;
  /** over delivered; null where opens are not measured (SMS) */
  opened: Range | null;
  clicked: Range | null;
}

/** 95% Wilson score interval of k successes out of n (the product's one implementation). */
export const wilson = (k: number, n: number, z = 1.96): Range => wilsonInterval(k, n, z);

const spread = (values: number[]): Range => ({ low: Math.min(...values), high: Math.max(...values) });

export function historyRates(rows: CampaignChannel[], channel: Channel): ChannelRates | null {
  const mine = rows.filter((r) => r.channel === channel && r.sent > 0);
  const sent = mine.reduce((n, r) => n + r.sent, 0);
  const delivered = mine.reduce((n, r) => n + r.delivered, 0);
  const opened = mine.reduce((n, r) => n + r.opened, 0);
  const clicked = mine.reduce((n, r) => n + r.clicked, 0);
  const opens = channel !== 'sms';
  const solid = mine.filter((r) => r.sent >= MIN_CAMPAIGN_SENT && r.delivered > 0);
  if (solid.length >= 3) {
    return {
      basis: 'campaigns',
      campaigns: solid.length,
      messages: solid.reduce((n, r) => n + r.sent, 0),
      delivered: spread(solid.map((r) => r.delivered / r.sent)),
      opened: opens ? spread(solid.map((r) => r.opened / r.delivered)) : null,
      clicked: spread(solid.map((r) => r.clicked / r.delivered)),
    };
  }
  if (sent >= MIN_POOLED && delivered > 0) {
    return {
      basis: 'pooled',
      campaigns: mine.length,
      messages: sent,
      delivered: wilson(delivered, sent),
      opened: opens ? wilson(opened, delivered) : null,
      clicked: wilson(clicked, delivered),
    };
  }
  return null;
}

export interface Expected {
  delivered: Range | null;
  opened: Range | null;
  clicked: Range | null;
  basis: 'campaigns' | 'pooled' | 'none';
  campaigns: number;
  messages: number;
}

/** Expected results of messages per channel, summed; a channel without history leaves the whole range unknown. */
export function expectedFor(messages: Partial<Record<Channel, number>>, rates: Partial<Record<Channel, ChannelRates | null>>): Expected {
  const used = (Object.entries(messages) as [Channel, number][]).filter(([, n]) => n > 0);
  const none: Expected = { delivered: null, opened: null, clicked: null, basis: 'none', campaigns: 0, messages: 0 };
  if (used.length === 0 || used.some(([c]) => !rates[c])) return none;
  const sum = (f: (r: ChannelRates, n: number) => Range | null): Range | null => {
    let low = 0;
    let high = 0;
    for (const [c, n] of used) {
      const r = f(rates[c] as ChannelRates, n);
      if (!r) continue;
      low += r.low;
      high += r.high;
    }
    return { low: Math.floor(low), high: Math.ceil(high) };
  };
  const delivered = sum((r, n) => ({ low: n * r.delivered.low, high: n * r.delivered.high }));
  const anyOpens = used.some(([c]) => rates[c]?.opened);
  const opened = anyOpens
    ? sum((r, n) => (r.opened ? { low: n * r.delivered.low * r.opened.low, high: n * r.delivered.high * r.opened.high } : null))
    : null;
  const clicked = sum((r, n) =>
    r.clicked ? { low: n * r.delivered.low * r.clicked.low, high: n * r.delivered.high * r.clicked.high } : null,
  );
  const all = used.map(([c]) => rates[c] as ChannelRates);
  return {
    delivered,
    opened,
    clicked,
    basis: all.every((r) => r.basis === 'campaigns') ? 'campaigns' : 'pooled',
    campaigns: Math.max(...all.map((r) => r.campaigns)),
    messages: all.reduce((n, r) => n + r.messages, 0),
  };
}
