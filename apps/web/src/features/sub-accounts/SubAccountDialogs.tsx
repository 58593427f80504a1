import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { CHANNELS } from '@risala/shared/constants';
import { allocateCreditsSchema, createSubAccountSchema, type SubAccount } from '@risala/shared/schemas/sub-accounts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/forms.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useAllocateCredits, useCreateSubAccount } from './api.ts';

/** New sub-account: its name and its first owner, who is invited by email. */
export function CreateSubAccountModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm({
    name: '',
    owner_email: '',
    owner_first_name: '',
    owner_last_name: '',
    language: i18n.language === 'ar' ? 'ar' : 'en',
  });
  const create = useCreateSubAccount();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(createSubAccountSchema, form.values);
    if (!input) return;
    try {
      await create.mutateAsync(input);
      showSuccessToast('subAccounts.create.done');
      onClose();
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('subAccounts.create.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert" data-testid="form-error">
              {form.formError}
            </Alert>
          )}
          <TextInput label={t('subAccounts.create.name')} required data-testid="sub-account-name" {...form.inputProps('name')} />
          <TextInput
            label={t('subAccounts.create.ownerEmail')}
            description={t('subAccounts.create.ownerEmailHint')}
            type="email"
            dir="ltr"
            required
            data-testid="sub-account-owner-email"
            {...form.inputProps('owner_email')}
          />
          <Group grow gap="sm" wrap="wrap">
            <TextInput label={t('subAccounts.create.ownerFirstName')} miw={150} {...form.inputProps('owner_first_name')} />
            <TextInput label={t('subAccounts.create.ownerLastName')} miw={150} {...form.inputProps('owner_last_name')} />
          </Group>
          <Select
            label={t('subAccounts.create.language')}
            allowDeselect={false}
            value={form.values.language}
            onChange={(v) => v && form.setValue('language', v)}
            data={[
              { value: 'en', label: t('subAccounts.languages.en') },
              { value: 'ar', label: t('subAccounts.languages.ar') },
            ]}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('subAccounts.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="sub-account-create-submit">
              {t('subAccounts.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Give credits from the own balance to one sub-account (never more than the balance: the server says so). */
export function AllocateCreditsModal({ account, own, onClose }: { account: SubAccount; own: SubAccount['credits']; onClose: () => void }) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<(typeof CHANNELS)[number]>('sms');
  const form = useForm({ amount: '' });
  const allocate = useAllocateCredits(account.id);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(allocateCreditsSchema, { channel, amount: form.values.amount });
    if (!input) return;
    try {
      await allocate.mutateAsync(input);
      showSuccessToast('subAccounts.allocateDialog.done');
      onClose();
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('subAccounts.allocateDialog.title', { name: account.name })} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert" data-testid="form-error">
              {form.formError}
            </Alert>
          )}
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('subAccounts.allocateDialog.channel')}
            </Text>
            <SegmentedControl
              fullWidth
              value={channel}
              onChange={(v) => setChannel(v as (typeof CHANNELS)[number])}
              data={CHANNELS.map((c) => ({ value: c, label: t(`subAccounts.channels.${c}`) }))}
              data-testid="allocate-channel"
            />
          </div>
          <NumberInput
            label={t('subAccounts.allocateDialog.amount')}
            description={t('subAccounts.allocateDialog.available', { count: own[channel] })}
            min={1}
            max={own[channel]}
            allowDecimal={false}
            allowNegative={false}
            required
            value={form.values.amount}
            onChange={(v) => form.setValue('amount', String(v))}
            error={form.inputProps('amount').error}
            data-testid="allocate-amount"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('subAccounts.cancel')}
            </Button>
            <Button type="submit" loading={allocate.isPending} data-testid="allocate-submit">
              {t('subAccounts.allocateDialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
