import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Why no one more can join (PLAN_LIMIT_EXCEEDED, or the seats already full), and where to get more seats. */
export function PlanLimitNote({ used, limit, testId = 'team-plan-limit' }: { used?: number; limit?: number | null; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" title={t('team.planLimit.title')} data-testid={testId} role="alert">
      {limit ? t('team.planLimit.text', { used: used ?? limit, limit }) : t('team.planLimit.textPlain')}{' '}
      <Anchor component={Link} to="/subscriptionplan?upgrade=true" data-testid="team-plan-link">
        {t('team.planLimit.link')}
      </Anchor>
    </Alert>
  );
}

/** The seats a PLAN_LIMIT_EXCEEDED answer carries (data.seats). */
export function seatsOf(data: unknown): { used?: number; limit?: number } {
  const seats = (data as { seats?: { used?: unknown; limit?: unknown } } | undefined)?.seats;
  return {
    used: typeof seats?.used === 'number' ? seats.used : undefined,
    limit: typeof seats?.limit === 'number' ? seats.limit : undefined,
  };
}
