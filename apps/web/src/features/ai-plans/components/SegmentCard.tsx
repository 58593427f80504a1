import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PlanSegment } from '@risala/shared/schemas/ai-plans';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageText } from '../../../components/text/MessageText.tsx';
import { formatDate, formatMoney, intlLocale } from '../../../lib/i18n.ts';
import { reasonText } from '../reasons.ts';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** One segment of a plan: its counts, channels in fallback order, send time, cost, A/B, expected results and messages. */
export function SegmentCard({ seg, timeZone }: { seg: PlanSegment; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const n = (v: number) => new Intl.NumberFormat(locale).format(v);
  const pct = (v: number | null) => (v === null ? '—' : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(v)}%`);
  const range = (r: { low: number; high: number } | null) => (r ? t('aiPlans.segment.range', { low: n(r.low), high: n(r.high) }) : '—');
  const channels = [...seg.channels].sort((a, b) => (a.position ?? 9) - (b.position ?? 9));
  const when = formatDate(
    seg.send_time.at,
    { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone },
    i18n.language,
  );
  const smsA = seg.content.sms[0];
  const smsB = seg.content.sms[1];
  const emailA = seg.content.email[0];
  return (
    <Paper withBorder radius="md" p="md" data-testid="ai-plan-segment" data-segment={seg.key}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t(`aiPlans.segments.${seg.key}`)}
          </Title>
          {seg.campaign_id && (
            <Button component={Link} to={`/campaign/${seg.campaign_id}`} size="xs" variant="light" data-testid="ai-plan-open-draft">
              {t('aiPlans.segment.openDraft')}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label={t('aiPlans.segment.customers')} value={n(seg.total)} />
          <Figure label={t('aiPlans.segment.reachable')} value={n(seg.reachable)} testId="ai-plan-segment-reachable" />
          <Figure label={t('aiPlans.segment.credits')} value={n(seg.estimate.credits)} testId="ai-plan-segment-credits" />
          <Figure label={t('aiPlans.segment.cost')} value={formatMoney(seg.estimate.cost, i18n.language)} />
        </SimpleGrid>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6} data-testid="ai-plan-channels-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('aiPlans.segment.order')}</Table.Th>
                <Table.Th>{t('aiPlans.segment.channel')}</Table.Th>
                <Table.Th>{t('aiPlans.segment.reach')}</Table.Th>
                <Table.Th>{t('aiPlans.segment.delivery')}</Table.Th>
                <Table.Th>{t('aiPlans.segment.messages')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {channels.map((c) => (
                <Table.Tr key={c.channel} data-channel={c.channel} data-position={c.position ?? ''}>
                  <Table.Td>{c.position ? n(c.position) : '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(`ai.channels.${c.channel}`)}</Text>
                    {c.reason && (
                      <Text size="xs" c="dimmed">
                        {reasonText(t, c.reason, n)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{n(c.reachable)}</Table.Td>
                  <Table.Td>
                    {c.delivery_rate === null
                      ? t('aiPlans.segment.noHistory')
                      : t('aiPlans.segment.rate', { rate: pct(c.delivery_rate), sample: n(c.sample) })}
                  </Table.Td>
                  <Table.Td>{n(seg.estimate.channels.find((e) => e.channel === c.channel)?.messages ?? 0)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div>
            <Text size="xs" c="dimmed">
              {t('aiPlans.segment.sendAt')}
            </Text>
            <Text fw={600} data-testid="ai-plan-send-at">
              {when}
            </Text>
            <Text size="xs" c="dimmed">
              {seg.send_time.source === 'history'
                ? t('aiPlans.segment.fromHistory', {
                    rate: pct(seg.send_time.rate),
                    sample: n(seg.send_time.sample),
                    metric: t(`aiPlans.segment.slotMetric.${seg.send_time.metric ?? 'delivery'}`),
                  })
                : t('aiPlans.segment.defaultTime')}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('aiPlans.segment.ab')}
            </Text>
            {seg.ab_test ? (
              <Text fw={600}>
                {t('aiPlans.segment.abLine', {
                  split: n(seg.ab_test.split_percent),
                  metric: t(`aiPlans.metrics.${seg.ab_test.metric}`),
                  hours: n(seg.ab_test.after_hours),
                })}
              </Text>
            ) : (
              <Text size="sm">{seg.ab_reason ? reasonText(t, seg.ab_reason, n) : '—'}</Text>
            )}
          </div>
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed">
            {t('aiPlans.segment.expected')}
          </Text>
          {seg.expected.delivered ? (
            <Group gap="lg" data-testid="ai-plan-expected">
              <Text size="sm">{t('aiPlans.segment.delivered', { range: range(seg.expected.delivered) })}</Text>
              {seg.expected.opened && <Text size="sm">{t('aiPlans.segment.opened', { range: range(seg.expected.opened) })}</Text>}
              {seg.expected.clicked && <Text size="sm">{t('aiPlans.segment.clicked', { range: range(seg.expected.clicked) })}</Text>}
              <Text size="xs" c="dimmed">
                {t(seg.expected.basis === 'campaigns' ? 'aiPlans.segment.basisCampaigns' : 'aiPlans.segment.basisPooled', {
                  campaigns: n(seg.expected.campaigns),
                  messages: n(seg.expected.messages),
                })}
              </Text>
            </Group>
          ) : (
            <Text size="sm" data-testid="ai-plan-expected">
              {t('aiPlans.segment.noExpected')}
            </Text>
          )}
        </div>
        {(smsA || emailA) && (
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              {t('aiPlans.segment.messagesTitle')}
            </Text>
            {smsA?.sms && seg.fallback.includes('sms') && (
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Badge size="sm" variant="light">
                  {t('aiPlans.segment.variantA', { channel: t('ai.channels.sms') })}
                </Badge>
                <Paper bg="gray.0" p={6} radius="sm" style={{ flex: 1 }}>
                  <MessageText text={smsA.sms.text} size="sm" testId="ai-plan-sms-a" />
                </Paper>
              </Group>
            )}
            {seg.ab_test && smsB?.sms && seg.fallback.includes('sms') && (
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Badge size="sm" variant="light" color="grape">
                  {t('aiPlans.segment.variantB', { channel: t('ai.channels.sms') })}
                </Badge>
                <Paper bg="gray.0" p={6} radius="sm" style={{ flex: 1 }}>
                  <MessageText text={smsB.sms.text} size="sm" />
                </Paper>
              </Group>
            )}
            {emailA?.email && seg.fallback.includes('email') && (
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Badge size="sm" variant="light" color="teal">
                  {t('aiPlans.segment.variantA', { channel: t('ai.channels.email') })}
                </Badge>
                <Paper p={0} style={{ flex: 1 }}>
                  <MessageText text={emailA.email.subject} size="sm" />
                </Paper>
              </Group>
            )}
            {(smsA ?? emailA) && (
              <Text size="xs" c="dimmed">
                {t((smsA ?? emailA)?.source === 'model' ? 'aiPlans.segment.byModel' : 'aiPlans.segment.byBuiltin')}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
