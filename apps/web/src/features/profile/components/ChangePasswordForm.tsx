import { Button, Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { changePasswordSchema } from '@risala/shared/schemas/auth';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../../lib/forms.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY = { old_password: '', password: '', confirm_password: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const form = useForm(EMPTY);
  const change = useChangePassword();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(changePasswordSchema);
    if (!input) return;
    try {
      await change.mutateAsync(input);
      form.reset(EMPTY);
      showSuccessToast('profile.password.changed');
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form">
      <Stack gap="sm">
        {form.formError && (
          <Text c="red" size="sm" role="alert" data-testid="form-error">
            {form.formError}
          </Text>
        )}
        <PasswordInput
          label={t('profile.password.old')}
          autoComplete="current-password"
          required
          data-testid="password-old"
          {...form.inputProps('old_password')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PasswordInput
            label={t('auth.fields.newPassword')}
            description={t('auth.passwordRules')}
            autoComplete="new-password"
            required
            data-testid="password-new"
            {...form.inputProps('password')}
          />
          <PasswordInput
            label={t('auth.fields.confirmPassword')}
            autoComplete="new-password"
            required
            data-testid="password-confirm"
            {...form.inputProps('confirm_password')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} data-testid="password-submit">
            {t('profile.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
