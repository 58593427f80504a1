import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  ACTIVE: 'green',
  WAITING_FOR_APPROVAL: 'yellow',
  PENDING_VERIFICATION: 'yellow',
  PENDING_SETUP: 'yellow',
  REJECTED: 'red',
  INACTIVE: 'gray',
};

/** A sender's status in its colour, translated. */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" data-testid={testId ?? 'sender-status'} data-status={status}>
      {t(`senders.status.${status}`)}
    </Badge>
  );
}
