import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { EMAIL_TIERS } from '@risala/shared/schemas/senders';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { PageLoader } from '../../../components/page/PageLoader.tsx';
import { isApiError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useEmailAnalytics, useEmailConfig, useEmailTier } from '../api/get-email-config.ts';
import { useRequestSendgrid, useSaveEmailTier, useTestEmail, useVerifyEmailSender } from '../api/save-email-config.ts';
import { EmailConfigForm } from './EmailConfigForm.tsx';
import { RequestBox } from './RequestBox.tsx';
import { StatusBadge } from './StatusBadge.tsx';

const EVENTS = ['delivered', 'open', 'click', 'bounce', 'dropped', 'spamreport'] as const;

export function EmailTab() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const canEdit = can(permissions, 'sender', 'update');
  const config = useEmailConfig();
  const exists = Boolean(config.data);
  const tier = useEmailTier(exists);
  const analytics = useEmailAnalytics(exists);
  const verify = useVerifyEmailSender();
  const test = useTestEmail();
  const saveTier = useSaveEmailTier();
  const requestSendgrid = useRequestSendgrid();
  const [to, setTo] = useState('');
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string }>();
  const [tierValue, setTierValue] = useState({ tier: 'standard', daily_limit: '' as number | '' });
  useEffect(() => {
    if (tier.data) setTierValue({ tier: tier.data.tier, daily_limit: tier.data.daily_limit ?? '' });
  }, [tier.data]);

  if (config.isPending) return <PageLoader />;
  if (config.isError) return <LoadError error={config.error} onRetry={() => void config.refetch()} />;
  const c = config.data;

  async function sendTest() {
    try {
      const out = await test.mutateAsync(to.trim());
      setTestResult({ ok: true, text: t('senders.email.test.sent', { provider: t(`senders.email.providers.${out.provider}`) }) });
    } catch (err) {
      const reason = isApiError(err)
        ? ((err.data as { reason?: string } | undefined)?.reason ?? err.errors?.[0]?.message ?? err.message)
        : String(err);
      setTestResult({ ok: false, text: t('senders.email.test.failed', { reason }) });
    }
  }

  return (
    <Stack gap="lg" data-testid="email-tab">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('senders.email.title')}
            </Title>
            {c && <StatusBadge status={c.status} testId="email-status" />}
          </Group>
          {!c && (
            <Text c="dimmed" data-testid="email-empty">
              {t('senders.email.empty')}
            </Text>
          )}
          <EmailConfigForm key={c?.updated_at ?? 'new'} config={c} canEdit={canEdit} />
          {c && c.status !== 'ACTIVE' && canEdit && (
            <Group gap="sm">
              <Button
                variant="light"
                loading={verify.isPending}
                onClick={async () => {
                  await verify.mutateAsync();
                  showSuccessToast('senders.email.verify.sent', { email: c.from_email });
                }}
                data-testid="email-verify"
              >
                {t('senders.email.verify.button')}
              </Button>
              <Text size="sm" c="dimmed">
                {t('senders.email.verify.hint', { email: c.from_email })}
              </Text>
            </Group>
          )}
        </Stack>
      </Paper>

      {c && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder radius="md" p="md" data-testid="email-test">
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('senders.email.test.title')}
              </Title>
              <Group align="flex-end" gap="xs">
                <TextInput
                  flex={1}
                  type="email"
                  dir="ltr"
                  label={t('senders.email.test.to')}
                  value={to}
                  onChange={(e) => setTo(e.currentTarget.value)}
                  data-testid="email-test-to"
                />
                <Button onClick={sendTest} loading={test.isPending} disabled={!canEdit || !to.trim()} data-testid="email-test-send">
                  {t('senders.email.test.send')}
                </Button>
              </Group>
              {testResult && (
                <Text size="sm" c={testResult.ok ? 'green' : 'red'} role="status" data-testid="email-test-result">
                  {testResult.text}
                </Text>
              )}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md" data-testid="email-tier">
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('senders.email.tier.title')}
              </Title>
              <Group align="flex-end" gap="xs">
                <Select
                  label={t('senders.email.tier.tier')}
                  value={tierValue.tier}
                  onChange={(value) => value && setTierValue((s) => ({ ...s, tier: value }))}
                  data={EMAIL_TIERS.map((value) => ({ value, label: t(`senders.email.tier.tiers.${value}`) }))}
                  allowDeselect={false}
                  disabled={!canEdit}
                  data-testid="email-tier-select"
                />
                <NumberInput
                  label={t('senders.email.tier.dailyLimit')}
                  placeholder={t('senders.email.tier.unlimited')}
                  min={1}
                  value={tierValue.daily_limit}
                  onChange={(value) => setTierValue((s) => ({ ...s, daily_limit: value === '' ? '' : Number(value) }))}
                  disabled={!canEdit}
                  data-testid="email-tier-limit"
                />
                {canEdit && (
                  <Button
                    variant="light"
                    loading={saveTier.isPending}
                    onClick={async () => {
                      await saveTier.mutateAsync({
                        tier: tierValue.tier,
                        daily_limit: tierValue.daily_limit === '' ? null : tierValue.daily_limit,
                      });
                      showSuccessToast('senders.email.tier.saved');
                    }}
                    data-testid="email-tier-save"
                  >
                    {t('senders.save')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        </SimpleGrid>
      )}

      {c && (
        <Stack gap="xs" data-testid="email-analytics">
          <Title order={3} size="h5">
            {t('senders.email.analytics.title')}
          </Title>
          {analytics.isError ? (
            <LoadError error={analytics.error} onRetry={() => void analytics.refetch()} />
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
              {EVENTS.map((event) => (
                <Paper key={event} withBorder radius="md" p="sm">
                  <Text size="xs" c="dimmed">
                    {t(`senders.email.analytics.events.${event}`)}
                  </Text>
                  <Text fw={700} size="xl" data-testid={`email-analytics-${event}`}>
                    {analytics.isPending ? '…' : (analytics.data?.totals[event] ?? 0)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}

      {canEdit && (
        <RequestBox
          title={t('senders.email.sendgrid.title')}
          hint={t('senders.email.sendgrid.hint')}
          testId="email-request-sendgrid"
          send={(message) => requestSendgrid.mutateAsync(message)}
          pending={requestSendgrid.isPending}
        />
      )}
    </Stack>
  );
}
