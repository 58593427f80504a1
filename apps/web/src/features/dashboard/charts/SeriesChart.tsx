/** Messages over time, stacked by channel or by status, in hour, day or week buckets. */
import { BarChart } from '../../../components/charts/deferred.tsx';
import { SegmentedControl } from '@mantine/core';
import type { DashboardOverview } from '@risala/shared/schemas/dashboard';
import { CHANNELS } from '@risala/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard, type Column } from '../../../components/charts/ChartCard.tsx';
import type { Formats } from '../format.ts';
import { CHANNEL_COLORS, columnAxes, STATUS_COLORS, HIDDEN_FROM_KEYBOARD } from '../../../components/charts/axes.ts';

type Point = DashboardOverview['series'][number];
const STATUS_KEYS = ['delivered', 'sent', 'pending', 'failed', 'cancelled'] as const;

export function SeriesChart({
  data,
  loading,
  f,
  emptyAction,
}: {
  data?: DashboardOverview;
  loading: boolean;
  f: Formats;
  emptyAction?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [by, setBy] = useState<'channel' | 'status'>('channel');
  const bucket = data?.range.bucket ?? 'day';
  const label = (p: Point) =>
    bucket === 'hour' ? f.hour(p.at) : bucket === 'week' ? t('dashboard.series.weekOf', { day: f.day(p.at) }) : f.day(p.at);
  const points = data?.series ?? [];
  const rows = points.map((p) => ({ ...p, label: label(p) }));
  const keys = by === 'channel' ? CHANNELS : STATUS_KEYS;
  const series = keys.map((k) => ({
    name: k,
    label: by === 'channel' ? t(`messages.channel.${k}`) : t(`dashboard.status.${k}`),
    color: by === 'channel' ? CHANNEL_COLORS[k as keyof typeof CHANNEL_COLORS] : STATUS_COLORS[k as keyof typeof STATUS_COLORS],
  }));
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'label', label: t(`dashboard.series.bucket.${bucket}`), value: (r) => r.at, render: (r) => r.label },
    ...series.map((s) => ({
      key: s.name,
      label: s.label,
      numeric: true,
      value: (r: (typeof rows)[number]) => r[s.name as keyof Point] as number,
      render: (r: (typeof rows)[number]) => f.num(r[s.name as keyof Point] as number),
    })),
  ];
  const empty = points.every((p) => p.sms + p.email + p.whatsapp === 0);
  return (
    <ChartCard
      id="chart-series"
      title={t('dashboard.series.title')}
      subtitle={t(`dashboard.series.per.${bucket}`)}
      height={300}
      loading={loading && !data}
      empty={empty}
      emptyText={t('dashboard.empty.messages')}
      emptyAction={emptyAction}
      columns={columns}
      rows={rows}
      controls={
        <SegmentedControl
          size="xs"
          value={by}
          onChange={(v) => setBy(v as 'channel' | 'status')}
          data={[
            { value: 'channel', label: t('dashboard.series.byChannel') },
            { value: 'status', label: t('dashboard.series.byStatus') },
          ]}
          data-testid="series-by"
        />
      }
    >
      <BarChart
        barChartProps={HIDDEN_FROM_KEYBOARD}
        h={300}
        data={rows}
        dataKey="label"
        type="stacked"
        series={series}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        {...columnAxes(f)}
      />
    </ChartCard>
  );
}
