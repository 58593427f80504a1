/** Fallback effectiveness: recipients of multi-channel campaigns reached only by a later channel. */
import { DonutChart } from '../../../components/charts/deferred.tsx';
import { HIDDEN_FROM_KEYBOARD } from '../../../components/charts/axes.ts';
import { Group, Stack, Text } from '@mantine/core';
import type { DashboardOverview } from '@risala/shared/schemas/dashboard';
import { useTranslation } from 'react-i18next';
import { ChartCard, type Column } from '../../../components/charts/ChartCard.tsx';
import type { Formats } from '../format.ts';

export function FallbackCard({ data, loading, f }: { data?: DashboardOverview; loading: boolean; f: Formats }) {
  const { t } = useTranslation();
  const fb = data?.fallback;
  const rows = fb
    ? [
        { key: 'primary', label: t('dashboard.fallback.primary'), value: fb.primary_delivered, color: 'blue.6' },
        ...fb.by_channel.map((c) => ({
          key: c.channel,
          label: t('dashboard.fallback.via', { channel: t(`messages.channel.${c.channel}`) }),
          value: c.delivered,
          color: c.channel === 'sms' ? 'orange.6' : c.channel === 'email' ? 'grape.6' : 'teal.6',
        })),
      ]
    : [];
  const total = rows.reduce((s, r) => s + r.value, 0);
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'label', label: t('dashboard.fallback.reachedBy'), value: (r) => r.label },
    { key: 'value', label: t('dashboard.kpi.delivered'), numeric: true, value: (r) => r.value, render: (r) => f.num(r.value) },
    {
      key: 'share',
      label: t('dashboard.fallback.share'),
      numeric: true,
      value: (r) => (total ? r.value / total : 0),
      render: (r) => f.pct(total ? r.value / total : 0),
    },
  ];
  return (
    <ChartCard
      id="chart-fallback"
      title={t('dashboard.fallback.title')}
      subtitle={fb ? t('dashboard.fallback.subtitle', { count: fb.campaigns, n: f.num(fb.campaigns) }) : undefined}
      height={220}
      loading={loading && !data}
      empty={!fb || total === 0}
      emptyText={t('dashboard.empty.fallback')}
      columns={columns}
      rows={rows}
    >
      <Group h={220} wrap="nowrap" gap="md" justify="center">
        <DonutChart
          pieChartProps={HIDDEN_FROM_KEYBOARD}
          data={rows.map((r) => ({ name: r.label, value: r.value, color: r.color }))}
          size={150}
          thickness={22}
          withTooltip
          valueFormatter={(v) => f.num(v)}
        />
        <Stack gap={4}>
          <Text fz={28} fw={700} lh={1}>
            {f.pct(total ? (fb?.fallback_delivered ?? 0) / total : 0)}
          </Text>
          <Text size="sm" c="dimmed" maw={180}>
            {t('dashboard.fallback.onlyByFallback', { n: f.num(fb?.fallback_delivered ?? 0) })}
          </Text>
        </Stack>
      </Group>
    </ChartCard>
  );
}
