import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInDays } from '../../lib/dates.ts';
import { useFeatureAccess } from './api/get-feature-access.ts';

/** Free-trial banner (spec §4): warning at 7 days or fewer, expired at 0 or fewer. */
export function TrialBanner() {
  const { t, i18n } = useTranslation();
  const { state, data } = useFeatureAccess();
  if (state !== 'warning' && state !== 'expired' && state !== 'blocked') return null;
  const warning = state === 'warning';
  const text = warning ? t('trial.warning', { when: formatInDays(data?.days_remaining ?? 0, i18n.language) }) : t('trial.expired');
  return (
    <Alert
      data-testid="trial-banner"
      data-state={warning ? 'warning' : 'expired'}
      color={warning ? 'yellow' : 'red'}
      variant="light"
      radius={0}
      icon={warning ? <IconClock size={20} /> : <IconAlertTriangle size={20} />}
      py="xs"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          {text}
        </Text>
        <Button
          component={Link}
          to={warning ? '/subscriptionplan?upgrade=true' : '/subscriptionplan?upgrade=true&reason=trial_expired'}
          size="xs"
          color={warning ? 'yellow' : 'red'}
        >
          {t('trial.upgrade')}
        </Button>
      </Group>
    </Alert>
  );
}
