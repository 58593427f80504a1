import { Alert, Anchor, Button, Group, Paper, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ApiError } from '../../lib/http.ts';
import { LanguageSwitch } from './AdminShell.tsx';
import { sendCode, verifyCode } from './api.ts';

/** /admin/login: an operator's address, then the 6-digit code mailed to it. */
export function AdminSignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  }

  const send = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => setSent((await sendCode(email.trim())).ttl_minutes));
  };
  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await verifyCode(email.trim(), code);
      await client.invalidateQueries({ queryKey: ['admin'] });
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from?.startsWith('/admin/') && from !== '/admin/login' ? from : '/admin/accounts', { replace: true });
    });
  };

  return (
    <Stack maw={420} mx="auto" mt="xl" data-testid="admin-sign-in">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('admin.signIn.title')}
        </Title>
        <LanguageSwitch />
      </Group>
      <Paper withBorder p="lg" radius="md">
        {sent === null ? (
          <form onSubmit={send}>
            <Stack>
              <Text size="sm">{t('admin.signIn.intro')}</Text>
              <TextInput
                label={t('admin.signIn.email')}
                type="email"
                dir="ltr"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                data-testid="admin-email"
              />
              <Button type="submit" loading={busy} data-testid="admin-send-code">
                {t('admin.signIn.send')}
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={verify}>
            <Stack>
              <Text size="sm" data-testid="admin-code-sent">
                {t('admin.signIn.codeSent', { minutes: sent })}
              </Text>
              <Text size="sm" fw={500} id="admin-code-label">
                {t('admin.signIn.code')}
              </Text>
              <Group justify="center" dir="ltr">
                <PinInput
                  length={6}
                  type="number"
                  oneTimeCode
                  value={code}
                  onChange={setCode}
                  aria-labelledby="admin-code-label"
                  data-testid="admin-code"
                />
              </Group>
              <Button type="submit" loading={busy} disabled={code.length !== 6} data-testid="admin-verify">
                {t('admin.signIn.verify')}
              </Button>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  setSent(null);
                  setCode('');
                }}
              >
                {t('admin.signIn.otherEmail')}
              </Anchor>
            </Stack>
          </form>
        )}
        {error && (
          <Alert color="red" mt="md" data-testid="admin-sign-in-error">
            {error}
          </Alert>
        )}
      </Paper>
    </Stack>
  );
}
