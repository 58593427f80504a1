import '@mantine/charts/styles.css';
import { Alert, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AnalyticsResult } from '@risala/shared/schemas/ai-insights';
import { formatInZone } from '@risala/shared/time';
import { IconRefresh, IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWritingStream } from '../../components/ai-writing/use-writing-stream.ts';
import { WritingPanel } from '../../components/ai-writing/WritingPanel.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { isApiError } from '../../lib/http.ts';
import { useAccountTimeZone } from '../../lib/session.ts';
import { oneOf, useUrlList } from '../../lib/url-list.ts';
import { useAnalyticsDashboard } from './api/analytics.ts';
import { BestTimesGrid, ChannelsChart, CreditsChart, FailuresChart } from './components/Charts.tsx';
import { InsightCard } from './components/InsightCard.tsx';

const DAYS = ['7', '30', '90'] as const;
const LIST_DEFAULTS = { days: '30' };

/** §6: a plan without AI sees what it would get and where to upgrade, not an error. */
function Upgrade() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('analytics.upgradeTitle')} data-testid="analytics-upgrade">
      <Stack gap="xs">
        <Text size="sm">{t('analytics.upgradeText')}</Text>
        <Button component={Link} to="/subscriptionplan?upgrade=true" w="fit-content" size="xs">
          {t('analytics.upgrade')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The summary of the insights, written by the account's engine as the reader watches (Stop cancels it). */
function Summary({ days }: { days: number }) {
  const { t, i18n } = useTranslation();
  const stream = useWritingStream<AnalyticsResult>();
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  const { start } = stream;
  useEffect(() => {
    void start(`/api/ai/analytics-stream?days=${days}&lang=${lang}`);
  }, [start, days, lang]);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          <Group gap="xs" component="span">
            <IconSparkles size={18} aria-hidden />
            {t('analytics.summary')}
          </Group>
        </Title>
        {stream.status !== 'writing' && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void start(`/api/ai/analytics-stream?days=${days}&lang=${lang}`)}
            data-testid="analytics-rewrite"
          >
            {t('analytics.rewrite')}
          </Button>
        )}
      </Group>
      <WritingPanel
        state={stream}
        fallbackText=""
        engine={null}
        model={null}
        onCancel={stream.cancel}
        testId="analytics-summary"
        language={lang}
        maxHeight={260}
      />
    </Paper>
  );
}

/**
 * /analytics (spec §2 "AI Analytics"): insights computed from the account's data — each with its
 * figures, explanation, confidence and one action — a summary written by the account's engine, and
 * the charts behind them.
 */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation();
  const timeZone = useAccountTimeZone();
  const list = useUrlList(LIST_DEFAULTS);
  const days = Number(oneOf(list.values.days, DAYS) ?? '30');
  const dashboard = useAnalyticsDashboard(days);
  const [showAll, setShowAll] = useState(false);
  const locked =
    isApiError(dashboard.error) && (dashboard.error.code === 'FEATURE_NOT_AVAILABLE' || dashboard.error.code === 'SUBSCRIPTION_REQUIRED');
  const data = dashboard.data;
  const insights = data ? (showAll ? data.insights : data.insights.slice(0, 6)) : [];
  return (
    <Stack gap="lg" data-testid="analytics-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('analytics.title')}
          </Title>
          <Text c="dimmed">{t('analytics.subtitle')}</Text>
        </div>
        <SegmentedControl
          value={String(days)}
          onChange={(v) => list.update({ days: v })}
          data={DAYS.map((d) => ({ value: d, label: t('analytics.days', { n: Number(d) }) }))}
          data-testid="analytics-days"
        />
      </Group>
      {locked ? (
        <Upgrade />
      ) : dashboard.isPending ? (
        <PageLoader />
      ) : dashboard.isError || !data ? (
        <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <Summary days={days} />
          <Stack gap="sm" data-testid="insights">
            <Group justify="space-between">
              <Title order={2} size="h4">
                {t('analytics.insights', { n: data.insights.length })}
              </Title>
              <Text size="xs" c="dimmed">
                {t('analytics.computedAt', { at: formatInZone(data.generated_at, timeZone, i18n.language, 'time') })}
              </Text>
            </Group>
            {data.insights.length === 0 ? (
              <Text c="dimmed" data-testid="insights-empty">
                {t('analytics.noInsights')}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {insights.map((i) => (
                  <InsightCard key={i.id} insight={i} />
                ))}
              </SimpleGrid>
            )}
            {data.insights.length > 6 && (
              <Button variant="subtle" w="fit-content" onClick={() => setShowAll((v) => !v)}>
                {t(showAll ? 'analytics.showFewer' : 'analytics.showAll', { n: data.insights.length })}
              </Button>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ChannelsChart data={data} />
            <BestTimesGrid data={data} />
            <CreditsChart data={data} />
            <FailuresChart data={data} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
