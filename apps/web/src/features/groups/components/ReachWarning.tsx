import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGroupReach } from '../api/get-group.ts';

/**
 * Says when some of a group's customers can't be reached on any channel (no consent for an
 * address they have): campaigns to the group would silently skip them.
 */
export function ReachWarning({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const reach = useGroupReach(groupId);
  const n = reach.data?.unreachable ?? 0;
  if (!n) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('groups.reach.title', { count: n })}
      data-testid="group-unreachable"
      data-count={n}
    >
      {t('groups.reach.body')}{' '}
      <Anchor component={Link} to={`/customer?group=${groupId}`} size="sm">
        {t('groups.reach.open')}
      </Anchor>
    </Alert>
  );
}
