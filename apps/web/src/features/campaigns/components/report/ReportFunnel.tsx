/** The funnel per channel: each step's count, a bar, and its share of the step before it. */
import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportFunnel as Funnel } from '../../api/types.ts';
import { funnelSteps } from '../../report.ts';
import type { ReportFormats } from './formats.ts';

const COLORS = { messages: 'gray', sent: 'blue', delivered: 'green', opened: 'grape', clicked: 'cyan' } as const;

export function FunnelCard({ row, f, title }: { row: Funnel; f: ReportFormats; title: string }) {
  const { t } = useTranslation();
  const steps = funnelSteps(row);
  const label = (k: string) => t(`campaignReport.funnel.${k}`);
  return (
    <Paper withBorder radius="md" p="md" data-testid="funnel-row" data-channel={row.channel} data-variant={row.variant ?? ''}>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <Stack gap={8}>
        {steps.map((s) => (
          <div key={s.key} data-testid={`funnel-${s.key}`} data-value={s.value} data-rate={s.rate}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{label(s.label)}</Text>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={600}>
                  {f.num(s.value)}
                </Text>
                {s.of && (
                  <Text size="xs" c="dimmed" data-testid={`funnel-${s.key}-rate`}>
                    {t('campaignReport.funnel.ofStep', { rate: f.pct(s.rate), step: label(s.of) })}
                  </Text>
                )}
              </Group>
            </Group>
            <Progress value={row.messages ? (s.value / row.messages) * 100 : 0} color={COLORS[s.key]} size="sm" aria-hidden />
          </div>
        ))}
        {row.failed > 0 && (
          <Text size="xs" c="red" data-testid="funnel-failed" data-value={row.failed}>
            {`${label('failed')}: ${f.num(row.failed)}`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function ReportFunnelSection({ rows, f, channelName }: { rows: Funnel[]; f: ReportFormats; channelName: (r: Funnel) => string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <div>
        <Title order={3} size="h5">
          {t('campaignReport.funnel.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('campaignReport.funnel.subtitle')}
        </Text>
      </div>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('campaignReport.funnel.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: Math.min(rows.length, 3) }}>
          {rows.map((r) => (
            <FunnelCard key={`${r.channel}-${r.variant ?? ''}`} row={r} f={f} title={channelName(r)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
