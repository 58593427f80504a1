/** The delivery funnel per channel: queued → sent → delivered → opened/read → clicked. */
import { BarChart } from '../../../components/charts/deferred.tsx';
import type { DashboardOverview } from '@risala/shared/schemas/dashboard';
import { useTranslation } from 'react-i18next';
import { ChartCard, type Column } from '../../../components/charts/ChartCard.tsx';
import type { Formats } from '../format.ts';
import { CHANNEL_COLORS, columnAxes, HIDDEN_FROM_KEYBOARD } from '../../../components/charts/axes.ts';

const STAGES = ['queued', 'sent', 'delivered', 'opened', 'clicked'] as const;

export function FunnelChart({ data, loading, f }: { data?: DashboardOverview; loading: boolean; f: Formats }) {
  const { t } = useTranslation();
  const funnel = data?.funnel ?? [];
  const rows = STAGES.map((stage) => ({
    stage,
    label: t(`dashboard.funnel.${stage}`),
    ...Object.fromEntries(funnel.map((c) => [c.channel, c[stage]])),
  })) as ({ stage: string; label: string } & Record<string, number>)[];
  const series = funnel.map((c) => ({ name: c.channel, label: t(`messages.channel.${c.channel}`), color: CHANNEL_COLORS[c.channel] }));
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'stage', label: t('dashboard.funnel.stage'), value: (r) => r.label },
    ...funnel.flatMap((c) => [
      {
        key: c.channel,
        label: t(`messages.channel.${c.channel}`),
        numeric: true,
        value: (r: (typeof rows)[number]) => r[c.channel] ?? 0,
        render: (r: (typeof rows)[number]) => f.num(r[c.channel] ?? 0),
      },
      {
        key: `${c.channel}-rate`,
        label: t('dashboard.funnel.ofQueued', { channel: t(`messages.channel.${c.channel}`) }),
        numeric: true,
        value: (r: (typeof rows)[number]) => (c.queued ? (r[c.channel] ?? 0) / c.queued : 0),
        render: (r: (typeof rows)[number]) => f.pct(c.queued ? (r[c.channel] ?? 0) / c.queued : 0),
      },
    ]),
  ];
  return (
    <ChartCard
      id="chart-funnel"
      title={t('dashboard.funnel.title')}
      height={280}
      loading={loading && !data}
      empty={funnel.length === 0}
      emptyText={t('dashboard.empty.funnel')}
      columns={columns}
      rows={rows}
    >
      <BarChart
        barChartProps={HIDDEN_FROM_KEYBOARD}
        h={280}
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
