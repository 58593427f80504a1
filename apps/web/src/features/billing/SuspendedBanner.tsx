import { Alert, Button, Group, Text } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { useBillingStanding } from './api.ts';

/**
 * On every page while the account is suspended for an overdue payment: sending is paused, reading
 * is not. Billing users get the way to pay; the others are told who can.
 */
export function SuspendedBanner() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const standing = useBillingStanding();
  if (!standing.data?.suspended_at) return null;
  const payer = can(permissions, 'billing', 'view');
  return (
    <Alert color="red" variant="light" radius={0} py="xs" icon={<IconAlertTriangle size={20} />} data-testid="billing-suspended-banner">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          {payer ? t('billing.suspended.banner') : t('billing.suspended.bannerAskOwner')}
        </Text>
        {payer && (
          <Button component={Link} to="/billing/payments" size="xs" color="red">
            {t('billing.suspended.pay')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
