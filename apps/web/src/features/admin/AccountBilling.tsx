import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdminInvoice } from '@risala/shared/schemas/billing-dues';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/page/ConfirmModal.tsx';
import { formatDate } from '../../lib/i18n.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { formatMoney } from '../billing/api.ts';
import { useAdminBilling, useRecordPayment, useReverseInvoice, useSetInstalments } from './api.ts';
import { splitEvenly, toMinor } from './money-input.ts';

/** The operator's billing panel of one account: invoices, dues, payments; record, split, reverse. */
export function AccountBilling({ accountId }: { accountId: number }) {
  const { t, i18n } = useTranslation();
  const query = useAdminBilling(accountId);
  const pay = useRecordPayment(accountId);
  const split = useSetInstalments(accountId);
  const reverse = useReverseInvoice(accountId);
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  const [method, setMethod] = useState<'cash' | 'bank_transfer'>('bank_transfer');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [count, setCount] = useState<number | string>(3);
  const [firstDue, setFirstDue] = useState('');
  const [reversing, setReversing] = useState<AdminInvoice | null>(null);
  const [reverseReason, setReverseReason] = useState('');

  if (!query.data) return query.error ? <Text c="red">{query.error.message}</Text> : null;
  const { invoices, payments, standing } = query.data;
  const money = (n: number, c = 'SAR') => formatMoney(n, c, i18n.language);
  const open = invoices.filter((i) => i.kind === 'invoice' && i.remaining_amount > 0);
  const chosen = open.find((i) => String(i.id) === invoiceId) ?? null;
  const minor = toMinor(amount);
  const error = (pay.error ?? split.error ?? reverse.error)?.message;

  async function record() {
    if (!chosen || !minor) return;
    await pay.mutateAsync({ invoice_id: chosen.id, method, amount: minor, reference: reference.trim() });
    setAmount('');
    setReference('');
    showSuccessToast('admin.billing.recorded');
  }
  async function instalments() {
    if (!chosen || !firstDue) return;
    await split.mutateAsync({ invoiceId: chosen.id, dues: splitEvenly(chosen.remaining_amount, Number(count), firstDue) });
    showSuccessToast('admin.billing.instalmentsSet');
  }
  async function confirmReverse() {
    if (!reversing) return;
    await reverse.mutateAsync({ invoiceId: reversing.id, reason: reverseReason.trim() });
    setReversing(null);
    setReverseReason('');
    showSuccessToast('admin.billing.reversed');
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="admin-billing">
      <Stack>
        <Title order={3} size="h5">
          {t('admin.billing.title')}
        </Title>
        <Group gap="lg">
          <Text size="sm">{t('admin.billing.owed', { amount: money(standing.outstanding_amount, standing.currency) })}</Text>
          <Text size="sm">{t('admin.billing.overdue', { amount: money(standing.overdue_amount, standing.currency) })}</Text>
          {standing.suspended_at && (
            <Badge color="red" variant="light" data-testid="admin-billing-suspended">
              {t('admin.billing.suspended', { date: formatDate(standing.suspended_at) })}
            </Badge>
          )}
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder aria-label={t('admin.billing.invoices')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.cols.number')}</Table.Th>
                <Table.Th>{t('billing.cols.status')}</Table.Th>
                <Table.Th>{t('billing.cols.due')}</Table.Th>
                <Table.Th ta="end">{t('billing.cols.total')}</Table.Th>
                <Table.Th ta="end">{t('billing.cols.remaining')}</Table.Th>
                <Table.Th>{t('admin.billing.dues')}</Table.Th>
                <Table.Th>{t('admin.billing.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((inv) => (
                <Table.Tr key={inv.id} data-testid="admin-invoice-row">
                  <Table.Td>
                    {inv.number}
                    {inv.kind === 'credit_note' && ` · ${t('admin.billing.creditNote')}`}
                  </Table.Td>
                  <Table.Td>{t(`billing.invoiceStatus.${inv.status}`, { defaultValue: inv.status })}</Table.Td>
                  <Table.Td>{formatDate(inv.next_due_at ?? inv.due_at)}</Table.Td>
                  <Table.Td ta="end">{money(inv.total_with_vat, inv.currency)}</Table.Td>
                  <Table.Td ta="end">{money(inv.remaining_amount, inv.currency)}</Table.Td>
                  <Table.Td>
                    {inv.dues.map((d) => (
                      <Text key={d.id} size="xs">
                        {d.seq}. {formatDate(d.due_at)} · {money(d.remaining_amount, d.currency)} ·{' '}
                        {t(`billing.payments.dueState.${d.state}`)}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    {inv.kind === 'invoice' && inv.status !== 'REVERSED' && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setReversing(inv)}>
                        {t('admin.billing.reverse')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Select
          label={t('admin.billing.invoice')}
          placeholder={t('admin.billing.pickInvoice')}
          data={open.map((i) => ({ value: String(i.id), label: `${i.number} · ${money(i.remaining_amount, i.currency)}` }))}
          value={invoiceId}
          onChange={setInvoiceId}
          data-testid="admin-billing-invoice"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('admin.billing.method')}
            data={(['bank_transfer', 'cash'] as const).map((m) => ({ value: m, label: t(`billing.payments.method.${m}`) }))}
            value={method}
            onChange={(v) => v && setMethod(v as 'cash' | 'bank_transfer')}
            allowDeselect={false}
          />
          <TextInput
            label={t('admin.billing.amount')}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            inputMode="decimal"
            dir="ltr"
            error={amount && minor === null ? t('validation.number') : undefined}
            data-testid="admin-billing-amount"
          />
          <TextInput
            label={t('admin.billing.reference')}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            maxLength={100}
            dir="ltr"
            data-testid="admin-billing-reference"
          />
        </SimpleGrid>
        <Group>
          <Button
            onClick={() => void record().catch(() => undefined)}
            loading={pay.isPending}
            disabled={!chosen || !minor || !reference.trim()}
            data-testid="admin-billing-record"
          >
            {t('admin.billing.record')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label={t('admin.billing.count')} value={count} onChange={setCount} min={2} max={12} allowDecimal={false} />
          <TextInput
            type="date"
            label={t('admin.billing.firstDue')}
            value={firstDue}
            onChange={(e) => setFirstDue(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group>
          <Button
            variant="light"
            onClick={() => void instalments().catch(() => undefined)}
            loading={split.isPending}
            disabled={!chosen || !firstDue || Number(count) < 2 || chosen.dues.length > 0}
          >
            {t('admin.billing.split')}
          </Button>
        </Group>
        {error && <Text c="red">{error}</Text>}
        <Title order={4} size="h6">
          {t('admin.billing.payments')}
        </Title>
        {payments.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('billing.payments.noPayments')}
          </Text>
        ) : (
          payments.map((p) => (
            <Text key={p.id} size="sm">
              {formatDate(p.paid_at)} · {t(`billing.payments.method.${p.method}`)} · {money(p.amount, p.currency)} ·{' '}
              {p.invoice_number ?? '—'} · <bdi dir="ltr">{p.reference}</bdi>
            </Text>
          ))
        )}
      </Stack>
      <ConfirmModal
        opened={reversing !== null}
        title={t('admin.billing.reverse')}
        cancelLabel={t('admin.detail.cancel')}
        confirmLabel={t('admin.detail.confirm')}
        color="red"
        loading={reverse.isPending}
        onCancel={() => setReversing(null)}
        onConfirm={() => void confirmReverse().catch(() => setReversing(null))}
        testId="admin-reverse-confirm"
      >
        <Stack>
          <Text>{t('admin.billing.confirmReverse', { number: reversing?.number ?? '' })}</Text>
          <Textarea
            label={t('admin.detail.reason')}
            value={reverseReason}
            onChange={(e) => setReverseReason(e.currentTarget.value)}
            maxLength={500}
          />
        </Stack>
      </ConfirmModal>
    </Paper>
  );
}
