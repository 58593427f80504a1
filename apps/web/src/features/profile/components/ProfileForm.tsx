import { Button, Group, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { Language } from '@risala/shared/constants';
import { type UpdateProfileInput, updateProfileSchema } from '@risala/shared/schemas/auth';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../../lib/forms.ts';
import { setLanguage, languageOptions } from '../../../lib/i18n.ts';
import type { UserProfile } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useUpdateUser } from '../api/update-user.ts';

function initialValues(profile: UserProfile) {
  const u = profile.user;
  return {
    first_name: u.first_name ?? '',
    last_name: u.last_name ?? '',
    username: u.username ?? '',
    phone_number: u.phone_number ?? '',
    industry: u.industry ?? '',
    user_role: u.user_role ?? '',
    language: u.language === 'ar' ? 'ar' : 'en',
    two_factor_enabled: Boolean(u.two_factor_enabled),
  };
}

type Values = ReturnType<typeof initialValues>;

/** Only the fields the user changed are sent (PUT is partial). */
function changedFields(before: Values, after: Values): Partial<Values> {
  const out: Partial<Values> = {};
  for (const key of Object.keys(after) as (keyof Values)[]) {
    if (after[key] !== before[key]) Object.assign(out, { [key]: after[key] });
  }
  return out;
}

export function ProfileForm({ profile, userId }: { profile: UserProfile; userId: string }) {
  const { t } = useTranslation();
  const initial = initialValues(profile);
  const form = useForm<Values>(initial);
  const update = useUpdateUser(userId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const changes = changedFields(initial, form.values);
    if (Object.keys(changes).length === 0) {
      showSuccessToast('profile.nothingChanged');
      return;
    }
    const input = form.validate(updateProfileSchema, changes) as UpdateProfileInput | null;
    if (!input) return;
    try {
      const user = await update.mutateAsync(input);
      form.reset(initialValues({ ...profile, user }));
      if (input.language) setLanguage(input.language as Language);
      showSuccessToast('profile.saved');
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <Stack gap="sm">
        {form.formError && (
          <Text c="red" size="sm" role="alert" data-testid="form-error">
            {form.formError}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('auth.fields.first_name')} required data-testid="profile-first_name" {...form.inputProps('first_name')} />
          <TextInput label={t('auth.fields.last_name')} required data-testid="profile-last_name" {...form.inputProps('last_name')} />
          <TextInput label={t('profile.fields.email')} value={profile.user.email} readOnly disabled dir="ltr" />
          <TextInput label={t('profile.fields.username')} data-testid="profile-username" {...form.inputProps('username')} />
          <TextInput
            label={t('auth.fields.phone_number')}
            type="tel"
            classNames={{ input: 'ltr-value' }}
            data-testid="profile-phone_number"
            {...form.inputProps('phone_number')}
          />
          <TextInput label={t('auth.fields.user_role')} data-testid="profile-user_role" {...form.inputProps('user_role')} />
          <TextInput label={t('auth.fields.industry')} data-testid="profile-industry" {...form.inputProps('industry')} />
        </SimpleGrid>
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('profile.fields.language')}
          </Text>
          <SegmentedControl
            value={form.values.language}
            onChange={(value) => form.setValue('language', value)}
            data={languageOptions()}
            data-testid="profile-language"
          />
        </div>
        <Switch
          label={t('profile.fields.twoFactor')}
          description={t('profile.fields.twoFactorHint')}
          checked={form.values.two_factor_enabled}
          onChange={(event) => form.setValue('two_factor_enabled', event.currentTarget.checked)}
          data-testid="profile-two_factor_enabled"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
