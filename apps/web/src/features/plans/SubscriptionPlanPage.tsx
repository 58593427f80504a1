import { Alert, Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../components/page/EmptyNote.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { CardsSkeleton } from '../../components/page/Skeletons.tsx';
import { intlLocale } from '../../lib/i18n.ts';
import { useAccountPlan, useLandingPath } from '../../lib/session.ts';
import { type PlanOffer, usePlans } from './api/get-plans.ts';

function formatPrice(plan: PlanOffer, language: string, free: string): string {
  if (!plan.price) return free;
  try {
    return new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency: plan.currency || 'USD',
      // Whole prices read better without ".00".
      minimumFractionDigits: Number.isInteger(plan.price) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(plan.price);
  } catch {
    return `${plan.price} ${plan.currency}`;
  }
}

function PlanCard({ plan, current }: { plan: PlanOffer; current: boolean }) {
  const { t, i18n } = useTranslation();
  const name = t(`plans.names.${plan.key}`, { defaultValue: plan.name });
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow={plan.recommended ? 'md' : 'xs'}
      data-testid="plan-card"
      data-plan={plan.key}
      data-current={current}
      style={current || plan.recommended ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={3}>{name}</Title>
          {current ? (
            <Badge variant="filled" color="green" data-testid="plan-current">
              {t('plans.current')}
            </Badge>
          ) : (
            plan.recommended && <Badge variant="filled">{t('plans.recommended')}</Badge>
          )}
        </Group>
        <Group gap={6} align="baseline">
          <Text fz={32} fw={800}>
            {formatPrice(plan, i18n.language, t('plans.free'))}
          </Text>
          {plan.price > 0 && plan.interval && (
            <Text c="dimmed">/ {t(`plans.interval.${plan.interval}`, { defaultValue: plan.interval })}</Text>
          )}
        </Group>
        <List spacing={6} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-green-6)" />} style={{ flex: 1 }}>
          {plan.features.map((feature) => (
            <List.Item key={feature}>{i18n.exists(feature) ? t(feature) : feature}</List.Item>
          ))}
        </List>
        <Button disabled fullWidth variant={current ? 'light' : 'filled'} data-testid="plan-checkout">
          {current ? t('plans.yourPlan') : t('plans.choose', { plan: name })}
        </Button>
      </Stack>
    </Card>
  );
}

/** /subscriptionplan: the plans, honest about checkout not being online yet. */
export function SubscriptionPlanPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const landing = useLandingPath();
  const plans = usePlans();
  const accountPlan = useAccountPlan();
  const trialExpired = params.get('reason') === 'trial_expired';
  const upgrade = params.get('upgrade') === 'true';

  return (
    <Stack gap="lg" maw={1100} mx="auto" data-testid="subscription-plans-page">
      <div>
        <Title order={1}>{upgrade ? t('plans.upgradeTitle') : t('plans.title')}</Title>
        <Text c="dimmed">{t('plans.subtitle')}</Text>
      </div>
      {accountPlan && !plans.data?.some((p) => p.key === accountPlan) && (
        <Text data-testid="plan-current-note">
          {t('plans.currentIs', { plan: t(`plans.names.${accountPlan}`, { defaultValue: accountPlan }) })}
        </Text>
      )}
      {trialExpired && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="plans-trial-expired">
          {t('plans.trialExpired')}
        </Alert>
      )}
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="plans-checkout-note">
        {t('plans.checkoutSoon')}{' '}
        <Anchor component={Link} to="/support">
          {t('plans.contactSales')}
        </Anchor>
      </Alert>
      {plans.isPending ? (
        <CardsSkeleton count={4} height={360} />
      ) : plans.isError ? (
        <LoadError error={plans.error} onRetry={() => void plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <EmptyNote text={t('plans.none')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(plans.data.length, 4) }} spacing="lg">
          {plans.data.map((plan) => (
            <PlanCard key={plan.key} plan={plan} current={plan.key === accountPlan} />
          ))}
        </SimpleGrid>
      )}
      <Group gap="md">
        <Button component={Link} to="/profile" variant="default">
          {t('plans.backToProfile')}
        </Button>
        {landing !== '/login' && (
          <Button component={Link} to={landing} variant="subtle">
            {t('plans.backHome')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
