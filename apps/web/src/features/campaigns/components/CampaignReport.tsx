import { Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { IconDownload, IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { PageLoader } from '../../../components/page/PageLoader.tsx';
import { type LiveState, useLiveEvents } from '../../../lib/live-events.ts';
import { useAccountTimeZone, useSession } from '../../../lib/session.ts';
import { useCampaignAction } from '../api/control-campaign.ts';
import { recipientsCsvUrl, useProgress, useReport } from '../api/get-report.ts';
import { campaignKeys, LIVE_STATES } from '../api/keys.ts';
import type { CampaignReport as Report, ReportFunnel } from '../api/types.ts';
import { funnelSections, share } from '../report.ts';
import { type ReportFormats, useReportFormats } from './report/formats.ts';
import { ReportAb } from './report/ReportAb.tsx';
import { ReportFailures, ReportLinks, ReportSamples } from './report/ReportDetails.tsx';
import { FunnelCard, ReportFunnelSection } from './report/ReportFunnel.tsx';
import { ReportTimeline } from './report/ReportTimeline.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** The live progress bar with pause / resume / cancel while the campaign runs. */
function LiveProgress({ id, liveState }: { id: number; liveState: LiveState | null }) {
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
          {live && liveState && (
            <Badge
              variant="dot"
              color={liveState === 'live' ? 'teal' : liveState === 'connecting' ? 'yellow' : 'gray'}
              tt="none"
              data-testid="report-live"
              data-state={liveState}
            >
              {t(`campaignReport.live.${liveState}`)}
            </Badge>
          )}
          <Text size="sm" data-testid="campaign-progress-text">
            {t('campaigns.report.progress', {
              done: p.done.toLocaleString(i18n.language),
              total: Math.max(p.targeted, p.created).toLocaleString(i18n.language),
              percent: p.percent,
            })}
          </Text>
        </Group>
        {canSend && live && (
          <Group gap="xs">
            {p.status === 'RUNNING' && (
              <Button
                size="xs"
                variant="light"
                color="orange"
                leftSection={<IconPlayerPause size={14} />}
                loading={action.isPending}
                onClick={() => action.mutate({ id, action: 'pause' })}
                data-testid="campaign-pause"
              >
                {t('campaigns.actions.pause')}
              </Button>
            )}
            {p.status === 'PAUSED' && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlayerPlay size={14} />}
                loading={action.isPending}
                onClick={() => action.mutate({ id, action: 'resume' })}
                data-testid="campaign-resume"
              >
                {t('campaigns.actions.resume')}
              </Button>
            )}
            {confirmCancel ? (
              <Group gap={4} data-testid="campaign-cancel-confirm">
                <Text size="xs">{t('campaigns.actions.cancelConfirm')}</Text>
                <Button
                  size="xs"
                  color="red"
                  loading={action.isPending}
                  onClick={() => action.mutate({ id, action: 'cancel' }, { onSettled: () => setConfirmCancel(false) })}
                  data-testid="campaign-cancel-yes"
                >
                  {t('campaigns.actions.cancelYes')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmCancel(false)}>
                  {t('campaigns.actions.cancelKeep')}
                </Button>
              </Group>
            ) : (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconX size={14} />}
                onClick={() => setConfirmCancel(true)}
                data-testid="campaign-cancel"
              >
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

function Kpi({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={`${testId}-value`}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-note`}>
          {note}
        </Text>
      )}
    </Paper>
  );
}

/** The headline figures with their rates: delivered of sent, opened and clicked of delivered, failed of messages. */
function Kpis({ r, total, f }: { r: Report; total: ReportFunnel | null; f: ReportFormats }) {
  const { t } = useTranslation();
  const all = total ?? { messages: 0, pending: 0, sent: 0, delivered: 0, opened: 0, clicked: 0, failed: 0, cancelled: 0, unsubscribed: 0 };
  const opens = r.campaign.channels.some((c) => c !== 'sms');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      <Kpi
        label={t('campaignReport.kpi.messages')}
        value={f.num(all.messages)}
        note={all.pending ? t('campaignReport.kpi.waiting', { n: f.num(all.pending) }) : undefined}
        testId="report-kpi-messages"
      />
      <Kpi
        label={t('campaignReport.kpi.delivered')}
        value={f.num(all.delivered)}
        note={t('campaignReport.kpi.ofSent', { rate: f.pct(share(all.delivered, all.sent)) })}
        testId="report-kpi-delivered"
      />
      <Kpi
        label={t('campaignReport.kpi.opened')}
        value={opens ? f.num(all.opened) : '—'}
        note={
          opens ? t('campaignReport.kpi.ofDelivered', { rate: f.pct(share(all.opened, all.delivered)) }) : t('campaignReport.kpi.noOpens')
        }
        testId="report-kpi-opened"
      />
      <Kpi
        label={t('campaignReport.kpi.clicked')}
        value={f.num(all.clicked)}
        note={t('campaignReport.kpi.ofDelivered', { rate: f.pct(share(all.clicked, all.delivered)) })}
        testId="report-kpi-clicked"
      />
      <Kpi
        label={t('campaignReport.kpi.failed')}
        value={f.num(all.failed)}
        note={t('campaignReport.kpi.ofMessages', { rate: f.pct(share(all.failed, all.messages)) })}
        testId="report-kpi-failed"
      />
      <Kpi
        label={t('campaignReport.kpi.credits')}
        value={f.num(r.credits)}
        note={Number(r.cost) > 0 ? `${t('campaignReport.kpi.cost')}: ${f.money(r.cost)}` : undefined}
        testId="report-kpi-credits"
      />
    </SimpleGrid>
  );
}

/**
 * A campaign's report: live progress and controls, the headline figures with their rates, the
 * funnel per channel, the A/B comparison, the changes over time, clicks per link, failures by
 * reason, the messages as sent, the CSV. Read again on each of the campaign's live changes.
 */
export function CampaignReport({ id }: { id: number }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const client = useQueryClient();
  const progress = useProgress(id);
  const live = progress.data ? LIVE_STATES.includes(progress.data.status) : true;
  const streamable = can(permissions, 'dashboard', 'view');
  const stream = useLiveEvents((changes) => {
    if (changes.length === 0 || changes.some((c) => c.campaign_id === id)) {
      void client.invalidateQueries({ queryKey: campaignKeys.report(id) });
      void client.invalidateQueries({ queryKey: campaignKeys.progress(id) });
    }
  }, streamable);
  const report = useReport(id, live, streamable && stream.state === 'live');
  const accountZone = useAccountTimeZone();
  const f = useReportFormats(report.data?.timezone ?? accountZone);
  if (report.isPending) return <PageLoader />;
  if (report.isError) return <LoadError error={report.error} onRetry={() => void report.refetch()} />;
  const r = report.data;
  const { total, channels, variants } = funnelSections(r.funnel);
  const channelName = (row: ReportFunnel) =>
    `${row.channel === 'all' ? t('campaignReport.funnel.all') : t(`campaigns.channels.${row.channel}`)}${row.variant ? ` · ${t('campaignReport.ab.variant', { variant: row.variant })}` : ''}`;
  const funnelRows = channels.length > 1 && total ? [...channels, total] : channels;
  return (
    <Stack gap="md" data-testid="campaign-report">
      <LiveProgress id={id} liveState={streamable ? stream.state : null} />
      <Kpis r={r} total={total} f={f} />
      <ReportFunnelSection rows={funnelRows} f={f} channelName={channelName} />
      {r.ab && <ReportAb ab={r.ab} f={f} />}
      {variants.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {variants.map((v) => (
            <FunnelCard key={`${v.channel}-${v.variant}`} row={v} f={f} title={channelName(v)} />
          ))}
        </SimpleGrid>
      )}
      <ReportTimeline report={r} f={f} />
      {r.campaign.channels.includes('email') && <ReportLinks report={r} f={f} />}
      <ReportFailures report={r} f={f} />
      <ReportSamples report={r} />
      {can(permissions, 'campaign_history', 'export') && (
        <Group>
          <Button
            component="a"
            href={recipientsCsvUrl(id)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
            data-testid="report-csv"
          >
            {t('campaignReport.csv')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
