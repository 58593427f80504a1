/**
 * AI Analytics' charts with @mantine/charts (the dashboard's library): each channel against its
 * baseline, when each channel engages (a weekday × hour grid), how long credits last, which failures
 * grew. Right-to-left as the dashboard does it: the category axis starts on the right and the value
 * axis sits there in Arabic. Each sits in the dashboard's ChartCard: its table view, CSV and PNG.
 */
import { AreaChart, BarChart } from '@mantine/charts';
import { Box, SegmentedControl, Text, Tooltip } from '@mantine/core';
import type { AnalyticsDashboard } from '@risala/shared/schemas/ai-insights';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, intlLocale } from '../../../lib/i18n.ts';
import { HIDDEN_FROM_KEYBOARD } from '../../../components/charts/axes.ts';
import { ChartCard } from '../../../components/charts/ChartCard.tsx';

function useFormats() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const rtl = i18n.language === 'ar';
  return {
    t,
    rtl,
    lang: i18n.language,
    n: (v: number) => new Intl.NumberFormat(locale).format(v),
    pct: (v: number | null) => (v === null ? '—' : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(v)}%`),
    day: (dow: number) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + dow)),
    hour: (h: number) =>
      new Intl.DateTimeFormat(locale, { hour: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1, h)),
  };
}

const axes = (rtl: boolean, format: (v: number) => string) => ({
  dir: rtl ? ('rtl' as const) : ('ltr' as const),
  xAxisProps: { reversed: rtl },
  yAxisProps: {
    orientation: rtl ? ('right' as const) : ('left' as const),
    tickFormatter: format,
    ...(rtl ? { tick: { fontSize: 12, fill: 'currentColor', textAnchor: 'end' as const } } : {}),
  },
});

export function ChannelsChart({ data }: { data: AnalyticsDashboard }) {
  const f = useFormats();
  const [metric, setMetric] = useState<'delivery_rate' | 'open_rate' | 'click_rate'>('delivery_rate');
  const rows = data.channels.map((c) => ({
    label: f.t(`ai.channels.${c.channel}`),
    current: c.current[metric] ?? 0,
    baseline: c.baseline[metric] ?? 0,
    raw: c,
  }));
  return (
    <ChartCard
      id="analytics-channels"
      title={f.t('analytics.charts.channels')}
      subtitle={f.t('analytics.charts.channelsHint', { days: f.n(data.days) })}
      height={220}
      loading={false}
      empty={rows.length === 0}
      emptyText={f.t('analytics.noData')}
      rows={rows}
      columns={[
        { key: 'channel', label: f.t('analytics.charts.channel'), value: (r) => r.label },
        {
          key: 'now',
          label: f.t('analytics.charts.now'),
          value: (r) => r.raw.current[metric] ?? '',
          render: (r) => f.pct(r.raw.current[metric]),
          numeric: true,
        },
        {
          key: 'before',
          label: f.t('analytics.charts.before'),
          value: (r) => r.raw.baseline[metric] ?? '',
          render: (r) => f.pct(r.raw.baseline[metric]),
          numeric: true,
        },
        {
          key: 'sent',
          label: f.t('analytics.charts.sent'),
          value: (r) => r.raw.current.sent,
          render: (r) => f.n(r.raw.current.sent),
          numeric: true,
        },
      ]}
      controls={
        <SegmentedControl
          size="xs"
          value={metric}
          onChange={(v) => setMetric(v as typeof metric)}
          data={(['delivery_rate', 'open_rate', 'click_rate'] as const).map((m) => ({ value: m, label: f.t(`analytics.charts.${m}`) }))}
        />
      }
    >
      <BarChart
        barChartProps={HIDDEN_FROM_KEYBOARD}
        h={220}
        data={rows}
        dataKey="label"
        series={[
          { name: 'current', label: f.t('analytics.charts.now'), color: 'blue.6' },
          { name: 'baseline', label: f.t('analytics.charts.before'), color: 'gray.5' },
        ]}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        {...axes(f.rtl, (v) => `${v}%`)}
        valueFormatter={(v) => f.pct(v)}
      />
    </ChartCard>
  );
}

export function BestTimesGrid({ data }: { data: AnalyticsDashboard }) {
  const f = useFormats();
  const [channel, setChannel] = useState(data.best_times[0]?.channel ?? 'sms');
  const mine = data.best_times.find((b) => b.channel === channel);
  const cells = mine?.cells ?? [];
  const engaged = cells.some((c) => c.engaged > 0);
  const rate = (c: { engaged: number; delivered: number; sent: number }) =>
    engaged ? (c.delivered ? c.engaged / c.delivered : 0) : c.sent ? c.delivered / c.sent : 0;
  const max = Math.max(0.0001, ...cells.filter((c) => c.sent >= 20).map(rate));
  const at = (dow: number, hour: number) => cells.find((c) => c.dow === dow && c.hour === hour);
  const rows = cells.filter((c) => c.sent > 0).sort((a, b) => a.dow - b.dow || a.hour - b.hour);
  return (
    <ChartCard
      id="analytics-best-times"
      title={f.t('analytics.charts.bestTimes')}
      subtitle={
        mine?.best
          ? f.t('analytics.charts.bestSlot', { day: f.day(mine.best.dow), hour: f.hour(mine.best.hour), rate: f.pct(mine.best.rate) })
          : f.t('analytics.charts.bestTimesHint')
      }
      height={170}
      loading={false}
      empty={rows.length === 0}
      emptyText={f.t('analytics.charts.noSends')}
      rows={rows}
      columns={[
        { key: 'day', label: f.t('analytics.charts.day'), value: (r) => f.day(r.dow) },
        { key: 'hour', label: f.t('analytics.charts.hour'), value: (r) => f.hour(r.hour) },
        { key: 'sent', label: f.t('analytics.charts.sent'), value: (r) => r.sent, render: (r) => f.n(r.sent), numeric: true },
        {
          key: 'rate',
          label: f.t('analytics.charts.rate'),
          value: (r) => Math.round(rate(r) * 1000) / 10,
          render: (r) => f.pct(Math.round(rate(r) * 1000) / 10),
          numeric: true,
        },
      ]}
      controls={
        data.best_times.length > 1 ? (
          <SegmentedControl
            size="xs"
            value={channel}
            onChange={(v) => setChannel(v as typeof channel)}
            data={data.best_times.map((b) => ({ value: b.channel, label: f.t(`ai.channels.${b.channel}`) }))}
          />
        ) : undefined
      }
    >
      <Box style={{ display: 'grid', gridTemplateColumns: 'auto repeat(24, minmax(10px, 1fr))', gap: 2, overflowX: 'auto' }}>
        <span />
        {Array.from({ length: 24 }, (_, h) => (
          <Text key={`h${h}`} size="9px" c="dimmed" ta="center">
            {h % 3 === 0 ? f.hour(h) : ''}
          </Text>
        ))}
        {Array.from({ length: 7 }, (_, dow) => [
          <Text key={`d${dow}`} size="xs" c="dimmed" pe={4}>
            {f.day(dow)}
          </Text>,
          ...Array.from({ length: 24 }, (_, h) => {
            const c = at(dow, h);
            const strength = c && c.sent >= 20 ? rate(c) / max : 0;
            const best = mine?.best && mine.best.dow === dow && mine.best.hour === h;
            return (
              <Tooltip
                key={`${dow}-${h}`}
                label={
                  c
                    ? `${f.day(dow)} ${f.hour(h)} · ${f.n(c.sent)} · ${f.pct(Math.round(rate(c) * 1000) / 10)}`
                    : `${f.day(dow)} ${f.hour(h)}`
                }
                withinPortal
              >
                <Box
                  h={16}
                  style={{
                    borderRadius: 3,
                    background: c && c.sent > 0 ? `rgba(34, 139, 230, ${0.12 + 0.88 * strength})` : 'var(--mantine-color-gray-1)',
                    outline: best ? '2px solid var(--mantine-color-orange-6)' : undefined,
                  }}
                />
              </Tooltip>
            );
          }),
        ])}
      </Box>
    </ChartCard>
  );
}

/** Credits are per channel: the chart opens on the channel that runs out first. */
export function CreditsChart({ data }: { data: AnalyticsDashboard }) {
  const f = useFormats();
  const first = [...data.credits].sort((a, b) => (a.days_left ?? Number.POSITIVE_INFINITY) - (b.days_left ?? Number.POSITIVE_INFINITY))[0];
  const [channel, setChannel] = useState(first?.channel ?? 'sms');
  const c = data.credits.find((x) => x.channel === channel) ?? first;
  const rows = (c?.projection ?? [])
    .filter((_, i) => i % 2 === 0)
    .map((p) => ({
      label: formatDate(`${p.day}T12:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }, f.lang),
      balance: p.balance,
    }));
  return (
    <ChartCard
      id="analytics-credits"
      title={f.t('analytics.charts.credits')}
      // idle: the card's one line is the empty note (the same sentence twice read as a glitch)
      subtitle={
        !c || c.days_left === null
          ? undefined
          : f.t('analytics.charts.creditsPace', { balance: f.n(c.balance), perDay: f.n(c.burn_per_day), days: f.n(c.days_left) })
      }
      height={200}
      loading={false}
      empty={!c || c.burn_per_day <= 0 || rows.length === 0}
      emptyText={f.t('analytics.charts.creditsIdle', { balance: f.n(c?.balance ?? 0) })}
      rows={rows}
      columns={[
        { key: 'day', label: f.t('analytics.charts.day'), value: (r) => r.label },
        { key: 'balance', label: f.t('analytics.charts.balance'), value: (r) => r.balance, render: (r) => f.n(r.balance), numeric: true },
      ]}
      controls={
        data.credits.length > 1 ? (
          <SegmentedControl
            size="xs"
            value={channel}
            onChange={(v) => setChannel(v as typeof channel)}
            data={data.credits.map((x) => ({ value: x.channel, label: f.t(`ai.channels.${x.channel}`) }))}
            data-testid="analytics-credits-channel"
          />
        ) : undefined
      }
    >
      <AreaChart
        areaChartProps={HIDDEN_FROM_KEYBOARD}
        h={200}
        data={rows}
        dataKey="label"
        series={[{ name: 'balance', label: f.t('analytics.charts.balance'), color: 'teal.6' }]}
        curveType="linear"
        {...axes(f.rtl, (v) => f.n(v))}
        valueFormatter={(v) => f.n(v)}
      />
    </ChartCard>
  );
}

export function FailuresChart({ data }: { data: AnalyticsDashboard }) {
  const f = useFormats();
  const rows = data.failures.map((x) => ({
    label: x.reason.length > 40 ? `${x.reason.slice(0, 39)}…` : x.reason,
    recent: x.recent,
    before: x.before,
    reason: x.reason,
  }));
  const height = Math.max(120, rows.length * 40 + 60);
  return (
    <ChartCard
      id="analytics-failures"
      title={f.t('analytics.charts.failures')}
      subtitle={f.t('analytics.charts.failuresHint')}
      height={height}
      loading={false}
      empty={rows.length === 0}
      emptyText={f.t('analytics.charts.noFailures')}
      rows={rows}
      columns={[
        { key: 'reason', label: f.t('analytics.charts.reason'), value: (r) => r.reason, render: (r) => <span dir="auto">{r.reason}</span> },
        { key: 'recent', label: f.t('analytics.charts.recent'), value: (r) => r.recent, render: (r) => f.n(r.recent), numeric: true },
        { key: 'before', label: f.t('analytics.charts.earlier'), value: (r) => r.before, render: (r) => f.n(r.before), numeric: true },
      ]}
    >
      <BarChart
        barChartProps={HIDDEN_FROM_KEYBOARD}
        h={height}
        data={rows}
        dataKey="label"
        orientation="vertical"
        series={[
          { name: 'recent', label: f.t('analytics.charts.recent'), color: 'red.6' },
          { name: 'before', label: f.t('analytics.charts.earlier'), color: 'gray.5' },
        ]}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        dir={f.rtl ? 'rtl' : 'ltr'}
        xAxisProps={{ reversed: f.rtl }}
        yAxisProps={{
          orientation: f.rtl ? 'right' : 'left',
          width: 180,
          ...(f.rtl ? { tick: { fontSize: 12, fill: 'currentColor', textAnchor: 'end' } } : {}),
        }}
        valueFormatter={(v) => f.n(v)}
      />
    </ChartCard>
  );
}
