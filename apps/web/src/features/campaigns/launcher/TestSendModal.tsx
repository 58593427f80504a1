import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/page/ApiErrorAlert.tsx';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useTestSend } from '../api/launch-campaign.ts';

const split = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((v) => v.trim())
    .filter(Boolean);

/** Test send: the content as it stands to up to 5 numbers and 5 emails (saved first). */
export function TestSendModal({ opened, onClose, save }: { opened: boolean; onClose: () => void; save: () => Promise<number> }) {
  const { t } = useTranslation();
  const [numbers, setNumbers] = useState('');
  const [emails, setEmails] = useState('');
  const send = useTestSend();
  const [error, setError] = useState<unknown>(null);
  const submit = async () => {
    setError(null);
    try {
      const id = await save();
      await send.mutateAsync({ id, body: { numbers: split(numbers), emails: split(emails) } });
      showSuccessToast('campaigns.launcher.test.sent');
      onClose();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('campaigns.launcher.test.title')} data-testid="test-send-modal">
      <Stack gap="sm">
        <Textarea
          label={t('campaigns.launcher.test.numbers')}
          description={t('campaigns.launcher.test.hint')}
          value={numbers}
          dir="ltr"
          onChange={(v) => setNumbers(v.currentTarget.value)}
          data-testid="test-send-numbers"
        />
        <Textarea
          label={t('campaigns.launcher.test.emails')}
          description={t('campaigns.launcher.test.hint')}
          value={emails}
          dir="ltr"
          onChange={(v) => setEmails(v.currentTarget.value)}
          data-testid="test-send-emails"
        />
        {error !== null && <ApiErrorAlert error={error} fallback={t('campaigns.launcher.test.failed')} testId="test-send-error" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('campaigns.actions.close')}
          </Button>
          <Button
            onClick={() => void submit()}
            loading={send.isPending}
            disabled={!numbers.trim() && !emails.trim()}
            data-testid="test-send-submit"
          >
            {t('campaigns.launcher.test.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
