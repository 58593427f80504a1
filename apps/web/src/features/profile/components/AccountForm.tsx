import { Button, type ComboboxItem, Group, type OptionsFilter, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { updateAccountSchema } from '@risala/shared/schemas/account';
import { timeZoneName, timeZoneOffset } from '@risala/shared/time';
import { type FormEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../../lib/forms.ts';
import { intlLocale } from '../../../lib/i18n.ts';
import type { Account } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useUpdateAccount } from '../api/update-account.ts';

/**
 * Every zone the browser knows, named in the interface language with its offset today ("Saudi
 * Arabia Time (GMT+3)", "توقيت الإمارات العربية المتحدة (غرينتش+4)"); zones sharing a name add
 * their city. Sorted by name in the reader's language; the saved zone first if unknown.
 */
function zoneOptions(current: string, language: string) {
  const zones = Intl.supportedValuesOf('timeZone');
  const all = zones.includes(current) ? zones : [current, ...zones];
  const now = new Date();
  const named = all.map((zone) => ({ zone, name: timeZoneName(zone, language, now), offset: timeZoneOffset(zone, language, now) }));
  const uses = new Map<string, number>();
  for (const z of named) uses.set(z.name, (uses.get(z.name) ?? 0) + 1);
  const collator = new Intl.Collator(intlLocale(language));
  return named
    .map(({ zone, name, offset }) => {
      const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
      const label = (uses.get(name) ?? 0) > 1 ? `${name} — ${city}` : name;
      return { value: zone, label: `${label} (${offset})` };
    })
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** A zone is found by its name in words or by its IANA id ("Dubai", "Asia/Riyadh"). */
const filterZones: OptionsFilter = ({ options, search }) => {
  const q = search.trim().toLowerCase();
  if (!q) return options;
  return (options as ComboboxItem[]).filter(
    (o) => o.label.toLowerCase().includes(q) || o.value.toLowerCase().replace(/_/g, ' ').includes(q),
  );
};

/** The account's name and time zone (schedules are typed and shown in it), for owners and admins. */
export function AccountForm({ account, userId }: { account: Account; userId: string }) {
  const { t, i18n } = useTranslation();
  const initial = { name: account.name, timezone: account.timezone };
  const form = useForm(initial);
  const update = useUpdateAccount(userId);
  const zones = useMemo(() => zoneOptions(account.timezone, i18n.language), [account.timezone, i18n.language]);

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
            filter={filterZones}
            renderOption={({ option }) => (
              <div>
                <Text size="sm">{option.label}</Text>
                <Text size="xs" c="dimmed" dir="ltr" ta="start">
                  {option.value}
                </Text>
              </div>
            )}
            value={form.values.timezone}
            onChange={(zone) => form.setValue('timezone', zone ?? '')}
            error={form.inputProps('timezone').error}
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
