/** Pure helpers of the campaign report: funnel sections and rates, timeline scaling. */
import type { CampaignFunnel } from '@risala/shared/schemas/campaigns';
import type { TimelinePoint } from './api/types.ts';

export const FUNNEL_STEPS = ['targeted', 'sent', 'delivered', 'opened', 'clicked', 'failed', 'unsubscribed'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The report's rows split: the total, one row per channel, and (A/B test) one row per channel and variant. */
export function funnelSections(funnel: CampaignFunnel[]) {
  const total = funnel.find((f) => f.channel === 'all') ?? null;
  const channels = funnel.filter((f) => f.channel !== 'all' && f.variant === null);
  const variants = funnel.filter((f) => f.channel !== 'all' && f.variant !== null);
  return { total, channels, variants };
}

/** A share in percent with one decimal; 0 when there is nothing to divide by. */
export const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export const TIMELINE_SERIES = ['sent', 'delivered', 'opened', 'clicked', 'failed'] as const;

/** The tallest value of any series (the chart's scale), at least 1. */
export const timelineMax = (points: TimelinePoint[]) => Math.max(1, ...points.flatMap((p) => TIMELINE_SERIES.map((s) => p[s])));
