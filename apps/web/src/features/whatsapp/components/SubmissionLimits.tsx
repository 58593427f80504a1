import { Alert, Group, Paper, Progress, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '../../../lib/time.ts';
import { useSubmissionLimits } from '../api/get-submission-limits.ts';

/** Submissions used in the rolling 24 hours (spec §9), and a clear note once the limit is reached. */
export function SubmissionLimits() {
  const { t } = useTranslation();
  const limits = useSubmissionLimits();
  const fmt = useTimeFormat();
  if (!limits.data) return null;
  const { used, limit, remaining, resets_at } = limits.data;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="wa-submission-limits">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {t('whatsapp.limits.title')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="wa-limits-usage">
          {t('whatsapp.limits.usage', { used, limit, remaining })}
        </Text>
      </Group>
      {/* the usage text beside the title says the same in words */}
      <Progress value={(used / limit) * 100} color={remaining === 0 ? 'red' : 'teal'} size="sm" aria-label={t('whatsapp.limits.title')} />
      {remaining === 0 && (
        <Alert mt="sm" color="red" variant="light" icon={<IconClockHour4 size={18} />} data-testid="wa-limit-reached">
          {t('whatsapp.limits.reached', { limit, at: fmt.moment(resets_at) })}
        </Alert>
      )}
    </Paper>
  );
}
