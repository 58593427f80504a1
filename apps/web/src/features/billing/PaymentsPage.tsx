import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Due, DueState, Payment } from '@risala/shared/schemas/billing-dues';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../components/page/LoadError.tsx';
import { CardsSkeleton } from '../../components/page/Skeletons.tsx';
import { intlLocale } from '../../lib/i18n.ts';
import { type BillingStanding, formatMoney, usePaymentsPage } from './api.ts';

const DUE_COLOR: Record<DueState, string> = { due: 'gray', paid: 'green', overdue: 'red' };

function useFormat() {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return {
    money: (n: number, c: string) => formatMoney(n, c, locale),
    date: (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : '—'),
  };
}

/** What a suspension for an overdue payment blocks, what still works, and how to pay. */
export function SuspendedNotice({ standing }: { standing: BillingStanding }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={t('billing.suspended.title')}
      data-testid="billing-suspended"
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">{t('billing.suspended.since', { date: f.date(standing.suspended_at) })}</Text>
        {standing.overdue_amount > 0 && (
          <Text size="sm" fw={600}>
            {t('billing.suspended.owed', { amount: f.money(standing.overdue_amount, standing.currency) })}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {t('billing.suspended.blockedTitle')}
        </Text>
        <List size="sm">
          <List.Item>{t('billing.suspended.blockedSend')}</List.Item>
          <List.Item>{t('billing.suspended.blockedCampaigns')}</List.Item>
        </List>
        <Text size="sm" fw={600}>
          {t('billing.suspended.allowedTitle')}
        </Text>
        <Text size="sm">{t('billing.suspended.allowed')}</Text>
        <Text size="sm" fw={600}>
          {t('billing.suspended.howTitle')}
        </Text>
        <Text size="sm">{t('billing.suspended.how')}</Text>
      </Stack>
    </Alert>
  );
}

function StandingCards({ s }: { s: BillingStanding }) {
  const { t } = useTranslation();
  const f = useFormat();
  const cards = [
    { key: 'outstanding', value: f.money(s.outstanding_amount, s.currency) },
    { key: 'overdue', value: f.money(s.overdue_amount, s.currency) },
    { key: 'nextDue', value: f.date(s.next_due_at) },
    { key: 'suspendsAt', value: s.suspended_at ? t('billing.payments.suspendedNow') : f.date(s.suspends_at) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      {cards.map((c) => (
        <Card key={c.key} withBorder radius="md" padding="md" data-testid={`standing-${c.key}`}>
          <Text size="sm" c="dimmed">
            {t(`billing.payments.standing.${c.key}`)}
          </Text>
          <Text fw={700} size="lg">
            <bdi>{c.value}</bdi>
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function DuesTable({ dues }: { dues: Due[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!dues.length) return <Text c="dimmed">{t('billing.payments.noDues')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label={t('billing.payments.dues')} data-testid="dues-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('billing.payments.cols.invoice')}</Table.Th>
            <Table.Th>{t('billing.payments.cols.instalment')}</Table.Th>
            <Table.Th>{t('billing.payments.cols.dueDate')}</Table.Th>
            <Table.Th>{t('billing.cols.status')}</Table.Th>
            <Table.Th ta="end">{t('billing.payments.cols.amount')}</Table.Th>
            <Table.Th ta="end">{t('billing.cols.paid')}</Table.Th>
            <Table.Th ta="end">{t('billing.cols.remaining')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dues.map((d) => (
            <Table.Tr key={d.id} data-testid="due-row" data-state={d.state}>
              <Table.Td>{d.invoice_number}</Table.Td>
              <Table.Td>{d.seq}</Table.Td>
              <Table.Td>{f.date(d.due_at)}</Table.Td>
              <Table.Td>
                <Badge color={DUE_COLOR[d.state]} variant="light">
                  {t(`billing.payments.dueState.${d.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="end">{f.money(d.amount, d.currency)}</Table.Td>
              <Table.Td ta="end">{f.money(d.amount_paid, d.currency)}</Table.Td>
              <Table.Td ta="end">{f.money(d.remaining_amount, d.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PaymentsTable({ items }: { items: Payment[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!items.length) return <Text c="dimmed">{t('billing.payments.noPayments')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label={t('billing.payments.received')} data-testid="payments-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('billing.payments.cols.date')}</Table.Th>
            <Table.Th>{t('billing.payments.cols.method')}</Table.Th>
            <Table.Th ta="end">{t('billing.payments.cols.amount')}</Table.Th>
            <Table.Th>{t('billing.payments.cols.invoice')}</Table.Th>
            <Table.Th>{t('billing.payments.cols.reference')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => (
            <Table.Tr key={p.id} data-testid="payment-row" data-method={p.method}>
              <Table.Td>{f.date(p.paid_at)}</Table.Td>
              <Table.Td>{t(`billing.payments.method.${p.method}`)}</Table.Td>
              <Table.Td ta="end">{f.money(p.amount, p.currency)}</Table.Td>
              <Table.Td>{p.invoice_number ?? '—'}</Table.Td>
              <Table.Td>
                <bdi dir="ltr">{p.reference}</bdi>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /billing/payments: the account's standing, its instalments due and the payments received. */
export function PaymentsPage() {
  const { t } = useTranslation();
  const q = usePaymentsPage();
  const first = q.data?.pages[0];
  return (
    <Stack gap="lg" data-testid="billing-payments-page">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1}>{t('billing.payments.title')}</Title>
          <Text c="dimmed">{t('billing.payments.subtitle')}</Text>
        </div>
        <Button component={Link} to="/billing/invoices" variant="light">
          {t('billing.payments.toInvoices')}
        </Button>
      </Group>
      {q.isPending ? (
        <CardsSkeleton count={2} height={120} />
      ) : q.isError || !first ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {first.standing.suspended_at && <SuspendedNotice standing={first.standing} />}
          <StandingCards s={first.standing} />
          <Title order={2} size="h3">
            {t('billing.payments.dues')}
          </Title>
          <DuesTable dues={first.dues} />
          <Title order={2} size="h3">
            {t('billing.payments.received')}
          </Title>
          <PaymentsTable items={q.data.pages.flatMap((p) => p.payments)} />
          {q.hasNextPage && (
            <Button variant="default" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage} w="fit-content">
              {t('billing.payments.loadMore')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
