import { Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { registerSchema } from '@risala/shared/schemas/auth';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SandboxLink } from '../../../components/sandbox-link/SandboxLink.tsx';
import { useForm } from '../../../lib/forms.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useRegister } from '../api/register.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { otpState } from '../otp-state.ts';

const EMPTY = {
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  password: '',
  confirm_password: '',
  company_name: '',
  user_role: '',
  industry: '',
};

type Field = keyof typeof EMPTY;

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm(EMPTY);
  const register = useRegister();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(registerSchema, { ...form.values, language: currentLanguage() });
    if (!input) return;
    try {
      const result = await register.mutateAsync(input);
      navigate(`/otp-register?email=${encodeURIComponent(result?.email ?? input.email)}`, {
        state: otpState({ codeSent: result?.otp_sent !== false }),
      });
    } catch (err) {
      form.showApiError(err);
    }
  }

  const text = (field: Field, props: Record<string, unknown> = {}) => (
    <TextInput label={t(`auth.fields.${field}`)} data-testid={`register-${field}`} {...props} {...form.inputProps(field)} />
  );

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} error={form.formError} width={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('first_name', { required: true, autoComplete: 'given-name' })}
            {text('last_name', { required: true, autoComplete: 'family-name' })}
          </SimpleGrid>
          {text('email', { required: true, type: 'email', autoComplete: 'email', dir: 'ltr' })}
          {text('phone_number', {
            required: true,
            type: 'tel',
            autoComplete: 'tel',
            placeholder: '+966 5X XXX XXXX',
            description: t('auth.register.phoneHint'),
            classNames: { input: 'ltr-value' },
          })}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput
              label={t('auth.fields.password')}
              autoComplete="new-password"
              required
              data-testid="register-password"
              {...form.inputProps('password')}
            />
            <PasswordInput
              label={t('auth.fields.confirm_password')}
              autoComplete="new-password"
              required
              data-testid="register-confirm_password"
              {...form.inputProps('confirm_password')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-6}>
            {t('auth.passwordRules')}
          </Text>
          {text('company_name', { autoComplete: 'organization' })}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('user_role', { autoComplete: 'organization-title', placeholder: t('auth.register.rolePlaceholder') })}
            {text('industry', { placeholder: t('auth.register.industryPlaceholder') })}
          </SimpleGrid>
          <Button type="submit" loading={register.isPending} fullWidth data-testid="register-submit">
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('auth.register.haveAccount')}{' '}
        <Anchor component={Link} to="/login" data-testid="login-link">
          {t('auth.register.login')}
        </Anchor>
      </Text>
      <Group justify="center">
        <SandboxLink email={form.values.email} />
      </Group>
    </AuthCard>
  );
}
