import { Alert, Badge, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { formatInZone, timeZoneName } from '@risala/shared/time';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { useEstimate } from '../api/get-campaign.ts';
import { type LauncherDraft, STEPS, stepComplete } from '../draft.ts';
import { zonedLocalToIso } from '../../../lib/zoned.ts';
import { formatList, formatMoney } from '../../../lib/i18n.ts';

/** Step 8: what will go out — messages and SMS parts per channel, credits against the balance, cost, and what is still missing. */
export function ReviewStep({ draft, campaignId, version, timeZone }: { draft: LauncherDraft; campaignId: number | null; version: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const estimate = useEstimate(campaignId, version);
  const missing = STEPS.filter((s) => s !== 'review' && !stepComplete(draft, s, timeZone));
  const n = (v: number) => v.toLocaleString(i18n.language);
  const at = draft.schedule.mode === 'later' ? zonedLocalToIso(draft.schedule.at, timeZone) : null;
  return (
    <Stack gap="md" data-testid="launcher-review">
      {missing.length > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="review-missing">
          {t('campaigns.launcher.review.missing')} {formatList(missing.map((s) => t(`campaigns.launcher.steps.${s}`)))}
        </Alert>
      )}
      <Text size="sm">
        {at ? t('campaigns.launcher.review.scheduledFor', { at: formatInZone(at, timeZone, i18n.language), zone: timeZoneName(timeZone, i18n.language) }) : t('campaigns.launcher.review.sendsNow')}
      </Text>
      <Paper withBorder radius="md" p="sm">
        {estimate.isError ? (
          <Alert color="red" data-testid="review-estimate-error">
            {isApiError(estimate.error) && !estimate.error.isNetworkError ? estimate.error.message : t('campaigns.launcher.review.estimateFailed')}
          </Alert>
        ) : !estimate.data ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('campaigns.launcher.review.estimating')}
            </Text>
          </Group>
        ) : (
          <Stack gap="xs">
            <Group gap="lg">
              <Text size="sm">
                {t('campaigns.launcher.review.messages')}: <b data-testid="review-messages">{n(estimate.data.messages)}</b>
              </Text>
              <Text size="sm">
                {t('campaigns.launcher.review.cost')}: <b data-testid="review-cost">{formatMoney(estimate.data.cost)}</b>
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={480}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('campaigns.launcher.review.channel')}</Table.Th>
                    <Table.Th>{t('campaigns.launcher.review.messages')}</Table.Th>
                    <Table.Th>{t('campaigns.launcher.review.parts')}</Table.Th>
                    <Table.Th>{t('campaigns.launcher.review.credits')}</Table.Th>
                    <Table.Th>{t('campaigns.launcher.review.balance')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {estimate.data.channels.map((c) => (
                    <Table.Tr key={c.channel} data-testid={`review-row-${c.channel}`}>
                      <Table.Td>{t(`campaigns.channels.${c.channel}`)}</Table.Td>
                      <Table.Td data-testid={`review-messages-${c.channel}`}>{n(c.messages)}</Table.Td>
                      <Table.Td>{c.channel === 'sms' ? c.parts : '—'}</Table.Td>
                      <Table.Td data-testid={`review-credits-${c.channel}`}>{n(c.credits)}</Table.Td>
                      <Table.Td>{n(c.balance)}</Table.Td>
                      <Table.Td>
                        <Badge color={c.enough ? 'green' : 'red'} variant="light" data-testid={`review-credit-check-${c.channel}`}>
                          {t(c.enough ? 'campaigns.launcher.review.enough' : 'campaigns.launcher.review.notEnough')}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
