import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { updateAccountSchema } from '@risala/shared/schemas/account';
import { type FormEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../../lib/forms.ts';
import type { Account } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useUpdateAccount } from '../api/update-account.ts';

/** "Asia/Dubai (GMT+4)": every zone the browser knows, with its offset today; the saved one first if unknown. */
function zoneOptions(current: string) {
  const zones = Intl.supportedValuesOf('timeZone');
  const all = zones.includes(current) ? zones : [current, ...zones];
  const now = new Date();
  return all.map((zone) => {
    let offset = '';
    try {
      offset = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' })
        .formatToParts(now)
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
    } catch {
      // a zone this browser cannot format is still listed by name
    }
    return { value: zone, label: offset ? `${zone} (${offset})` : zone };
  });
}

/** The account's name and time zone (schedules are typed and shown in it), for owners and admins. */
export function AccountForm({ account, userId }: { account: Account; userId: string }) {
  const { t } = useTranslation();
  const initial = { name: account.name, timezone: account.timezone };
  const form = useForm(initial);
  const update = useUpdateAccount(userId);
  const zones = useMemo(() => zoneOptions(account.timezone), [account.timezone]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(updateAccountSchema);
    if (!input) return;
    try {
      const saved = await update.mutateAsync(input);
      form.reset({ name: saved.name, timezone: saved.timezone });
      showSuccessToast('profile.account.saved');
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="account-form">
      <Stack gap="sm">
        {form.formError && (
          <Text c="red" size="sm" role="alert" data-testid="form-error">
            {form.formError}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('profile.account.name')} required data-testid="account-name" {...form.inputProps('name')} />
          <Select
            label={t('profile.account.timezone')}
            description={t('profile.account.timezoneHint')}
            required
            searchable
            data={zones}
            limit={500}
            value={form.values.timezone}
            onChange={(zone) => form.setValue('timezone', zone ?? '')}
            error={form.inputProps('timezone').error}
            classNames={{ input: 'ltr-value' }}
            data-testid="account-timezone"
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} data-testid="account-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
