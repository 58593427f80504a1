import { Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { showSuccessToast } from '../../../lib/toast.ts';

/** A short request to the platform team (SendGrid account, SMS setup) with a message. */
export function RequestBox(props: {
  title: string;
  hint: string;
  testId: string;
  send: (message: string) => Promise<unknown>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  async function submit() {
    if (!message.trim()) return setError(t('validation.required'));
    try {
      await props.send(message.trim());
      setMessage('');
      setError(undefined);
      showSuccessToast('senders.request.sent');
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid={props.testId}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {props.title}
        </Title>
        <Text size="sm" c="dimmed">
          {props.hint}
        </Text>
        <Textarea
          aria-label={props.title}
          placeholder={t('senders.request.placeholder')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={error}
          autosize
          minRows={2}
          data-testid={`${props.testId}-message`}
        />
        <Button
          variant="light"
          onClick={submit}
          loading={props.pending}
          style={{ alignSelf: 'flex-start' }}
          data-testid={`${props.testId}-send`}
        >
          {t('senders.request.send')}
        </Button>
      </Stack>
    </Paper>
  );
}
