import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInbox, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../components/page/EmptyNote.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { useSandboxStatus } from '../../components/sandbox-link/get-sandbox-status.ts';
import { isApiError } from '../../lib/http.ts';
import { useSandboxMails } from './api/get-sandbox-mails.ts';
import { MailCard } from './MailCard.tsx';

/** /sandbox/inbox: mail caught by the local SMTP sink (default one-machine mode), newest first. */
export function SandboxInboxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const to = (params.get('to') ?? params.get('email') ?? '').trim();
  const [draft, setDraft] = useState(to);
  const status = useSandboxStatus();
  const mails = useSandboxMails(to);
  const disabled =
    status.data?.enabled === false ||
    (isApiError(mails.error) && (mails.error.code === 'SANDBOX_DISABLED' || mails.error.statusCode === 404));

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = draft.trim();
    setParams(next ? { to: next } : {}, { replace: true });
  }

  return (
    <Stack gap="lg" maw={900} mx="auto" data-testid="sandbox-inbox">
      <div>
        <Group gap="xs">
          <IconInbox size={28} />
          <Title order={1} size="h2">
            {t('sandbox.title')}
          </Title>
        </Group>
        <Text c="dimmed">{t('sandbox.subtitle')}</Text>
      </div>
      {disabled ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="sandbox-disabled">
          {t('sandbox.disabled')}
        </Alert>
      ) : (
        <>
          <form onSubmit={submit}>
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t('sandbox.email')}
                type="email"
                dir="ltr"
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                style={{ flex: 1 }}
                data-testid="sandbox-email"
              />
              <Button type="submit" data-testid="sandbox-load">
                {t('sandbox.show')}
              </Button>
            </Group>
          </form>
          {!to ? (
            <EmptyNote text={t('sandbox.enterEmail')} />
          ) : mails.isPending ? (
            <Group justify="center" py="lg">
              <Loader size="sm" />
            </Group>
          ) : isApiError(mails.error) && mails.error.code === 'SANDBOX_OWN_MAIL_ONLY' ? (
            <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="sandbox-own-only">
              {t('sandbox.ownOnly')}
            </Alert>
          ) : mails.isError ? (
            <LoadError error={mails.error} onRetry={() => void mails.refetch()} />
          ) : mails.data.length === 0 ? (
            <EmptyNote text={t('sandbox.empty', { email: to })} />
          ) : (
            <Stack gap="md">
              {mails.data.map((mail, index) => (
                <MailCard key={mail.id} mail={mail} defaultOpen={index === 0} />
              ))}
            </Stack>
          )}
        </>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}
