/** The top 10 failure reasons, readable, each a link to Message History filtered to it. */
import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import type { DashboardFilter, DashboardOverview } from '@risala/shared/schemas/dashboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChartCard, type Column } from '../../../components/charts/ChartCard.tsx';
import { historyLink } from '../filters.ts';
import type { Formats } from '../format.ts';

type Reason = DashboardOverview['failures'][number];

export function FailureReasons({
  data,
  loading,
  f,
  filter,
}: {
  data?: DashboardOverview;
  loading: boolean;
  f: Formats;
  filter: DashboardFilter;
}) {
  const { t } = useTranslation();
  const reasons = data?.failures ?? [];
  const max = Math.max(1, ...reasons.map((r) => r.count));
  const status = (r: Reason) => t(`messages.status.${r.status}`);
  const columns: Column<Reason>[] = [
    { key: 'reason', label: t('dashboard.failures.reason'), value: (r) => r.reason },
    { key: 'status', label: t('dashboard.failures.status'), value: status },
    { key: 'code', label: t('dashboard.failures.code'), value: (r) => r.code },
    { key: 'count', label: t('dashboard.failures.count'), numeric: true, value: (r) => r.count, render: (r) => f.num(r.count) },
  ];
  return (
    <ChartCard
      id="chart-failures"
      title={t('dashboard.failures.title')}
      subtitle={t('dashboard.failures.subtitle')}
      height={320}
      loading={loading && !data}
      empty={reasons.length === 0}
      emptyText={t('dashboard.empty.failures')}
      columns={columns}
      rows={reasons}
      semantic
    >
      {/* DOM bars (not SVG): each reason is a real link, in reading order in both directions */}
      <Stack gap={8} data-testid="failure-reasons">
        {data &&
          reasons.map((r) => (
            <div key={`${r.status}:${r.code}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Anchor
                  component={Link}
                  to={historyLink(r, data.range, filter)}
                  size="sm"
                  lineClamp={1}
                  data-testid="failure-link"
                  data-code={r.code}
                >
                  <bdi>{r.reason}</bdi>
                </Anchor>
                <Text size="sm" fw={600} style={{ flex: 'none' }}>
                  {f.num(r.count)}
                </Text>
              </Group>
              <Progress
                value={(r.count / max) * 100}
                color={r.status === 'FAILED' ? 'red' : r.status === 'BLOCKED' ? 'dark' : 'orange'}
                size="sm"
                aria-hidden
              />
              <Text size="xs" c="dimmed">
                {status(r)}
              </Text>
            </div>
          ))}
      </Stack>
    </ChartCard>
  );
}
