import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { resetPasswordSchema } from '@risala/shared/schemas/auth';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from '../../../lib/forms.ts';
import { isApiError } from '../../../lib/http.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/AuthCard.tsx';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({ password: '', confirm_password: '' });
  const reset = useResetPassword();
  const tokenInvalid = isApiError(reset.error) && reset.error.code === 'RESET_TOKEN_INVALID';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(resetPasswordSchema, { ...form.values, token });
    if (!input) return;
    try {
      await reset.mutateAsync(input);
      showSuccessToast('auth.reset.done');
      navigate('/login', { replace: true });
    } catch (err) {
      form.showApiError(err);
    }
  }

  if (!token) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Alert color="orange" variant="light" data-testid="reset-no-token">
          {t('auth.reset.noToken')}
        </Alert>
        <Anchor component={Link} to="/forget-password">
          {t('auth.reset.requestNew')}
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} error={form.formError}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('auth.fields.newPassword')}
            description={t('auth.passwordRules')}
            autoComplete="new-password"
            required
            data-testid="reset-password"
            {...form.inputProps('password')}
          />
          <PasswordInput
            label={t('auth.fields.confirmPassword')}
            autoComplete="new-password"
            required
            data-testid="reset-confirm-password"
            {...form.inputProps('confirm_password')}
          />
          <Button type="submit" loading={reset.isPending} fullWidth data-testid="reset-submit">
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
      {tokenInvalid && (
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/forget-password">
            {t('auth.reset.requestNew')}
          </Anchor>
        </Text>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
