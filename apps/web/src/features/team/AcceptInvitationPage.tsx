import { Alert, Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { BUILTIN_ROLES } from '@risala/shared/permissions';
import { acceptInvitationSchema, INVITATION } from '@risala/shared/schemas/team';
import { IconClockX, IconLinkOff } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../components/page/LoadError.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { UserText } from '../../components/text/UserText.tsx';
import { useForm } from '../../lib/forms.ts';
import { isApiError } from '../../lib/http.ts';
import { chosenLanguage, isLanguage, setLanguage } from '../../lib/i18n.ts';
import { type LoginResult, startSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { AuthCard } from '../auth/components/AuthCard.tsx';
import { afterSignIn } from '../auth/otp-state.ts';
import { type InvitationPreview, useAcceptInvitation, useInvitationPreview } from './api/invitation.ts';

type LinkProblem = 'invalid' | 'expired' | 'missing';

const problemOf = (error: unknown): LinkProblem | null =>
  isApiError(error) && error.code === 'INVITATION_EXPIRED'
    ? 'expired'
    : isApiError(error) && error.code === 'INVITATION_INVALID'
      ? 'invalid'
      : null;

/** A link that cannot be used: why, in the reader's language, and what to do next. */
function LinkProblemCard({ problem }: { problem: LinkProblem }) {
  const { t } = useTranslation();
  const Icon = problem === 'expired' ? IconClockX : IconLinkOff;
  return (
    <AuthCard title={t(`invitation.${problem}.title`)}>
      <Alert color="orange" variant="light" icon={<Icon size={20} />} data-testid={`invitation-${problem}`}>
        {t(`invitation.${problem}.text`, { hours: INVITATION.ttlHours })}
      </Alert>
      <Text size="sm">{t('invitation.haveAccount')}</Text>
      <Anchor component={Link} to="/login" size="sm" data-testid="invitation-login">
        {t('invitation.toLogin')}
      </Anchor>
    </AuthCard>
  );
}

function roleText(t: (k: string) => string, role: string) {
  return (BUILTIN_ROLES as readonly string[]).includes(role) ? t(`invitation.roles.${role}`) : role;
}

function AcceptForm({ token, preview, onProblem }: { token: string; preview: InvitationPreview; onProblem: (p: LinkProblem) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const form = useForm({ first_name: preview.first_name, last_name: preview.last_name, password: '', confirm_password: '' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(acceptInvitationSchema, { ...form.values, token });
    if (!input) return;
    try {
      const result = await accept.mutateAsync(input);
      if (result.user && result.permissions) {
        navigate(afterSignIn(startSession(result as LoginResult)), { replace: true });
      } else {
        showSuccessToast('invitation.acceptedSignIn');
        navigate('/login', { replace: true, state: { email: preview.email } });
      }
    } catch (err) {
      const problem = problemOf(err);
      if (problem) onProblem(problem);
      else form.showApiError(err);
    }
  }

  return (
    <AuthCard title={t('invitation.title')} subtitle={t('invitation.subtitle')} error={form.formError} width={560}>
      <Stack gap={4} data-testid="invitation-preview">
        <Text size="sm">
          {t('invitation.account')}{' '}
          <Text span fw={600} data-testid="invitation-account">
            <UserText>{preview.account_name}</UserText>
          </Text>
        </Text>
        <Text size="sm">
          {t('invitation.role')}{' '}
          <Text span fw={600} data-testid="invitation-role">
            {roleText(t, preview.role_name)}
          </Text>
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('invitation.email')} value={preview.email} readOnly dir="ltr" data-testid="invitation-email" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('auth.fields.first_name')}
              autoComplete="given-name"
              required
              data-testid="invitation-first-name"
              {...form.inputProps('first_name')}
            />
            <TextInput
              label={t('auth.fields.last_name')}
              autoComplete="family-name"
              required
              data-testid="invitation-last-name"
              {...form.inputProps('last_name')}
            />
          </SimpleGrid>
          <PasswordInput
            label={t('auth.fields.password')}
            description={t('auth.passwordRules')}
            autoComplete="new-password"
            required
            data-testid="invitation-password"
            {...form.inputProps('password')}
          />
          <PasswordInput
            label={t('auth.fields.confirm_password')}
            autoComplete="new-password"
            required
            data-testid="invitation-confirm-password"
            {...form.inputProps('confirm_password')}
          />
          <Button type="submit" loading={accept.isPending} fullWidth data-testid="invitation-submit">
            {t('invitation.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/**
 * /accept-invitation?token=…: the link an invitation mail carries (invitations.service.ts). Shows
 * what the link invites to, takes the invitee's name and password (the sign-up rules), and signs
 * them in; a used, revoked, replaced or expired link gets a page that says so.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const preview = useInvitationPreview(token);
  const [problem, setProblem] = useState<LinkProblem | null>(token ? null : 'missing');
  const language = preview.data?.language;

  // a browser never set to a language speaks the invitation's (the mail's)
  useEffect(() => {
    if (language && isLanguage(language) && !chosenLanguage()) void setLanguage(language);
  }, [language]);

  const shown = problem ?? problemOf(preview.error);
  if (shown) return <LinkProblemCard problem={shown} />;
  if (preview.isPending) {
    return (
      <AuthCard title={t('invitation.title')}>
        <PageLoader />
      </AuthCard>
    );
  }
  if (preview.isError) {
    return (
      <AuthCard title={t('invitation.title')}>
        <LoadError error={preview.error} onRetry={() => void preview.refetch()} />
      </AuthCard>
    );
  }
  return <AcceptForm token={token} preview={preview.data} onProblem={setProblem} />;
}
