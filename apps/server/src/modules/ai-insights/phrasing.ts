/**
 * Insights in words, from the catalogue's bilingual templates (`aiWriting.insights.*`): a title and
 * a short explanation per insight with its figures formatted by Intl in the reader's language, the
 * built-in summary of all of them, and a campaign's comparison with the baseline.
 */
import type { Insight, Performance } from '@risala/shared/schemas/ai-insights';
import { translate } from '@risala/shared/i18n/index.ts';
import { mdText } from '@risala/shared/markdown';
import type { Lang } from '../ai/index.ts';
import { confidence, type Found } from './detectors.ts';

const locale = (lang: Lang) => (lang === 'ar' ? 'ar-u-ca-gregory' : 'en');

class Words {
  constructor(readonly lang: Lang) {}
  t = (key: string, params: Record<string, string | number> = {}) => translate(this.lang, `aiWriting.insights.${key}`, params);
  n = (v: unknown) => new Intl.NumberFormat(locale(this.lang), { maximumFractionDigits: 1 }).format(Number(v ?? 0));
  channel = (c: string | null) => translate(this.lang, `ai.channels.${c ?? 'sms'}`);
  /** 0 = Sunday (2023-01-01 was one) */
  day = (dow: number) =>
    new Intl.DateTimeFormat(locale(this.lang), { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + dow));
  hour = (h: number) =>
    new Intl.DateTimeFormat(locale(this.lang), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(
      Date.UTC(2023, 0, 1, h),
    );
  metric = (m: unknown) => this.t(`metrics.${String(m)}`);
}

function texts(w: Words, f: Found): { title: string; explanation: string } {
  const g = f.figures;
  const n = w.n;
  switch (f.kind) {
    case 'delivery_drop':
      return {
        title: w.t('delivery_drop.title', { name: String(g.name) }),
        explanation: w.t(`delivery_drop.${g.route === 'connection' ? 'connection' : 'dest'}`, {
          channel: w.channel(f.channel),
          name: String(g.name),
          recent: n(g.recent_rate),
          baseline: n(g.baseline_rate),
          drop: n(g.drop_points),
          sent: n(g.recent_sent),
          recentDays: n(g.recent_days),
          baselineDays: n(g.baseline_days),
        }),
      };
    case 'unsubscribe_spike':
      return {
        title: w.t('unsubscribe_spike.title', { campaign: String(g.campaign) }),
        explanation: w.t('unsubscribe_spike.explanation', {
          unsubscribed: n(g.unsubscribed),
          delivered: n(g.delivered),
          rate: n(g.rate),
          baseline: n(g.baseline_rate),
        }),
      };
    case 'failure_growth':
      return {
        title: w.t('failure_growth.title', { reason: String(g.reason) }),
        explanation: w.t('failure_growth.explanation', {
          recent: n(g.recent),
          channel: w.channel(f.channel),
          perDay: n(g.per_day),
          beforePerDay: n(g.before_per_day),
          recentDays: n(g.recent_days),
          baselineDays: n(g.baseline_days),
        }),
      };
    case 'channel_vs_baseline':
      return {
        title: w.t(`channel_vs_baseline.${Number(g.difference) > 0 ? 'up' : 'down'}`, {
          channel: w.channel(f.channel),
          metric: w.metric(g.metric),
        }),
        explanation: w.t('channel_vs_baseline.explanation', {
          rate: n(g.rate),
          baseline: n(g.baseline_rate),
          difference: n(g.difference),
          sent: n(g.sent),
          days: n(g.days),
        }),
      };
    case 'segment_vs_baseline':
      return {
        title: w.t(`segment_vs_baseline.${Number(g.difference) > 0 ? 'better' : 'worse'}`, { group: String(g.group) }),
        explanation: w.t('segment_vs_baseline.explanation', {
          rate: n(g.rate),
          metric: w.metric(g.metric === 'engagement' ? 'engagement' : 'deliveryWord'),
          baseline: n(g.baseline_rate),
          messages: n(g.messages),
          days: n(g.days),
        }),
      };
    case 'best_send_time':
      return {
        title: w.t('best_send_time.title', { channel: w.channel(f.channel), day: w.day(Number(g.dow)), hour: w.hour(Number(g.hour)) }),
        explanation: w.t('best_send_time.explanation', {
          metric: w.metric(g.metric === 'engagement' ? 'engagement' : 'deliveryWord'),
          rate: n(g.rate),
          level: n(g.level),
          low: n(g.low),
          high: n(g.high),
          next: n(g.next_rate),
          average: n(g.average_rate),
          sent: n(g.sent),
          days: n(g.days),
        }),
      };
    case 'fatigue':
      return {
        title: w.t('fatigue.title', { customers: n(g.customers), threshold: n(g.threshold), days: n(g.days) }),
        explanation: w.t('fatigue.explanation', { share: n(g.share), messaged: n(g.messaged), most: n(g.most) }),
      };
    case 'credits_forecast':
      return {
        title: w.t('credits_forecast.title', { channel: w.channel(f.channel), daysLeft: n(g.days_left) }),
        explanation: w.t('credits_forecast.explanation', {
          balance: n(g.balance),
          perDay: n(g.per_day),
          days: n(g.days),
          spent: n(g.spent),
        }),
      };
    case 'reachability':
      return {
        title: w.t('reachability.title', { unreachable: n(g.unreachable) }),
        explanation: w.t('reachability.explanation', { share: n(g.share), customers: n(g.customers), noConsent: n(g.no_consent) }),
      };
  }
}

export function phrase(lang: Lang, found: Found[]): Insight[] {
  const w = new Words(lang);
  return found.map((f) => ({
    id: f.id,
    kind: f.kind,
    severity: f.severity,
    channel: f.channel,
    ...texts(w, f),
    figures: f.figures,
    confidence: { level: confidence(f.sample), sample: f.sample },
    action: {
      kind: f.action.kind,
      label: translate(lang, `analytics.actions.${f.action.label}`),
      url: f.action.url,
      endpoint: f.action.endpoint,
    },
  }));
}

/** The built-in summary: how many insights, then the most pressing ones. */
export function builtinSummary(lang: Lang, insights: Insight[], days: number): string {
  const w = new Words(lang);
  if (insights.length === 0) return [w.t('summaryTitle'), w.t('summaryNone', { days: w.n(days) }), w.t('builtinFooter')].join('\n\n');
  const urgent = insights.filter((i) => i.severity === 'critical' || i.severity === 'warning').length;
  const opportunities = insights.filter((i) => i.severity === 'opportunity').length;
  return [
    w.t('summaryTitle'),
    w.t('summaryCount', {
      count: insights.length,
      n: w.n(insights.length),
      days: w.n(days),
      urgent: w.n(urgent),
      opportunities: w.n(opportunities),
    }),
    // the titles only: the insights themselves are shown beside the summary with their explanations
    insights
      .slice(0, 6)
      .map((i) => w.t('summaryItem', { title: mdText(i.title) })) // a title quotes names from the account's data
      .join('\n'),
    w.t('builtinFooter'),
  ].join('\n\n');
}

export function builtinPerformance(lang: Lang, p: Pick<Performance, 'campaign' | 'channels' | 'campaigns'>, days: number): string {
  const w = new Words(lang);
  if (!p.campaign) {
    if (p.campaigns.length === 0)
      return [w.t('performance.allTitle', { days: w.n(days) }), w.t('performance.noCampaigns', { days: w.n(days) })].join('\n\n');
    return [
      w.t('performance.allTitle', { days: w.n(days) }),
      w.t('performance.allBaseline'),
      ...p.campaigns.map((c) =>
        [
          w.t('performance.campaign', { campaign: mdText(c.campaign.name) }),
          c.channels.length ? channelLines(w, c.channels) : w.t('performance.none'),
        ].join('\n'),
      ),
      w.t('builtinFooter'),
    ].join('\n\n');
  }
  if (p.channels.length === 0)
    return [w.t('performance.title', { campaign: mdText(p.campaign.name) }), w.t('performance.none')].join('\n\n');
  return [
    w.t('performance.title', { campaign: mdText(p.campaign.name) }),
    w.t('performance.baseline', { days: w.n(days) }),
    channelLines(w, p.channels),
    w.t('builtinFooter'),
  ].join('\n\n');
}

function channelLines(w: Words, channels: Performance['channels']): string {
  const n = w.n;
  const lines = channels.map((c) => {
    if (c.baseline.delivery_rate === null)
      return w.t('performance.noBaseline', { channel: w.channel(c.channel), rate: n(c.campaign.delivery_rate) });
    const open =
      c.campaign.open_rate !== null && c.baseline.open_rate !== null && c.channel !== 'sms'
        ? w.t('performance.open', { rate: n(c.campaign.open_rate), baseline: n(c.baseline.open_rate) })
        : '';
    const click =
      c.campaign.click_rate !== null && c.baseline.click_rate !== null && (c.campaign.clicked > 0 || c.baseline.clicked > 0)
        ? w.t('performance.click', { rate: n(c.campaign.click_rate), baseline: n(c.baseline.click_rate) })
        : '';
    const delta =
      c.delta.delivery_rate === null
        ? ''
        : w.t('performance.delta', { delta: n(c.delta.delivery_rate), significant: c.significant ? w.t('performance.significant') : '' });
    return w.t('performance.line', {
      channel: w.channel(c.channel),
      rate: n(c.campaign.delivery_rate),
      baseline: n(c.baseline.delivery_rate),
      delta,
      open,
      click,
    });
  });
  return lines.join('\n');
}
