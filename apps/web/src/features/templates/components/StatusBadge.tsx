import { Badge } from '@mantine/core';
import type { TemplateStatus } from '@risala/shared/schemas/templates';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TemplateStatus, string> = {
  DRAFT: 'gray',
  PENDING_REVIEW: 'yellow',
  APPROVED: 'green',
  REJECTED: 'red',
};

export function StatusBadge({ status, testId }: { status: TemplateStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid={testId} data-status={status}>
      {t(`templates.status.${status}`)}
    </Badge>
  );
}
