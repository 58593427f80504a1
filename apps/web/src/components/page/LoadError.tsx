import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/http.ts';

/** The error state of a page whose data could not load, with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = isApiError(error) && !error.isNetworkError ? error.message : t('common.loadFailed');
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('common.errorTitle')} data-testid="load-error">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
