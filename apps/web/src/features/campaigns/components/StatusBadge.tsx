import { Badge } from '@mantine/core';
import type { CampaignState } from '@risala/shared/schemas/campaigns';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CampaignState, string> = {
  DRAFT: 'gray',
  SCHEDULED: 'indigo',
  WAITING_FOR_APPROVAL: 'yellow',
  RUNNING: 'blue',
  PAUSED: 'orange',
  COMPLETED: 'green',
  COMPLETED_WITH_ERRORS: 'lime',
  CANCELED: 'red',
};

export function StatusBadge({ status }: { status: CampaignState }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" miw="max-content" data-testid="campaign-status" data-status={status}>
      {t(`campaigns.status.${status}`)}
    </Badge>
  );
}
