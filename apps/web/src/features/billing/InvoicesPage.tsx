import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { InvoiceStatus } from '@risala/shared/schemas/billing';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/page/LoadError.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { CardsSkeleton } from '../../components/page/Skeletons.tsx';
import { intlLocale } from '../../lib/i18n.ts';
import { formatMoney, type Invoice, type SubscriptionView, useInvoices, useSubscription, useSubscriptionChange } from './api.ts';

const STATUS_COLOR: Record<InvoiceStatus, string> = {
  PAID: 'green',
  PARTIALLY_PAID: 'yellow',
  NOT_PAID: 'gray',
  OVERDUE: 'red',
  POST_PAID: 'blue',
  REVERSED: 'grape',
};

function SubscriptionCard({ sub }: { sub: SubscriptionView }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const change = useSubscriptionChange();
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : '');
  const planName = (key: string) => t(`plans.names.${key}`, { defaultValue: key });
  const period = !sub.end_date
    ? t('billing.noPeriod')
    : sub.cancel_at_period_end
      ? t('billing.cancelsOn', { date: date(sub.end_date) })
      : sub.next_plan_key
        ? t('billing.downgradesTo', { plan: planName(sub.next_plan_key), date: date(sub.end_date) })
        : t('billing.renews', { date: date(sub.end_date) });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="billing-subscription">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {t('billing.subscription')}
          </Title>
          <Group gap="xs">
            <Button component={Link} to="/subscriptionplan" variant="light">
              {t('billing.changePlan')}
            </Button>
            {sub.status === 'ACTIVE' && sub.end_date && (
              <Button
                variant="default"
                loading={change.isPending}
                onClick={() => change.mutate({ action: 'cancel', resume: sub.cancel_at_period_end })}
              >
                {sub.cancel_at_period_end ? t('billing.resume') : t('billing.cancel')}
              </Button>
            )}
          </Group>
        </Group>
        <Group gap="xl" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed">
              {t('billing.plan')}
            </Text>
            <Text fw={700} data-testid="billing-plan">
              {planName(sub.plan_key)}
              {sub.price > 0 && ` · ${formatMoney(sub.price, sub.currency, locale)} / ${t(`plans.interval.${sub.interval}`)}`}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('billing.status')}
            </Text>
            <Badge variant="light">{t(`billing.subStatus.${sub.status}`)}</Badge>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('billing.periodEnds')}
            </Text>
            <Text>{period}</Text>
          </div>
        </Group>
        <Table withTableBorder striped aria-label={t('billing.credits')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.channel')}</Table.Th>
              <Table.Th ta="end">{t('billing.consumed')}</Table.Th>
              <Table.Th ta="end">{t('billing.remaining')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sub.credits.map((c) => (
              <Table.Tr key={c.channel}>
                <Table.Td>{t(`billing.channels.${c.channel}`, { defaultValue: c.channel })}</Table.Td>
                <Table.Td ta="end">{c.consumed.toLocaleString(locale)}</Table.Td>
                <Table.Td ta="end">{c.remaining.toLocaleString(locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

function InvoiceTable({ items }: { items: Invoice[] }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const money = (n: number, c: string) => formatMoney(n, c, locale);
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  const numberOf = (id: number | null) => items.find((i) => i.id === id)?.number ?? '';
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover withTableBorder data-testid="invoice-table" aria-label={t('billing.invoices')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('billing.cols.number')}</Table.Th>
            <Table.Th>{t('billing.cols.date')}</Table.Th>
            <Table.Th>{t('billing.cols.due')}</Table.Th>
            <Table.Th>{t('billing.cols.status')}</Table.Th>
            <Table.Th ta="end">{t('billing.cols.vat')}</Table.Th>
            <Table.Th ta="end">{t('billing.cols.total')}</Table.Th>
            <Table.Th ta="end">{t('billing.cols.paid')}</Table.Th>
            <Table.Th ta="end">{t('billing.cols.remaining')}</Table.Th>
            <Table.Th>{t('billing.cols.pdf')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((inv) => (
            <Table.Tr key={inv.id} data-testid="invoice-row" data-status={inv.status}>
              <Table.Td>
                <Text fw={600}>{inv.number}</Text>
                {inv.kind === 'credit_note' && (
                  <Text size="xs" c="dimmed">
                    {t('billing.creditNote', { number: numberOf(inv.reverses_id) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{date(inv.issued_at)}</Table.Td>
              <Table.Td>{date(inv.due_at)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[inv.status]} variant="light">
                  {t(`billing.invoiceStatus.${inv.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="end">{money(inv.vat_amount, inv.currency)}</Table.Td>
              <Table.Td ta="end" fw={600}>
                {money(inv.total_with_vat, inv.currency)}
              </Table.Td>
              <Table.Td ta="end">{money(inv.amount_paid, inv.currency)}</Table.Td>
              <Table.Td ta="end">{money(inv.remaining_amount, inv.currency)}</Table.Td>
              <Table.Td>
                <Anchor href={`/api/billing/invoices/${inv.id}/pdf`} aria-label={t('billing.download', { number: inv.number })}>
                  <IconDownload size={18} aria-hidden />
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /billing/invoices: the subscription, credits used and left, and every invoice. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sub = useSubscription();
  const invoices = useInvoices();
  return (
    <Stack gap="lg" data-testid="billing-invoices-page">
      <div>
        <Title order={1}>{t('billing.title')}</Title>
        <Text c="dimmed">{t('billing.subtitle')}</Text>
      </div>
      {params.get('checkout') === 'success' && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} data-testid="billing-paid">
          {t('billing.paidNotice')}
        </Alert>
      )}
      {sub.isPending ? (
        <CardsSkeleton count={1} height={220} />
      ) : sub.isError ? (
        <LoadError error={sub.error} onRetry={() => void sub.refetch()} />
      ) : (
        <SubscriptionCard sub={sub.data} />
      )}
      <SimpleGrid cols={1}>
        <Title order={2} size="h3">
          {t('billing.invoices')}
        </Title>
        <QueryState query={invoices} empty={(d) => d.length === 0} emptyText={t('billing.noInvoices')}>
          {(items) => <InvoiceTable items={items} />}
        </QueryState>
      </SimpleGrid>
    </Stack>
  );
}
