import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { SandboxLink } from '../../../components/sandbox-link/SandboxLink.tsx';
import { useForm } from '../../../lib/forms.ts';
import { isApiError } from '../../../lib/http.ts';
import { startSession } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import { useLoginWithOtp } from '../api/login-with-otp.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { loadAuthSchemas } from '../load-schemas.ts';
import { afterSignIn, fromOf, otpState, retryAfterOf } from '../otp-state.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const prefill = (location.state as { email?: string } | null)?.email ?? '';
  const from = fromOf(location.state);
  const form = useForm({ email: prefill, password: '' });
  const login = useLogin();
  const loginWithOtp = useLoginWithOtp();
  const pending = login.isPending || loginWithOtp.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    let schemas: Awaited<ReturnType<typeof loadAuthSchemas>>;
    try {
      schemas = await loadAuthSchemas();
    } catch {
      form.setFormError(t('common.loadFailed'));
      return;
    }
    const input = form.validate(schemas.loginSchema);
    if (!input) return;
    const otpPage = `/otp-login?email=${encodeURIComponent(input.email)}`;
    try {
      const result = await login.mutateAsync(input);
      navigate(afterSignIn(startSession(result), from), { replace: true });
    } catch (err) {
      if (isApiError(err) && err.code === 'LOGIN_WITH_OTP_REQUIRED') {
        // Two-step sign-in: ask for the code, then finish on the OTP page.
        try {
          await loginWithOtp.mutateAsync(input);
          navigate(otpPage, { state: otpState({ codeSent: true, from }) });
        } catch (otpErr) {
          if (isApiError(otpErr) && otpErr.code === 'OTP_RESEND_COOLDOWN') {
            navigate(otpPage, { state: otpState({ retryAfter: retryAfterOf(otpErr), notice: otpErr.message, from }) });
          } else {
            form.showApiError(otpErr);
          }
        }
        return;
      }
      if (isApiError(err) && err.code === 'EMAIL_NOT_VERIFIED') {
        navigate(`/otp-register?email=${encodeURIComponent(input.email)}`, {
          state: otpState({ notice: err.message }),
        });
        return;
      }
      form.showApiError(err);
    }
  }

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} error={form.formError}>
      <form onSubmit={submit} onFocus={() => void loadAuthSchemas().catch(() => undefined)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            dir="ltr"
            autoComplete="email"
            required
            data-testid="login-email"
            {...form.inputProps('email')}
          />
          <PasswordInput
            label={t('auth.fields.password')}
            autoComplete="current-password"
            required
            data-testid="login-password"
            {...form.inputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forget-password" size="sm" data-testid="forgot-link">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={pending} fullWidth data-testid="login-submit">
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('auth.login.noAccount')}{' '}
        <Anchor component={Link} to="/register" data-testid="register-link">
          {t('auth.login.register')}
        </Anchor>
      </Text>
      <Group justify="center">
        <SandboxLink email={form.values.email} />
      </Group>
    </AuthCard>
  );
}
