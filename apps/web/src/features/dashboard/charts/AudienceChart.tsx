/** Audience growth: customers added, consent withdrawn and STOP replies over the period. */
import { BarChart } from '../../../components/charts/deferred.tsx';
import type { AudienceMetrics } from '@risala/shared/schemas/dashboard';
import { useTranslation } from 'react-i18next';
import { ChartCard, type Column } from '../../../components/charts/ChartCard.tsx';
import type { Formats } from '../format.ts';
import { columnAxes, HIDDEN_FROM_KEYBOARD } from '../../../components/charts/axes.ts';

export function AudienceChart({
  data,
  loading,
  f,
  emptyAction,
}: {
  data?: AudienceMetrics;
  loading: boolean;
  f: Formats;
  emptyAction?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const bucket = data?.range.bucket ?? 'day';
  const rows = (data?.series ?? []).map((p) => ({
    ...p,
    label: bucket === 'hour' ? f.hour(p.at) : bucket === 'week' ? t('dashboard.series.weekOf', { day: f.day(p.at) }) : f.day(p.at),
  }));
  const series = [
    { name: 'added', label: t('dashboard.audience.added'), color: 'teal.6' },
    { name: 'withdrawn', label: t('dashboard.audience.withdrawn'), color: 'orange.6' },
    { name: 'stop_replies', label: t('dashboard.audience.stopReplies'), color: 'red.6' },
  ];
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'at', label: t(`dashboard.series.bucket.${bucket}`), value: (r) => r.at, render: (r) => r.label },
    ...series.map((s) => ({
      key: s.name,
      label: s.label,
      numeric: true,
      value: (r: (typeof rows)[number]) => r[s.name as 'added'],
      render: (r: (typeof rows)[number]) => f.num(r[s.name as 'added']),
    })),
  ];
  const c = data?.current;
  return (
    <ChartCard
      id="chart-audience"
      title={t('dashboard.audience.title')}
      subtitle={
        c
          ? t('dashboard.audience.summary', { added: f.num(c.added), withdrawn: f.num(c.withdrawn), stops: f.num(c.stop_replies) })
          : undefined
      }
      height={260}
      loading={loading && !data}
      empty={!c || c.added + c.withdrawn + c.stop_replies === 0}
      emptyText={t('dashboard.empty.audience')}
      emptyAction={emptyAction}
      columns={columns}
      rows={rows}
    >
      <BarChart
        barChartProps={HIDDEN_FROM_KEYBOARD}
        h={260}
        data={rows}
        dataKey="label"
        series={series}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        {...columnAxes(f)}
      />
    </ChartCard>
  );
}
