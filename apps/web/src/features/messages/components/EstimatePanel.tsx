import { Alert, Group, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import type { SendResult } from '@risala/shared/schemas/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/page/ApiErrorAlert.tsx';
import { isApiError } from '../../../lib/http.ts';
import { formatMoney } from '@risala/shared/money';

function Stat({ label, value, testid }: { label: string; value: string | number; testid: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testid}>
        {value}
      </Text>
    </div>
  );
}

/** What the send would do: accepted and skipped recipients, parts, credits, balance and cost; errors inline. */
export function EstimatePanel({
  estimate,
  loading,
  error,
  showParts = true,
}: {
  estimate: SendResult | undefined;
  loading: boolean;
  error: unknown;
  showParts?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(i18n.language);
  if (error) {
    const code = isApiError(error) ? error.code : undefined;
    if (code !== 'INSUFFICIENT_CREDITS')
      return <ApiErrorAlert error={error} fallback={t('messages.estimate.failed')} testId="estimate-error" />;
    return (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="estimate-error" data-code={code}>
        {t('messages.estimate.insufficient')}
      </Alert>
    );
  }
  if (!estimate) {
    return (
      <Paper withBorder p="sm" radius="md">
        <Group gap="xs">
          {loading && <Loader size="xs" />}
          <Text size="sm" c="dimmed">
            {t(loading ? 'messages.estimate.loading' : 'messages.estimate.incomplete')}
          </Text>
        </Group>
      </Paper>
    );
  }
  const skipped = estimate.skipped;
  const skippedTotal = skipped.invalid + skipped.no_consent + skipped.blacklisted + skipped.duplicate;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="estimate">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Stat label={t('messages.estimate.accepted')} value={n(estimate.accepted)} testid="estimate-accepted" />
        <Stat label={t('messages.estimate.skipped')} value={n(skippedTotal)} testid="estimate-skipped" />
        {showParts && (
          <Stat
            label={t('messages.estimate.parts')}
            value={estimate.encoding ? `${estimate.parts} · ${estimate.encoding}` : n(estimate.parts)}
            testid="estimate-parts"
          />
        )}
        <Stat label={t('messages.estimate.credits')} value={n(estimate.credits)} testid="estimate-credits" />
        <Stat label={t('messages.estimate.balance')} value={n(estimate.balance)} testid="estimate-balance" />
        <Stat
          label={t('messages.estimate.cost')}
          value={formatMoney(estimate.cost_minor, estimate.currency, i18n.language)}
          testid="estimate-cost"
        />
      </SimpleGrid>
      {skippedTotal > 0 && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="estimate-skipped-detail">
          {t('messages.estimate.skippedDetail', {
            invalid: skipped.invalid,
            no_consent: skipped.no_consent,
            blacklisted: skipped.blacklisted,
            duplicate: skipped.duplicate,
          })}
        </Text>
      )}
      {estimate.not_allowed > 0 && (
        <Text size="sm" c="orange" mt="xs" data-testid="estimate-not-allowed">
          {t('messages.estimate.notAllowed', { count: estimate.not_allowed })}
        </Text>
      )}
      {estimate.accepted === 0 && (
        <Text size="sm" c="orange" mt="xs" data-testid="estimate-nothing">
          {t('messages.estimate.nothingToSend')}
        </Text>
      )}
      {estimate.balance < 0 && (
        <Text size="sm" c="orange" mt="xs">
          {t('messages.estimate.insufficient')}
        </Text>
      )}
      {loading && <Loader size="xs" mt="xs" />}
    </Paper>
  );
}
