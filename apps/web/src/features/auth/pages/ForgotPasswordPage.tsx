import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { forgotPasswordSchema } from '@risala/shared/schemas/auth';
import { IconMailOpened } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SandboxLink } from '../../../components/sandbox-link/SandboxLink.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { otpState } from '../otp-state.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useForm({ email: '' });
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(forgotPasswordSchema);
    if (!input) return;
    try {
      await forgot.mutateAsync(input);
      setSentTo(input.email);
    } catch (err) {
      form.showApiError(err);
    }
  }

  if (sentTo) {
    return (
      <AuthCard title={t('auth.forgot.sentTitle')}>
        <Alert color="green" variant="light" icon={<IconMailOpened size={18} />} data-testid="forgot-sent">
          {t('auth.forgot.sent', { email: sentTo })}
        </Alert>
        <Button
          component={Link}
          to={`/otp-verify?email=${encodeURIComponent(sentTo)}`}
          state={otpState({ codeSent: true })}
          data-testid="forgot-enter-code"
        >
          {t('auth.forgot.enterCode')}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/login" size="sm">
            {t('auth.backToLogin')}
          </Anchor>
          <SandboxLink email={sentTo} />
        </Group>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} error={form.formError}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            dir="ltr"
            autoComplete="email"
            required
            data-testid="forgot-email"
            {...form.inputProps('email')}
          />
          <Button type="submit" loading={forgot.isPending} fullWidth data-testid="forgot-submit">
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
