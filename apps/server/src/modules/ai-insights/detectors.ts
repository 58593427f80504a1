/**
 * What makes an insight, as pure functions over the account's figures: each detector returns the
 * situation it found with its figures (rates in percent, one decimal), its sample, how sure it is
 * and the screen its action opens. Differences between two rates count only when a two-proportion
 * z-test says they are larger than chance (|z| ≥ 2.58, 99%) on enough messages; the thresholds are
 * named constants below. Words come later (phrasing.ts).
 */
import type { InsightKind } from '@risala/shared/schemas/ai-insights';
import type { Channel } from '@risala/shared/schemas/messages';
import { judgeBest } from '../../lib/stats.ts';
import type { ChannelPace } from '../analytics/index.ts';
import type { Cell, Counts, RouteDelivery } from './source.ts';

export const Z_99 = 2.58;
export const MIN_ROUTE_RECENT = 50;
export const MIN_ROUTE_BASELINE = 100;
export const MIN_DROP_POINTS = 5;
export const MIN_CAMPAIGN_DELIVERED = 50;
export const MIN_UNSUBSCRIBES = 5;
export const MIN_FAILURES_RECENT = 20;
export const MIN_CHANNEL_SENT = 100;
export const FATIGUE_MESSAGES = 4;
export const FATIGUE_DAYS = 7;
export const CREDITS_WARN_DAYS = 14;
/** Credits lasting longer than this are not worth an insight ("credits last 29,970 more days"). */
export const CREDITS_HORIZON_DAYS = 90;

export interface Found {
  id: string;
  kind: InsightKind;
  severity: 'critical' | 'warning' | 'opportunity' | 'info';
  channel: Channel | null;
  /** the figures as computed (also the phrasing's parameters and a model's facts) */
  figures: Record<string, number | string | null>;
  sample: number;
  action: { kind: 'open' | 'create_group'; url: string; endpoint: string | null; label: string };
}

export const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);
const round1 = (v: number) => Math.round(v * 10) / 10;

export function zScore(k1: number, n1: number, k2: number, n2: number): number {
  if (n1 === 0 || n2 === 0) return 0;
  const p = (k1 + k2) / (n1 + n2);
  const se = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
  return se === 0 ? 0 : (k1 / n1 - k2 / n2) / se;
}

export const confidence = (sample: number): 'high' | 'medium' | 'low' => (sample >= 1000 ? 'high' : sample >= 200 ? 'medium' : 'low');

/** A delivery rate that fell on one connection or operator prefix, against its own previous weeks. */
export function deliveryDrops(routes: RouteDelivery[], recentDays: number, baselineDays: number): Found[] {
  const out: Found[] = [];
  for (const r of routes) {
    if (r.recent.sent < MIN_ROUTE_RECENT || r.baseline.sent < MIN_ROUTE_BASELINE) continue;
    const now = pct(r.recent.delivered, r.recent.sent) as number;
    const before = pct(r.baseline.delivered, r.baseline.sent) as number;
    const drop = round1(before - now);
    if (drop < MIN_DROP_POINTS || zScore(r.baseline.delivered, r.baseline.sent, r.recent.delivered, r.recent.sent) < Z_99) continue;
    const digits = r.key.replace(/\D/g, '');
    out.push({
      id: `delivery_drop:${r.kind}:${r.key}`,
      kind: 'delivery_drop',
      severity: drop >= 20 ? 'critical' : 'warning',
      channel: r.channel,
      figures: {
        route: r.kind,
        name: r.label,
        recent_rate: now,
        baseline_rate: before,
        drop_points: drop,
        recent_sent: r.recent.sent,
        baseline_sent: r.baseline.sent,
        recent_days: recentDays,
        baseline_days: baselineDays,
      },
      sample: r.recent.sent,
      action:
        r.kind === 'connection'
          ? { kind: 'open', url: `/sender-management/connections/${r.key}`, endpoint: null, label: 'openConnection' }
          : {
              kind: 'open',
              url: `/message-history?view=failed&channel=${r.channel}&search=${encodeURIComponent(`+${digits}`)}`,
              endpoint: null,
              label: 'openFailures',
            },
    });
  }
  return out;
}

/** A campaign whose unsubscribes ran well above the account's other campaigns. */
export function unsubscribeSpikes(campaigns: { campaign_id: number; name: string; delivered: number; unsubscribed: number }[]): Found[] {
  const out: Found[] = [];
  for (const c of campaigns) {
    if (c.delivered < MIN_CAMPAIGN_DELIVERED || c.unsubscribed < MIN_UNSUBSCRIBES) continue;
    const others = campaigns.filter((o) => o.campaign_id !== c.campaign_id);
    const bd = others.reduce((n, o) => n + o.delivered, 0);
    const bu = others.reduce((n, o) => n + o.unsubscribed, 0);
    const rate = pct(c.unsubscribed, c.delivered) as number;
    const base = bd > 0 ? (pct(bu, bd) as number) : 0;
    if (rate < 2 * base || (bd > 0 && zScore(c.unsubscribed, c.delivered, bu, bd) < Z_99)) continue;
    out.push({
      id: `unsubscribe_spike:${c.campaign_id}`,
      kind: 'unsubscribe_spike',
      severity: 'warning',
      channel: null,
      figures: {
        campaign: c.name,
        unsubscribed: c.unsubscribed,
        delivered: c.delivered,
        rate,
        baseline_rate: base,
        baseline_delivered: bd,
      },
      sample: c.delivered,
      action: { kind: 'open', url: `/campaignhistory?campaign=${c.campaign_id}`, endpoint: null, label: 'openReport' },
    });
  }
  return out;
}

/** A failure reason that grew: its daily count in the recent days against the days before. */
export function failureGrowth(
  rows: { code: string; status: string; reason: string; channel: Channel; recent: number; before: number }[],
  recentDays: number,
  baselineDays: number,
): Found[] {
  const out: Found[] = [];
  for (const r of rows) {
    if (r.recent < MIN_FAILURES_RECENT) continue;
    const perDay = round1(r.recent / recentDays);
    const beforePerDay = round1(r.before / baselineDays);
    if (r.before > 0 && r.recent / recentDays < (2 * r.before) / baselineDays) continue;
    out.push({
      id: `failure_growth:${r.channel}:${r.code || r.status}`,
      kind: 'failure_growth',
      severity: r.recent >= 200 ? 'critical' : 'warning',
      channel: r.channel,
      figures: {
        reason: r.reason,
        code: r.code || null,
        recent: r.recent,
        before: r.before,
        per_day: perDay,
        before_per_day: beforePerDay,
        recent_days: recentDays,
        baseline_days: baselineDays,
      },
      sample: r.recent + r.before,
      action: { kind: 'open', url: `/message-history?view=failed&channel=${r.channel}`, endpoint: null, label: 'openFailures' },
    });
  }
  return out;
}

type Rated = Counts & { channel: Channel };

/** A channel doing clearly better or worse than its own baseline (delivery, then opens, then clicks). */
export function channelVsBaseline(current: Rated[], baseline: Rated[], days: number): Found[] {
  const out: Found[] = [];
  for (const c of current) {
    const b = baseline.find((x) => x.channel === c.channel);
    if (!b || c.sent < MIN_CHANNEL_SENT || b.sent < MIN_CHANNEL_SENT) continue;
    const checks = [
      { metric: 'delivery', k1: c.delivered, n1: c.sent, k2: b.delivered, n2: b.sent },
      ...(c.channel === 'sms' ? [] : [{ metric: 'open', k1: c.opened, n1: c.delivered, k2: b.opened, n2: b.delivered }]),
      { metric: 'click', k1: c.clicked, n1: c.delivered, k2: b.clicked, n2: b.delivered },
    ];
    const hit = checks.find(
      (x) =>
        x.n1 > 0 &&
        x.n2 > 0 &&
        (x.k1 > 0 || x.k2 > 0) &&
        Math.abs(zScore(x.k1, x.n1, x.k2, x.n2)) >= Z_99 &&
        Math.abs((pct(x.k1, x.n1) as number) - (pct(x.k2, x.n2) as number)) >= 2,
    );
    if (!hit) continue;
    const now = pct(hit.k1, hit.n1) as number;
    const before = pct(hit.k2, hit.n2) as number;
    out.push({
      id: `channel_vs_baseline:${c.channel}:${hit.metric}`,
      kind: 'channel_vs_baseline',
      severity: now > before ? 'opportunity' : 'warning',
      channel: c.channel,
      figures: {
        metric: hit.metric,
        rate: now,
        baseline_rate: before,
        difference: round1(now - before),
        sent: c.sent,
        baseline_sent: b.sent,
        days,
      },
      sample: c.sent,
      action: { kind: 'open', url: `/dashboard?channel=${c.channel}`, endpoint: null, label: 'openDashboard' },
    });
  }
  return out;
}

/** A group whose members engage clearly more (or less) than the account's customers overall. */
export function segmentsVsBaseline(groups: ({ group_id: number; name: string } & Counts)[], overall: Counts, days: number): Found[] {
  const engagedOf = (c: Counts) => c.opened + c.clicked;
  const useEngagement = engagedOf(overall) > 0;
  const k = (c: Counts) => (useEngagement ? Math.min(engagedOf(c), c.delivered) : c.delivered);
  const n = (c: Counts) => (useEngagement ? c.delivered : c.sent);
  const out: Found[] = [];
  for (const g of groups) {
    if (n(g) < MIN_CAMPAIGN_DELIVERED || n(overall) <= n(g)) continue;
    const rest = { k: k(overall) - k(g), n: n(overall) - n(g) };
    if (rest.n <= 0) continue;
    const z = zScore(k(g), n(g), rest.k, rest.n);
    const rate = pct(k(g), n(g)) as number;
    const base = pct(rest.k, rest.n) as number;
    if (Math.abs(z) < Z_99 || Math.abs(rate - base) < 2) continue;
    const better = rate > base;
    out.push({
      id: `segment_vs_baseline:${g.group_id}`,
      kind: 'segment_vs_baseline',
      severity: better ? 'opportunity' : 'info',
      channel: null,
      figures: {
        group: g.name,
        metric: useEngagement ? 'engagement' : 'delivery',
        rate,
        baseline_rate: base,
        difference: round1(rate - base),
        messages: n(g),
        days,
      },
      sample: n(g),
      action: better
        ? { kind: 'open', url: `/campaign/ai-plans/new?group=${g.group_id}&objective=retention`, endpoint: null, label: 'planForGroup' }
        : { kind: 'open', url: `/customer/groups/${g.group_id}`, endpoint: null, label: 'openGroup' },
    });
  }
  return out;
}

/**
 * Each channel's best weekday and hour (engagement, or delivery when nothing is opened): named only
 * when the slots compared hold enough messages, the best enough events, and its 95% interval lies
 * above the next slot's (lib/stats) — a lead within the margin is not an insight.
 */
export function bestSendTimes(cells: Cell[], days: number): Found[] {
  const out: Found[] = [];
  for (const channel of ['sms', 'email', 'whatsapp'] as const) {
    const mine = cells.filter((c) => c.channel === channel);
    const engaged = mine.some((c) => c.engaged > 0);
    const k = (c: Cell) => (engaged ? c.engaged : c.delivered);
    const n = (c: Cell) => (engaged ? c.delivered : c.sent);
    const verdict = judgeBest(mine.map((c) => ({ key: c, label: `${c.dow}:${c.hour}`, events: k(c), sample: n(c) })));
    if (verdict.kind !== 'clear') continue;
    const best = verdict.best.key;
    const total = { k: mine.reduce((s, c) => s + k(c), 0), n: mine.reduce((s, c) => s + n(c), 0) };
    out.push({
      id: `best_send_time:${channel}`,
      kind: 'best_send_time',
      severity: 'opportunity',
      channel,
      figures: {
        dow: best.dow,
        hour: best.hour,
        minute: 0,
        metric: engaged ? 'engagement' : 'delivery',
        rate: pct(k(best), n(best)),
        low: round1(verdict.best.interval.low * 100),
        high: round1(verdict.best.interval.high * 100),
        events: k(best),
        next_rate: round1(verdict.next.rate * 100),
        /** the interval's level, in percent */
        level: 95,
        average_rate: pct(total.k, total.n),
        sent: best.sent,
        days,
      },
      sample: n(best),
      action: { kind: 'open', url: `/campaign/ai-plans/new?channel=${channel}`, endpoint: null, label: 'planAtBestTime' },
    });
  }
  return out;
}

/** Customers who got many campaign messages in a short time. */
export function fatigue(f: { customers: number; messaged: number; top: number }): Found[] {
  if (f.customers === 0) return [];
  const share = pct(f.customers, f.messaged) as number;
  return [
    {
      id: 'fatigue',
      kind: 'fatigue',
      severity: share >= 5 ? 'warning' : 'info',
      channel: null,
      figures: { customers: f.customers, messaged: f.messaged, share, threshold: FATIGUE_MESSAGES, days: FATIGUE_DAYS, most: f.top },
      sample: f.messaged,
      action: { kind: 'create_group', url: '/customer/groups', endpoint: '/api/ai/insights/fatigue-group', label: 'excludeGroup' },
    },
  ];
}

/** How long each channel's credits last at the last days' pace (the pace the dashboard states). */
export function creditsForecast(p: { days: number; by_channel: readonly ChannelPace[] }): Found[] {
  const out: Found[] = [];
  for (const c of p.by_channel) {
    if (c.days_left === null || c.days_left > CREDITS_HORIZON_DAYS) continue;
    out.push({
      id: `credits_forecast:${c.channel}`,
      kind: 'credits_forecast',
      severity: c.days_left <= CREDITS_WARN_DAYS ? 'warning' : 'info',
      channel: c.channel,
      figures: { balance: c.balance, spent: c.spent, per_day: round1(c.per_day), days_left: c.days_left, days: p.days },
      sample: c.spent,
      action: { kind: 'open', url: '/subscriptionplan?upgrade=true', endpoint: null, label: 'buyCredits' },
    });
  }
  return out;
}

/** Customers no channel can reach (no consent, no address, or blacklisted). */
export function reachability(r: { customers: number; unreachable: number; no_consent: number }): Found[] {
  if (r.customers < MIN_CHANNEL_SENT || r.unreachable === 0) return [];
  const share = pct(r.unreachable, r.customers) as number;
  if (share < 10) return [];
  return [
    {
      id: 'reachability',
      kind: 'reachability',
      severity: share >= 30 ? 'warning' : 'info',
      channel: null,
      figures: { customers: r.customers, unreachable: r.unreachable, share, no_consent: r.no_consent },
      sample: r.customers,
      action: { kind: 'open', url: '/customer?consent=sms:false', endpoint: null, label: 'openCustomers' },
    },
  ];
}

/** A funnel's counts with its rates in percent (delivery over sent; opens and clicks over delivered). */
export const funnelRates = (f: { sent: number; delivered: number; opened: number; clicked: number }) => ({
  sent: f.sent,
  delivered: f.delivered,
  opened: f.opened,
  clicked: f.clicked,
  delivery_rate: pct(f.delivered, f.sent),
  open_rate: pct(f.opened, f.delivered),
  click_rate: pct(f.clicked, f.delivered),
});
