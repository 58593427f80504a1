/** The report's lists: clicks per link, failures by reason (each a link to its messages), and the messages as sent. */
import { Anchor, Badge, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CampaignReport } from '../../api/types.ts';
import { share } from '../../report.ts';
import type { ReportFormats } from './formats.ts';

function Section({ title, subtitle, testId, children }: { title: string; subtitle?: string; testId: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {subtitle && (
        <Text size="xs" c="dimmed">
          {subtitle}
        </Text>
      )}
      <Stack gap="xs" mt="sm">
        {children}
      </Stack>
    </Paper>
  );
}

export function ReportLinks({ report, f }: { report: CampaignReport; f: ReportFormats }) {
  const { t } = useTranslation();
  const delivered = report.funnel.find((r) => r.channel === 'email' && r.variant === null)?.delivered ?? 0;
  return (
    <Section title={t('campaignReport.links.title')} subtitle={t('campaignReport.links.subtitle')} testId="report-links">
      {report.links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('campaignReport.links.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('campaignReport.links.url')}</Table.Th>
                <Table.Th ta="end">{t('campaignReport.links.people')}</Table.Th>
                <Table.Th ta="end">{t('campaignReport.links.clicks')}</Table.Th>
                <Table.Th ta="end">{t('campaignReport.links.share')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.links.map((l) => (
                <Table.Tr key={l.url} data-testid="report-link" data-url={l.url}>
                  <Table.Td maw={320}>
                    <Anchor href={l.url} target="_blank" rel="noopener noreferrer" size="sm" lineClamp={1} dir="ltr" title={l.url}>
                      {l.url.replace(/^https?:\/\//, '')}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="end" data-testid="report-link-people">
                    {f.num(l.unique_clicks)}
                  </Table.Td>
                  <Table.Td ta="end" data-testid="report-link-clicks">
                    {f.num(l.clicks)}
                  </Table.Td>
                  <Table.Td ta="end">{f.pct(share(l.unique_clicks, delivered))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function ReportFailures({ report, f }: { report: CampaignReport; f: ReportFormats }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...report.failures.map((r) => r.count));
  return (
    <Section
      title={t('campaignReport.failures.title')}
      subtitle={report.failures.length ? t('campaignReport.failures.subtitle') : undefined}
      testId="report-failures"
    >
      {report.failures.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="report-no-failures">
          {t('campaignReport.failures.empty')}
        </Text>
      ) : (
        report.failures.map((r) => (
          <div key={`${r.status}:${r.code}`} data-testid="report-failure" data-code={r.code} data-count={r.count}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor
                component={Link}
                to={`/message-history?campaign=${report.campaign.id}&error_code=${encodeURIComponent(r.code || '-')}`}
                size="sm"
                lineClamp={2}
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
              {t(`messages.status.${r.status}`)}
            </Text>
          </div>
        ))
      )}
    </Section>
  );
}

export function ReportSamples({ report }: { report: CampaignReport }) {
  const { t } = useTranslation();
  return (
    <Section title={t('campaignReport.samples.title')} subtitle={t('campaignReport.samples.note')} testId="report-samples">
      {report.samples.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('campaignReport.samples.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: Math.min(report.samples.length, 2) }}>
          {report.samples.map((s) => (
            <Stack
              key={`${s.channel}-${s.variant ?? ''}`}
              gap={6}
              data-testid="report-sample"
              data-channel={s.channel}
              data-variant={s.variant ?? ''}
            >
              <Group gap={6}>
                <Badge variant="light" color={s.channel === 'sms' ? 'blue' : s.channel === 'email' ? 'grape' : 'teal'}>
                  {t(`campaigns.channels.${s.channel}`)}
                </Badge>
                {s.variant && <Badge variant="outline">{t('campaignReport.ab.variant', { variant: s.variant })}</Badge>}
                <Text size="xs" c="dimmed">
                  {s.recipient_name ? t('campaignReport.samples.to', { name: s.recipient_name }) : t('campaignReport.samples.toSomeone')}
                </Text>
              </Group>
              {s.subject && (
                <Text size="sm" fw={600} dir="auto" data-testid="report-sample-subject">
                  {s.subject}
                </Text>
              )}
              {s.html ? (
                <iframe
                  title={t('campaignReport.samples.frame')}
                  sandbox=""
                  srcDoc={s.html}
                  style={{
                    inlineSize: '100%',
                    blockSize: 260,
                    border: '1px solid var(--mantine-color-default-border)',
                    borderRadius: 6,
                    background: 'white',
                  }}
                  data-testid="report-sample-html"
                />
              ) : (
                <Paper bg="var(--mantine-color-default-hover)" radius="md" p="sm">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto" data-testid="report-sample-text">
                    {s.text}
                  </Text>
                </Paper>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}
