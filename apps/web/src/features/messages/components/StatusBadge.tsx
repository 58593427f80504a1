import { Badge } from '@mantine/core';
import type { MessageState } from '@risala/shared/schemas/messages';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../filters.ts';

export function StatusBadge({ status }: { status: MessageState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" miw="max-content" data-testid="message-status" data-status={status}>
      {t(`messages.status.${status}`)}
    </Badge>
  );
}
