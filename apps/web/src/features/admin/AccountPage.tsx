import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { CHANNELS, type Channel } from '@risala/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmModal } from '../../components/page/ConfirmModal.tsx';
import { formatDate } from '../../lib/i18n.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { AccountBilling } from './AccountBilling.tsx';
import { CreditsText, num, StatusBadge } from './AccountsPage.tsx';
import { useAdjustCredits, useAdminAccount, useReactivate, useSuspend } from './api.ts';

/** /admin/accounts/:id: the account, suspend or reactivate it (confirmed), adjust its credits with a reason. */
export function AccountPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useAdminAccount(id);
  const suspend = useSuspend(id);
  const reactivate = useReactivate(id);
  const adjust = useAdjustCredits(id);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [channel, setChannel] = useState<Channel>('sms');
  const [delta, setDelta] = useState<number | string>('');
  const [creditReason, setCreditReason] = useState('');

  if (query.error) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return null;
  const a = query.data.account;
  const suspended = a.status === 'SUSPENDED';
  const statusError = (suspend.error ?? reactivate.error)?.message;

  async function confirm() {
    if (suspended) await reactivate.mutateAsync(undefined);
    else await suspend.mutateAsync(reason.trim());
    setConfirming(false);
    setReason('');
    showSuccessToast(suspended ? 'admin.detail.reactivated' : 'admin.detail.suspended');
  }

  async function applyCredits() {
    await adjust.mutateAsync({ channel, delta: Number(delta), reason: creditReason.trim() });
    setDelta('');
    setCreditReason('');
    showSuccessToast('admin.detail.adjusted');
  }

  return (
    <Stack data-testid="admin-account">
      <Anchor component={Link} to="/admin/accounts" size="sm">
        {t('admin.detail.back')}
      </Anchor>
      <Group gap="sm" wrap="wrap">
        <Title order={2} size="h4">
          {a.name}
        </Title>
        <StatusBadge status={a.status} />
      </Group>
      {suspended && a.suspended_reason && (
        <Alert color="red" data-testid="admin-suspended-reason">
          {t('admin.detail.suspendedBecause', { reason: a.suspended_reason })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Fact label={t('admin.detail.owner')} value={a.owner_email ?? '—'} ltr />
        <Fact label={t('admin.accounts.plan')} value={a.plan} />
        <Fact label={t('admin.accounts.users')} value={num(a.users)} />
        <Fact label={t('admin.accounts.messages30d')} value={num(a.messages_30d)} />
        <Fact label={t('admin.accounts.created')} value={formatDate(a.created_at)} />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Stack>
          {!suspended && (
            <TextInput
              label={t('admin.detail.reason')}
              description={t('admin.detail.reasonHint')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-testid="admin-suspend-reason"
            />
          )}
          <Group>
            <Button
              color={suspended ? 'green' : 'red'}
              disabled={!suspended && reason.trim().length < 3}
              onClick={() => setConfirming(true)}
              data-testid={suspended ? 'admin-reactivate' : 'admin-suspend'}
            >
              {t(suspended ? 'admin.detail.reactivate' : 'admin.detail.suspend')}
            </Button>
          </Group>
          {statusError && <Text c="red">{statusError}</Text>}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Title order={3} size="h5">
            {t('admin.detail.creditsTitle')}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('admin.detail.balances')}:
            </Text>
            <CreditsText account={a} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('admin.detail.channel')}
              data={CHANNELS.map((c) => ({ value: c, label: t(`admin.channel.${c}`) }))}
              value={channel}
              onChange={(v) => v && setChannel(v as Channel)}
              allowDeselect={false}
              data-testid="admin-credit-channel"
            />
            <NumberInput
              label={t('admin.detail.delta')}
              value={delta}
              onChange={setDelta}
              allowDecimal={false}
              data-testid="admin-credit-delta"
            />
            <Textarea
              label={t('admin.detail.reason')}
              value={creditReason}
              onChange={(e) => setCreditReason(e.currentTarget.value)}
              autosize
              minRows={1}
              data-testid="admin-credit-reason"
            />
          </SimpleGrid>
          <Group>
            <Button
              onClick={() => void applyCredits().catch(() => undefined)}
              loading={adjust.isPending}
              disabled={!Number(delta) || creditReason.trim().length < 3}
              data-testid="admin-credit-apply"
            >
              {t('admin.detail.apply')}
            </Button>
          </Group>
          {adjust.error && <Text c="red">{adjust.error.message}</Text>}
        </Stack>
      </Paper>
      <AccountBilling accountId={id} />
      <ConfirmModal
        opened={confirming}
        title={t(suspended ? 'admin.detail.reactivate' : 'admin.detail.suspend')}
        cancelLabel={t('admin.detail.cancel')}
        confirmLabel={t('admin.detail.confirm')}
        color={suspended ? 'green' : 'red'}
        loading={suspend.isPending || reactivate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm().catch(() => setConfirming(false))}
        testId="admin-status-confirm"
      >
        <Text>{t(suspended ? 'admin.detail.confirmReactivate' : 'admin.detail.confirmSuspend', { name: a.name })}</Text>
      </ConfirmModal>
    </Stack>
  );
}

function Fact({ label, value, ltr }: { label: string; value: string; ltr?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text dir={ltr ? 'ltr' : undefined} ta="start">
        {value}
      </Text>
    </div>
  );
}
