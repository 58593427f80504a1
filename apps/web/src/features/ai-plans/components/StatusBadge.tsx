import { Badge } from '@mantine/core';
import type { AiPlanState } from '@risala/shared/schemas/ai-plans';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AiPlanState, string> = {
  DRAFT: 'gray',
  PENDING_APPROVAL: 'yellow',
  APPROVED: 'green',
  REJECTED: 'red',
  APPLIED: 'blue',
};

export function StatusBadge({ status }: { status: AiPlanState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} miw="max-content" data-testid="ai-plan-status" data-status={status}>
      {t(`aiPlans.status.${status}`)}
    </Badge>
  );
}
