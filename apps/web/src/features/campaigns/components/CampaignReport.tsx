import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { IconDownload, IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { PageLoader } from '../../../components/page/PageLoader.tsx';
import { useSession } from '../../../lib/session.ts';
import { useCampaignAction } from '../api/control-campaign.ts';
import { recipientsCsvUrl, useProgress, useReport } from '../api/get-report.ts';
import { LIVE_STATES } from '../api/keys.ts';
import type { CampaignReport as Report, TimelinePoint } from '../api/types.ts';
import { FUNNEL_STEPS, funnelSections, rate, TIMELINE_SERIES, timelineMax } from '../report.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { formatMoney, intlLocale } from '../../../lib/i18n.ts';

const SERIES_COLORS: Record<(typeof TIMELINE_SERIES)[number], string> = {
  sent: 'var(--mantine-color-blue-5)',
  delivered: 'var(--mantine-color-green-6)',
  opened: 'var(--mantine-color-grape-5)',
  clicked: 'var(--mantine-color-cyan-6)',
  failed: 'var(--mantine-color-red-6)',
};

/** The live progress bar with pause / resume / cancel while the campaign runs. */
function LiveProgress({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const progress = useProgress(id);
  const action = useCampaignAction();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const p = progress.data;
  if (!p) return null;
  const canSend = can(permissions, 'campaign', 'send');
  const live = LIVE_STATES.includes(p.status);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="campaign-progress" data-status={p.status} data-percent={p.percent}>
      <Group justify="space-between" mb={6}>
        <Group gap="xs">
          <StatusBadge status={p.status} />
          <Text size="sm" data-testid="campaign-progress-text">
            {t('campaigns.report.progress', { done: p.done.toLocaleString(i18n.language), total: Math.max(p.targeted, p.created).toLocaleString(i18n.language), percent: p.percent })}
          </Text>
        </Group>
        {canSend && live && (
          <Group gap="xs">
            {p.status === 'RUNNING' && (
              <Button size="xs" variant="light" color="orange" leftSection={<IconPlayerPause size={14} />} loading={action.isPending} onClick={() => action.mutate({ id, action: 'pause' })} data-testid="campaign-pause">
                {t('campaigns.actions.pause')}
              </Button>
            )}
            {p.status === 'PAUSED' && (
              <Button size="xs" variant="light" leftSection={<IconPlayerPlay size={14} />} loading={action.isPending} onClick={() => action.mutate({ id, action: 'resume' })} data-testid="campaign-resume">
                {t('campaigns.actions.resume')}
              </Button>
            )}
            {confirmCancel ? (
              <Group gap={4} data-testid="campaign-cancel-confirm">
                <Text size="xs">{t('campaigns.actions.cancelConfirm')}</Text>
                <Button size="xs" color="red" loading={action.isPending} onClick={() => action.mutate({ id, action: 'cancel' }, { onSettled: () => setConfirmCancel(false) })} data-testid="campaign-cancel-yes">
                  {t('campaigns.actions.cancelYes')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmCancel(false)}>
                  {t('campaigns.actions.cancelKeep')}
                </Button>
              </Group>
            ) : (
              <Button size="xs" variant="light" color="red" leftSection={<IconX size={14} />} onClick={() => setConfirmCancel(true)} data-testid="campaign-cancel">
                {t('campaigns.actions.cancel')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Progress value={p.percent} animated={p.status === 'RUNNING'} size="lg" aria-label={t('campaigns.report.progressLabel')} />
    </Paper>
  );
}

/** Bars per time bucket, one colour per series (plain SVG: no chart library is installed). */
function Timeline({ points, bucket }: { points: TimelinePoint[]; bucket: Report['bucket'] }) {
  const { t, i18n } = useTranslation();
  if (points.length === 0) return <Text c="dimmed">{t('campaigns.report.noTimeline')}</Text>;
  const max = timelineMax(points);
  const bar = 9;
  const group = TIMELINE_SERIES.length * bar + 16;
  const width = Math.max(points.length * group, 200);
  const height = 140;
  const fmt = new Intl.DateTimeFormat(intlLocale(i18n.language), bucket === 'day' ? { dateStyle: 'short' } : { hour: '2-digit', minute: '2-digit' });
  return (
    <Stack gap={6} data-testid="campaign-timeline">
      <div style={{ overflowX: 'auto' }}>
        <svg width={width} height={height + 18} role="img" aria-label={t('campaigns.report.timeline')}>
          {points.map((p, i) => (
            <g key={p.at} transform={`translate(${i * group}, 0)`}>
              {TIMELINE_SERIES.map((s, j) => {
                const h = Math.round((p[s] / max) * height);
                return (
                  <rect key={s} x={j * bar} y={height - h} width={bar - 1} height={h} fill={SERIES_COLORS[s]}>
                    <title>{`${fmt.format(new Date(p.at))} · ${t(`campaigns.report.funnel.${s}`)}: ${p[s].toLocaleString(intlLocale(i18n.language))}`}</title>
                  </rect>
                );
              })}
              {i % Math.ceil(points.length / 8) === 0 && (
                <text x={0} y={height + 14} fontSize={10} fill="currentColor">
                  {fmt.format(new Date(p.at))}
                </text>
              )}
            </g>
          ))}
        </svg>
      </div>
      <Group gap="md">
        {TIMELINE_SERIES.map((s) => (
          <Group key={s} gap={4}>
            <span style={{ display: 'inline-block', inlineSize: 10, blockSize: 10, background: SERIES_COLORS[s], borderRadius: 2 }} />
            <Text size="xs">{t(`campaigns.report.funnel.${s}`)}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

function FunnelTable({ rows, label }: { rows: Report['funnel']; label: (r: Report['funnel'][number]) => string }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {FUNNEL_STEPS.map((s) => (
              <Table.Th key={s}>{t(`campaigns.report.funnel.${s}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.channel}-${r.variant ?? ''}`} data-testid="funnel-row" data-channel={r.channel} data-variant={r.variant ?? ''}>
              <Table.Td fw={600}>{label(r)}</Table.Td>
              {FUNNEL_STEPS.map((s) => (
                <Table.Td key={s} data-testid={`funnel-${s}`} data-value={r[s]}>
                  <Tooltip label={t('campaigns.report.percent', { value: rate(r[s], r.targeted) })} disabled={s === 'targeted'}>
                    <span>{r[s].toLocaleString(i18n.language)}</span>
                  </Tooltip>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A campaign's report: live progress and controls, funnel per channel and variant, timeline, cost, top errors, CSV. */
export function CampaignReport({ id }: { id: number }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const progress = useProgress(id);
  const live = progress.data ? LIVE_STATES.includes(progress.data.status) : true;
  const report = useReport(id, live);
  if (report.isPending) return <PageLoader />;
  if (report.isError) return <LoadError error={report.error} onRetry={() => void report.refetch()} />;
  const r = report.data;
  const { total, channels, variants } = funnelSections(r.funnel);
  const channelName = (row: Report['funnel'][number]) => (row.channel === 'all' ? t('campaigns.report.total') : t(`campaigns.channels.${row.channel}`));
  return (
    <Stack gap="md" data-testid="campaign-report">
      <LiveProgress id={id} />
      <Group justify="space-between">
        <SimpleGrid cols={3} spacing="lg">
          <div>
            <Text size="xs" c="dimmed">
              {t('campaigns.report.targeted')}
            </Text>
            <Text fw={600} data-testid="report-targeted">
              {r.targeted.toLocaleString(intlLocale())}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('campaigns.report.cost')}
            </Text>
            <Text fw={600} data-testid="report-cost">
              {formatMoney(r.cost)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('campaigns.report.credits')}
            </Text>
            <Text fw={600} data-testid="report-credits">
              {r.credits}
            </Text>
          </div>
        </SimpleGrid>
        {can(permissions, 'campaign_history', 'export') && (
          <Button component="a" href={recipientsCsvUrl(id)} download variant="default" leftSection={<IconDownload size={16} />} data-testid="report-csv">
            {t('campaigns.report.csv')}
          </Button>
        )}
      </Group>
      <Text fw={600}>{t('campaigns.report.funnelTitle')}</Text>
      {total || channels.length ? (
        <FunnelTable rows={[...channels, ...(total ? [total] : [])]} label={channelName} />
      ) : (
        <Text c="dimmed">{t('campaigns.report.noMessages')}</Text>
      )}
      {variants.length > 0 && (
        <>
          <Text fw={600}>
            {t('campaigns.report.variantsTitle')}
            {r.campaign.ab_test?.winner ? ` · ${t('campaigns.report.winner', { variant: r.campaign.ab_test.winner })}` : ''}
          </Text>
          <FunnelTable rows={variants} label={(row) => `${channelName(row)} · ${t('campaigns.report.variant', { variant: row.variant ?? '' })}`} />
        </>
      )}
      <Text fw={600}>{t('campaigns.report.timeline')}</Text>
      <Timeline points={r.timeline} bucket={r.bucket} />
      <Text fw={600}>{t('campaigns.report.topErrors')}</Text>
      {r.top_errors.length === 0 ? (
        <Text c="dimmed" data-testid="report-no-errors">
          {t('campaigns.report.noErrors')}
        </Text>
      ) : (
        <Alert color="red" variant="light" data-testid="report-errors">
          <Stack gap={2}>
            {r.top_errors.map((e) => (
              <Text key={e.code ?? e.reason} size="sm">
                {`${e.count.toLocaleString(intlLocale())} × ${e.reason}`}
                {e.code ? ` (${e.code})` : ''}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
