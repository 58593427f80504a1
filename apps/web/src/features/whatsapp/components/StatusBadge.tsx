import { Badge } from '@mantine/core';
import type { WaStatus } from '@risala/shared/schemas/whatsapp';
import { useTranslation } from 'react-i18next';

const COLORS: Record<WaStatus, string> = {
  DRAFT: 'gray',
  PENDING: 'yellow',
  APPROVED: 'green',
  REJECTED: 'red',
  PAUSED: 'orange',
  DISABLED: 'dark',
};

export function StatusBadge({ status }: { status: WaStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="wa-template-status" data-status={status}>
      {t(`whatsapp.status.${status}`)}
    </Badge>
  );
}
