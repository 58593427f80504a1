import { Alert, Anchor, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { OTP } from '@risala/shared/constants';
import { verifyLoginOtpSchema, verifyOtpSchema } from '@risala/shared/schemas/auth';
import { asciiDigits } from '@risala/shared/schemas/common';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SandboxCode } from '../../../components/sandbox-link/SandboxCode.tsx';
import { SandboxLink } from '../../../components/sandbox-link/SandboxLink.tsx';
import { useForm } from '../../../lib/forms.ts';
import { isApiError } from '../../../lib/http.ts';
import { startSession, useLandingPath, useSession } from '../../../lib/session.ts';
import { hasSession } from '../../../lib/session-store.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useResendOtp } from '../api/resend-otp.ts';
import { useVerifyLoginOtp } from '../api/verify-login-otp.ts';
import { useVerifyOtp } from '../api/verify-otp.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { useCountdown } from '../components/use-countdown.ts';
import { afterSignIn, type OtpNavState, retryAfterOf, suggestionsOf } from '../otp-state.ts';

type Mode = 'register' | 'login' | 'reset';

/**
 * One-time code entry for the three flows:
 * /otp-register (verify the email: that signs the new owner in), /otp-login (two-step sign-in),
 * /otp-verify (password reset: the code gives a reset token).
 */
function OtpPage({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state as OtpNavState | null) ?? {};
  const emailFromUrl = params.get('email') ?? '';
  const form = useForm({ email: emailFromUrl, otp: '' });
  const countdown = useCountdown(state.retryAfter ?? (state.codeSent ? OTP.resendCooldownSeconds : 0));
  const [resendNote, setResendNote] = useState<{ color: string; text: string; suggestions?: string[] }>();
  const verifyOtp = useVerifyOtp();
  const verifyLoginOtp = useVerifyLoginOtp();
  const resend = useResendOtp();
  const verifying = verifyOtp.isPending || verifyLoginOtp.isPending;
  const session = useSession();
  const landing = useLandingPath();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      if (mode === 'login') {
        const input = form.validate(verifyLoginOtpSchema);
        if (!input) return;
        const result = await verifyLoginOtp.mutateAsync(input);
        navigate(afterSignIn(startSession(result), state.from), { replace: true });
        return;
      }
      const input = form.validate(verifyOtpSchema, { ...form.values, purpose: mode });
      if (!input) return;
      const result = await verifyOtp.mutateAsync({ email: input.email, otp: input.otp, purpose: mode });
      if (mode === 'register') {
        if ('token' in result) {
          // the code proved the mailbox: the new owner is signed in, no password asked again
          showSuccessToast('auth.otp.welcome');
          navigate(afterSignIn(startSession(result), state.from), { replace: true });
          return;
        }
        showSuccessToast('auth.otp.verified');
        navigate('/login', { replace: true, state: { email: input.email } });
      } else if ('reset_token' in result) {
        navigate(`/reset-password?token=${encodeURIComponent(result.reset_token)}`, { replace: true });
      } else {
        form.setFormError(t('auth.otp.noResetToken'));
      }
    } catch (err) {
      if (mode === 'register' && isApiError(err) && err.code === 'EMAIL_ALREADY_VERIFIED') {
        // verified already (Back after verifying, a second tab): the next step is signing in
        showSuccessToast('auth.otp.verified');
        navigate('/login', { replace: true, state: { email: form.values.email.trim() } });
        return;
      }
      form.showApiError(err);
    }
  }

  async function resendCode() {
    const email = form.values.email.trim();
    if (!email) {
      form.setErrors({ email: 'validation.required' });
      return;
    }
    setResendNote(undefined);
    try {
      const result = await resend.mutateAsync({ email, purpose: mode });
      countdown.start(result.cooldown_seconds);
      setResendNote({ color: 'green', text: t('auth.otp.resent') });
    } catch (err) {
      if (!isApiError(err)) return;
      if (err.code === 'OTP_RESEND_COOLDOWN') {
        countdown.start(retryAfterOf(err) ?? OTP.resendCooldownSeconds);
        setResendNote({ color: 'orange', text: err.message });
      } else if (err.code === 'HIGH_FREQUENCY_OTP') {
        setResendNote({ color: 'red', text: err.message, suggestions: suggestionsOf(err) });
      } else {
        setResendNote({ color: 'red', text: err.message });
      }
    }
  }

  // Back to the code page once the code signed the new owner in: they are in, not at the sign-in form
  if (mode === 'register' && hasSession(session)) return <Navigate to={landing} replace />;

  return (
    <AuthCard
      title={t(`auth.otp.${mode}.title`)}
      subtitle={emailFromUrl ? t('auth.otp.sentTo', { email: emailFromUrl }) : t(`auth.otp.${mode}.subtitle`)}
      error={form.formError}
    >
      {state.notice && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {state.notice}
        </Alert>
      )}
      {mode === 'register' && emailFromUrl && (
        // said to everyone: sign-up answers the same for an address that already has an account
        <Text size="sm" c="dimmed" data-testid="otp-existing-hint">
          {t('auth.otp.register.existingHint')}
        </Text>
      )}
      {mode === 'register' && <SandboxCode email={form.values.email.trim()} onUse={(code) => form.setValue('otp', code)} />}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!emailFromUrl && (
            <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" dir="ltr" {...form.inputProps('email')} />
          )}
          <TextInput
            label={t('auth.otp.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP.length}
            placeholder="••••••"
            classNames={{ input: 'otp-code' }}
            data-testid="otp-input"
            autoFocus
            {...form.inputProps('otp')}
            onChange={(event) =>
              // an Arabic number pad types ٠–٩: keep them as the digits they are
              form.setValue('otp', asciiDigits(event.currentTarget.value).replace(/\D/g, '').slice(0, OTP.length))
            }
          />
          <Button type="submit" loading={verifying} fullWidth data-testid="otp-submit">
            {t('auth.otp.submit')}
          </Button>
        </Stack>
      </form>
      {resendNote && (
        <Alert color={resendNote.color} variant="light" data-testid="otp-resend-note">
          <Text size="sm">{resendNote.text}</Text>
          {resendNote.suggestions && resendNote.suggestions.length > 0 && (
            <List size="sm" mt={4}>
              {resendNote.suggestions.map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="subtle"
          onClick={resendCode}
          loading={resend.isPending}
          disabled={countdown.seconds > 0}
          data-testid="otp-resend"
          data-cooldown={countdown.seconds}
        >
          {countdown.seconds > 0 ? t('auth.otp.resendIn', { seconds: countdown.seconds }) : t('auth.otp.resend')}
        </Button>
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      </Group>
      <Group justify="center">
        <SandboxLink email={form.values.email} />
      </Group>
    </AuthCard>
  );
}

export function OtpRegisterPage() {
  return <OtpPage mode="register" />;
}

export function OtpLoginPage() {
  return <OtpPage mode="login" />;
}

export function OtpVerifyPage() {
  return <OtpPage mode="reset" />;
}
