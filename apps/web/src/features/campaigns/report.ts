/** Pure helpers of the campaign report: funnel sections and steps with their rates, chart series. */
import type { Channel } from '@risala/shared/schemas/messages';
import type { ReportFunnel, ReportPoint } from './api/types.ts';

/** The report's rows split: the total, one row per channel, and (A/B test) one row per channel and variant. */
export function funnelSections(funnel: ReportFunnel[]) {
  const total = funnel.find((f) => f.channel === 'all') ?? null;
  const channels = funnel.filter((f) => f.channel !== 'all' && f.variant === null);
  const variants = funnel.filter((f) => f.channel !== 'all' && f.variant !== null);
  return { total, channels, variants };
}

/** part ÷ whole, 0 when there is nothing to divide by (a rate over nothing is not a rate). */
export const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export type StepKey = 'messages' | 'sent' | 'delivered' | 'opened' | 'clicked';

export interface FunnelStep {
  key: StepKey;
  /** 'read' for WhatsApp's opened step */
  label: StepKey | 'read';
  value: number;
  /** the step its rate is taken of (null for the first) */
  of: StepKey | null;
  rate: number;
}

/**
 * A channel's steps: messages → sent → delivered → opened (email; read for WhatsApp) → clicked.
 * Clicks are a share of delivered (a click without an open is possible: images off), as the
 * dashboard and the big senders count them. SMS has no opens; its clicks show only when there are.
 */
export function funnelSteps(f: ReportFunnel): FunnelStep[] {
  const channel = f.channel as Channel | 'all';
  const steps: FunnelStep[] = [
    { key: 'messages', label: 'messages', value: f.messages, of: null, rate: 1 },
    { key: 'sent', label: 'sent', value: f.sent, of: 'messages', rate: share(f.sent, f.messages) },
    { key: 'delivered', label: 'delivered', value: f.delivered, of: 'sent', rate: share(f.delivered, f.sent) },
  ];
  if (channel !== 'sms') {
    steps.push({
      key: 'opened',
      label: channel === 'whatsapp' ? 'read' : 'opened',
      value: f.opened,
      of: 'delivered',
      rate: share(f.opened, f.delivered),
    });
  }
  if (channel === 'email' || channel === 'all' || f.clicked > 0) {
    steps.push({ key: 'clicked', label: 'clicked', value: f.clicked, of: 'delivered', rate: share(f.clicked, f.delivered) });
  }
  return steps;
}

export const SERIES = ['sent', 'delivered', 'opened', 'clicked', 'failed'] as const;

/** The series worth drawing: those with something in them. */
export const activeSeries = (points: ReportPoint[]) => SERIES.filter((s) => points.some((p) => p[s] !== 0));
