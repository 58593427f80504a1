import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from '../../../components/page/LeaveGuard.tsx';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { PageLoader } from '../../../components/page/PageLoader.tsx';
import { ApiErrorAlert } from '../../../components/page/ApiErrorAlert.tsx';
import { useSession } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useAutoReply, useWhatsappConfig, useWhatsappSetup } from '../api/get-whatsapp-sender.ts';
import { useCompleteWhatsappSetup } from '../api/save-whatsapp-sender.ts';
import { AutoReplyEditor } from './AutoReplyEditor.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { WhatsappSenderForm } from './WhatsappSenderForm.tsx';

export function WhatsappTab() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const canEdit = can(permissions, 'sender', 'update');
  const config = useWhatsappConfig();
  const setup = useWhatsappSetup();
  const sender = config.data ?? null;
  const autoReply = useAutoReply(sender?.id);
  const complete = useCompleteWhatsappSetup();
  const [setupError, setSetupError] = useState<unknown>();
  // one guard for the page (a router has one blocker): the number form and the auto-replies report here
  const [dirty, setDirty] = useState({ sender: false, autoReply: false });
  const senderDirty = useCallback((d: boolean) => setDirty((s) => (s.sender === d ? s : { ...s, sender: d })), []);
  const autoReplyDirty = useCallback((d: boolean) => setDirty((s) => (s.autoReply === d ? s : { ...s, autoReply: d })), []);
  const { guard } = useLeaveGuard(canEdit && (dirty.sender || dirty.autoReply));

  if (config.isPending) return <PageLoader />;
  if (config.isError) return <LoadError error={config.error} onRetry={() => void config.refetch()} />;

  async function runSetup() {
    if (!sender) return;
    try {
      await complete.mutateAsync(sender.id);
      setSetupError(undefined);
      showSuccessToast('senders.whatsapp.setup.done');
    } catch (err) {
      // the server's message says in the reader's language what to fix (token, permission, number id)
      setSetupError(err);
    }
  }

  const missing = setup.data?.missing ?? [];
  return (
    <Stack gap="lg" data-testid="whatsapp-tab">
      {guard}
      <Paper withBorder radius="md" p="md" data-testid="wa-setup">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('senders.whatsapp.title')}
            </Title>
            {sender && <StatusBadge status={sender.status} testId="wa-status" />}
          </Group>
          {sender?.is_sandbox && (
            <Alert color="blue" variant="light" data-testid="wa-sandbox-note">
              {t('senders.whatsapp.sandboxNote')}
            </Alert>
          )}
          {!sender && (
            <Text c="dimmed" data-testid="wa-empty">
              {t('senders.whatsapp.empty')}
            </Text>
          )}
          {setup.data && !setup.data.complete && missing.length > 0 && (
            <div data-testid="wa-missing">
              <Text size="sm" fw={600}>
                {t('senders.whatsapp.setup.missing')}
              </Text>
              <List size="sm">
                {missing.map((m) => (
                  <List.Item key={m}>{t(`senders.whatsapp.setup.items.${m}`)}</List.Item>
                ))}
              </List>
            </div>
          )}
          <WhatsappSenderForm key={sender?.updated_at ?? 'new'} sender={sender} canEdit={canEdit} onDirty={senderDirty} />
          {sender && canEdit && (
            <Stack gap="sm" align="flex-start">
              <Button variant="light" onClick={runSetup} loading={complete.isPending} data-testid="wa-complete-setup">
                {t('senders.whatsapp.setup.button')}
              </Button>
              {setupError !== undefined && (
                <ApiErrorAlert
                  error={setupError}
                  fallback={t('senders.whatsapp.setup.failed', { reason: t('http.network') })}
                  testId="wa-setup-error"
                />
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
      {sender && autoReply.isPending && <PageLoader />}
      {sender && autoReply.isError && <LoadError error={autoReply.error} onRetry={() => void autoReply.refetch()} />}
      {sender && autoReply.data && (
        <AutoReplyEditor key={sender.id} senderId={sender.id} initial={autoReply.data} canEdit={canEdit} onDirty={autoReplyDirty} />
      )}
    </Stack>
  );
}
