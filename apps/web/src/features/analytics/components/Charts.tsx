/**
 * AI Analytics' charts with @mantine/charts (the dashboard's library): each channel against its
 * baseline, when each channel engages (a weekday × hour grid), how long credits last, which failures
 * grew. Right-to-left as the dashboard does it: the category axis starts on the right and the value
 * axis sits there in Arabic.
 */
import { AreaChart, BarChart } from '@mantine/charts';
import { Box, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import type { AnalyticsDashboard } from '@risala/shared/schemas/ai-insights';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, intlLocale } from '../../../lib/i18n.ts';
import { ChartPanel } from './ChartPanel.tsx';

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
    hour: (h: number) => new Intl.DateTimeFormat(locale, { hour: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1, h)),
  };
}

const axes = (rtl: boolean, format: (v: number) => string) => ({
  dir: rtl ? ('rtl' as const) : ('ltr' as const),
  xAxisProps: { reversed: rtl },
  yAxisProps: { orientation: rtl ? ('right' as const) : ('left' as const), tickFormatter: format, ...(rtl ? { tick: { fontSize: 12, fill: 'currentColor', textAnchor: 'end' as const } } : {}) },
});

export function ChannelsChart({ data }: { data: AnalyticsDashboard }) {
  const f = useFormats();
  const [metric, setMetric] = useState<'delivery_rate' | 'open_rate' | 'click_rate'>('delivery_rate');
  const rows = data.channels.map((c) => ({ label: f.t(`ai.channels.${c.channel}`), current: c.current[metric] ?? 0, baseline: c.baseline[metric] ?? 0, raw: c }));
  return (
    <ChartPanel
      id="analytics-channels"
      title={f.t('analytics.charts.channels')}
      subtitle={f.t('analytics.charts.channelsHint', { days: f.n(data.days) })}
      rows={rows}
      columns={[
        { label: f.t('analytics.charts.channel'), value: (r) => r.label },
        { label: f.t('analytics.charts.now'), value: (r) => f.pct(r.raw.current[metric]) },
        { label: f.t('analytics.charts.before'), value: (r) => f.pct(r.raw.baseline[metric]) },
        { label: f.t('analytics.charts.sent'), value: (r) => f.n(r.raw.current.sent) },
      ]}
    >
      <Stack gap="xs">
        <SegmentedControl
          size="xs"
          value={metric}
          onChange={(v) => setMetric(v as typeof metric)}
          data={(['delivery_rate', 'open_rate', 'click_rate'] as const).map((m) => ({ value: m, label: f.t(`analytics.charts.${m}`) }))}
        />
        <BarChart
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
      </Stack>
    </ChartPanel>
  );
}

export function BestTimesGrid({ data }: { data: AnalyticsDashboard }) {
  const f = useFormats();
  const [channel, setChannel] = useState(data.best_times[0]?.channel ?? 'sms');
  const mine = data.best_times.find((b) => b.channel === channel);
  const cells = mine?.cells ?? [];
  const engaged = cells.some((c) => c.engaged > 0);
  const rate = (c: { engaged: number; delivered: number; sent: number }) => (engaged ? (c.delivered ? c.engaged / c.delivered : 0) : c.sent ? c.delivered / c.sent : 0);
  const max = Math.max(0.0001, ...cells.filter((c) => c.sent >= 20).map(rate));
  const at = (dow: number, hour: number) => cells.find((c) => c.dow === dow && c.hour === hour);
  const rows = cells.filter((c) => c.sent > 0).sort((a, b) => a.dow - b.dow || a.hour - b.hour);
  return (
    <ChartPanel
      id="analytics-best-times"
      title={f.t('analytics.charts.bestTimes')}
      subtitle={mine?.best ? f.t('analytics.charts.bestSlot', { day: f.day(mine.best.dow), hour: f.hour(mine.best.hour), rate: f.pct(mine.best.rate) }) : f.t('analytics.charts.bestTimesHint')}
      rows={rows}
      columns={[
        { label: f.t('analytics.charts.day'), value: (r) => f.day(r.dow) },
        { label: f.t('analytics.charts.hour'), value: (r) => f.hour(r.hour) },
        { label: f.t('analytics.charts.sent'), value: (r) => f.n(r.sent) },
        { label: f.t('analytics.charts.rate'), value: (r) => f.pct(Math.round(rate(r) * 1000) / 10) },
      ]}
      empty={f.t('analytics.charts.noSends')}
    >
      <Stack gap="xs">
        {data.best_times.length > 1 && (
          <SegmentedControl size="xs" value={channel} onChange={(v) => setChannel(v as typeof channel)} data={data.best_times.map((b) => ({ value: b.channel, label: f.t(`ai.channels.${b.channel}`) }))} />
        )}
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
                <Tooltip key={`${dow}-${h}`} label={c ? `${f.day(dow)} ${f.hour(h)} · ${f.n(c.sent)} · ${f.pct(Math.round(rate(c) * 1000) / 10)}` : `${f.day(dow)} ${f.hour(h)}`} withinPortal>
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
      </Stack>
    </ChartPanel>
  );
}

export function CreditsChart({ data }: { data: AnalyticsDashboard }) {
  const f = useFormats();
  const rows = data.credits.projection.filter((_, i) => i % 2 === 0).map((p) => ({ label: formatDate(`${p.day}T12:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }, f.lang), balance: p.balance }));
  return (
    <ChartPanel
      id="analytics-credits"
      title={f.t('analytics.charts.credits')}
      // idle: the card's one line is the empty note (the same sentence twice read as a glitch)
      subtitle={data.credits.days_left === null ? undefined : f.t('analytics.charts.creditsPace', { balance: f.n(data.credits.balance), perDay: f.n(data.credits.burn_per_day), days: f.n(data.credits.days_left) })}
      rows={data.credits.burn_per_day > 0 ? rows : []}
      columns={[
        { label: f.t('analytics.charts.day'), value: (r) => r.label },
        { label: f.t('analytics.charts.balance'), value: (r) => f.n(r.balance) },
      ]}
      empty={f.t('analytics.charts.creditsIdle', { balance: f.n(data.credits.balance) })}
    >
      <AreaChart h={200} data={rows} dataKey="label" series={[{ name: 'balance', label: f.t('analytics.charts.balance'), color: 'teal.6' }]} curveType="linear" {...axes(f.rtl, (v) => f.n(v))} valueFormatter={(v) => f.n(v)} />
    </ChartPanel>
  );
}

export function FailuresChart({ data }: { data: AnalyticsDashboard }) {
  const f = useFormats();
  const rows = data.failures.map((x) => ({ label: x.reason.length > 40 ? `${x.reason.slice(0, 39)}…` : x.reason, recent: x.recent, before: x.before, reason: x.reason }));
  return (
    <ChartPanel
      id="analytics-failures"
      title={f.t('analytics.charts.failures')}
      subtitle={f.t('analytics.charts.failuresHint')}
      rows={rows}
      columns={[
        { label: f.t('analytics.charts.reason'), value: (r) => <span dir="auto">{r.reason}</span> },
        { label: f.t('analytics.charts.recent'), value: (r) => f.n(r.recent) },
        { label: f.t('analytics.charts.earlier'), value: (r) => f.n(r.before) },
      ]}
      empty={f.t('analytics.charts.noFailures')}
    >
      <BarChart
        h={Math.max(120, rows.length * 40 + 60)}
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
        yAxisProps={{ orientation: f.rtl ? 'right' : 'left', width: 180, ...(f.rtl ? { tick: { fontSize: 12, fill: 'currentColor', textAnchor: 'end' } } : {}) }}
        valueFormatter={(v) => f.n(v)}
      />
    </ChartPanel>
  );
}
