import { formatMoney } from '@risala/shared/money';
import { Alert, Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../components/page/EmptyNote.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { CardsSkeleton } from '../../components/page/Skeletons.tsx';
import { useAccountPlan, useLandingPath } from '../../lib/session.ts';
import { ApiErrorAlert } from '../../components/page/ApiErrorAlert.tsx';
import { useCheckout, usePaymentsHealth, useSubscriptionChange } from '../billing/api.ts';
import { type PlanOffer, usePlans } from './api/get-plans.ts';

/** Minor units (halalas) in the shared money format (the one New message and invoices use). */
function formatPrice(minor: number, currency: string, language: string, free: string): string {
  return minor ? formatMoney(minor, currency || 'SAR', language) : free;
}

interface CardProps {
  plan: PlanOffer;
  current: boolean;
  /** the account's current plan's monthly price (a cheaper card is a downgrade at period end) */
  currentPrice: number | null;
  canPay: boolean;
}

function PlanCard({ plan, current, currentPrice, canPay }: CardProps) {
  const { t, i18n } = useTranslation();
  const name = t(`plans.names.${plan.key}`, { defaultValue: plan.name });
  const checkout = useCheckout();
  const change = useSubscriptionChange();
  const downgrade = currentPrice !== null && currentPrice > 0 && plan.price < currentPrice;
  const busy = checkout.isPending || checkout.isSuccess || change.isPending;
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
            {formatPrice(plan.price, plan.currency, i18n.language, t('plans.free'))}
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
        {plan.yearly_price > 0 && (
          <Text size="sm" c="dimmed">
            {t('plans.perYear', { price: formatPrice(plan.yearly_price, plan.currency, i18n.language, '') })}
          </Text>
        )}
        {(checkout.error || change.error) && (
          <ApiErrorAlert error={checkout.error ?? change.error} fallback={t('plans.checkoutUnavailable')} />
        )}
        {change.isSuccess && (
          <Text size="sm" c="green.9" role="status">
            {t('plans.downgradeScheduled')}
          </Text>
        )}
        <Button
          disabled={current || (!downgrade && !canPay) || change.isSuccess}
          loading={busy}
          fullWidth
          variant={current ? 'light' : 'filled'}
          data-testid="plan-checkout"
          onClick={() => (downgrade ? change.mutate({ action: 'downgrade', plan_key: plan.key }) : checkout.mutate({ plan_key: plan.key }))}
        >
          {current ? t('plans.yourPlan') : downgrade ? t('plans.downgrade', { plan: name }) : t('plans.choose', { plan: name })}
        </Button>
      </Stack>
    </Card>
  );
}

/** /subscriptionplan: the plans; a card's button opens the provider's hosted checkout (or schedules a downgrade). */
export function SubscriptionPlanPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const landing = useLandingPath();
  const plans = usePlans();
  const accountPlan = useAccountPlan();
  const trialExpired = params.get('reason') === 'trial_expired';
  const upgrade = params.get('upgrade') === 'true';
  const health = usePaymentsHealth();
  const canPay = health.data?.checkout_available === true;
  const currentPrice = plans.data?.find((p) => p.key === accountPlan)?.price ?? (accountPlan ? 0 : null);
  const vat = plans.data?.[0]?.vat_bp;

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
      {params.get('checkout') === 'cancelled' && (
        <Alert color="yellow" variant="light" data-testid="plans-checkout-cancelled">
          {t('plans.cancelledCheckout')}
        </Alert>
      )}
      {health.data && !canPay && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="plans-checkout-note">
          {t('plans.checkoutUnavailable')}{' '}
          <Anchor component={Link} to="/support">
            {t('plans.contactSales')}
          </Anchor>
        </Alert>
      )}
      {health.data?.payments === 'sandbox' && canPay && (
        <Text size="sm" c="dimmed" data-testid="plans-sandbox-note">
          {t('plans.sandboxNote')}
        </Text>
      )}
      {vat !== undefined && (
        <Text size="sm" c="dimmed">
          {t('plans.vatNote', { vat: vat / 100 })}
        </Text>
      )}
      {plans.isPending ? (
        <CardsSkeleton count={4} height={360} />
      ) : plans.isError ? (
        <LoadError error={plans.error} onRetry={() => void plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <EmptyNote text={t('plans.none')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(plans.data.length, 4) }} spacing="lg">
          {plans.data.map((plan) => (
            <PlanCard key={plan.key} plan={plan} current={plan.key === accountPlan} currentPrice={currentPrice} canPay={canPay} />
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
