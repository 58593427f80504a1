import { Badge, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { SETUP_STEPS } from '@risala/shared/constants';
import { timeZoneName } from '@risala/shared/time';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../components/page/LoadError.tsx';
import { useAccountTimeZone, useSession } from '../../lib/session.ts';
import { useUrlList } from '../../lib/url-list.ts';
import { useGettingStarted } from './api/get-getting-started.ts';
import { useAudience, useChannelMetrics, useOverview } from './api/get-overview.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { dashboardKeys } from './api/keys.ts';
import { AudienceChart } from './charts/AudienceChart.tsx';
import { FailureReasons } from './charts/FailureReasons.tsx';
import { FallbackCard } from './charts/FallbackCard.tsx';
import { FunnelChart } from './charts/FunnelChart.tsx';
import { HeatmapChart } from './charts/HeatmapChart.tsx';
import { Destinations, TopCampaigns } from './charts/Rankings.tsx';
import { SeriesChart } from './charts/SeriesChart.tsx';
import { ChannelTable } from './components/ChannelTable.tsx';
import { FilterBar } from './components/FilterBar.tsx';
import { KpiCards } from './components/KpiCards.tsx';
import { SetupChecklist } from './components/SetupChecklist.tsx';
import { DASHBOARD_DEFAULTS, filterFromUrl } from './filters.ts';
import { useFormats } from './format.ts';

function LiveBadge({ state }: { state: 'connecting' | 'live' | 'offline' }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="dot"
      color={state === 'live' ? 'teal' : state === 'connecting' ? 'yellow' : 'gray'}
      tt="none"
      data-testid="live-state"
      data-state={state}
    >
      {t(`dashboard.live.${state}`)}
    </Badge>
  );
}

/**
 * /dashboard, the Insights Dashboard (spec §2): KPIs against the previous period, messages over time,
 * the funnel per channel, top campaigns, failure reasons, the engagement heatmap, audience growth,
 * fallback effectiveness, destinations and senders — all from the analytics rollups, for the
 * filters in the URL, refreshed live while messages move. A new account's getting-started
 * checklist stays on top until its steps are done.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { permissions, userId } = useSession();
  const timeZone = useAccountTimeZone();
  const list = useUrlList(DASHBOARD_DEFAULTS);
  const filter = useMemo(() => filterFromUrl(list.values), [list.values]);
  const steps = useGettingStarted();
  const overview = useOverview(userId ?? '', filter);
  const audience = useAudience(userId ?? '', filter);
  const channels = useChannelMetrics(filter);
  const client = useQueryClient();
  const live = useLiveEvents(() => void client.invalidateQueries({ queryKey: dashboardKeys.all }));
  const f = useFormats(overview.data?.range.timezone ?? timeZone);
  const loading = overview.isPending;
  const allDone = steps.data ? SETUP_STEPS.every((s) => steps.data[s]) : false;
  const sendAction = can(permissions, 'campaign', 'create') ? (
    <Button component={Link} to="/campaign" size="xs" variant="light">
      {t('dashboard.empty.launch')}
    </Button>
  ) : undefined;
  const importAction = can(permissions, 'customer', 'create') ? (
    <Button component={Link} to="/customer/import" size="xs" variant="light">
      {t('dashboard.empty.import')}
    </Button>
  ) : undefined;

  return (
    <Stack gap="md" data-testid="dashboard-page" data-refreshing={overview.isFetching}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {t('nav.dashboard')}
          </Title>
          <Text c="dimmed">
            {overview.data
              ? t('dashboard.period', {
                  from: f.day(overview.data.range.from),
                  to: f.day(overview.data.range.to),
                  zone: timeZoneName(overview.data.range.timezone, i18n.language),
                })
              : t('dashboard.subtitle')}
          </Text>
        </div>
        <LiveBadge state={live.state} />
      </Group>
      <FilterBar values={list.values} update={list.update} />
      {steps.data && !allDone && <SetupChecklist done={steps.data} />}
      {overview.isError ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <KpiCards data={overview.data} loading={loading} f={f} />
          <Grid gap="md">
            <Grid.Col span={12}>
              <SeriesChart data={overview.data} loading={loading} f={f} emptyAction={sendAction} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <FunnelChart data={overview.data} loading={loading} f={f} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <FailureReasons data={overview.data} loading={loading} f={f} filter={filter} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TopCampaigns data={overview.data} loading={loading} f={f} by="delivered" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TopCampaigns data={overview.data} loading={loading} f={f} by="engagement" />
            </Grid.Col>
            <Grid.Col span={12}>
              <HeatmapChart data={overview.data} loading={loading} f={f} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <AudienceChart data={audience.data} loading={audience.isPending} f={f} emptyAction={importAction} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <FallbackCard data={overview.data} loading={loading} f={f} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Destinations data={overview.data} loading={loading} f={f} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ChannelTable data={channels.data} loading={channels.isPending} f={f} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
