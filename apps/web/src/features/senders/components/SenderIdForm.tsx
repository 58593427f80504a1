import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { guessSenderType, SENDER_TYPES, type SenderType, senderIdError } from '@risala/shared/schemas/senders';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useRequestSenderId } from '../api/save-sms-sender.ts';

/** Request a new sender id, checked live against the §5 rules the server applies. */
export function SenderIdForm() {
  const { t } = useTranslation();
  const request = useRequestSenderId();
  const [senderId, setSenderId] = useState('');
  const [type, setType] = useState<SenderType | 'auto'>('auto');
  const [description, setDescription] = useState('');
  const [serverError, setServerError] = useState<string>();
  const effective = type === 'auto' ? guessSenderType(senderId) : type;
  const liveError = senderId.trim() ? senderIdError(senderId, effective) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!senderId.trim() || liveError) return;
    try {
      await request.mutateAsync({ sender_id: senderId.trim(), sender_type: effective, description: description.trim() || null });
      showSuccessToast('senders.sms.requested', { sender: senderId.trim() });
      setSenderId('');
      setDescription('');
      setServerError(undefined);
    } catch (err) {
      if (!isApiError(err)) return setServerError(String(err));
      setServerError(err.code === 'DATA_EXISTS' ? t('senders.sms.exists') : (err.errors?.[0]?.message ?? err.message));
    }
  }

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate data-testid="sender-id-form">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('senders.sms.request')}
          </Title>
          <Group align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label={t('senders.sms.fields.sender_id')}
              value={senderId}
              onChange={(e) => {
                setSenderId(e.currentTarget.value);
                setServerError(undefined);
              }}
              error={liveError ? t(liveError) : serverError}
              description={t(`senders.sms.rules.${effective}`)}
              dir="ltr"
              maxLength={20}
              data-testid="sender-id-input"
            />
            <Select
              label={t('senders.sms.fields.sender_type')}
              value={type}
              onChange={(value) => value && setType(value as SenderType | 'auto')}
              data={['auto', ...SENDER_TYPES].map((value) => ({ value, label: t(`senders.sms.types.${value}`) }))}
              allowDeselect={false}
              data-testid="sender-type-select"
            />
            <TextInput
              label={t('senders.sms.fields.description')}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              data-testid="sender-description-input"
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t('senders.sms.approvalNote')}
          </Text>
          <Button
            type="submit"
            loading={request.isPending}
            disabled={!senderId.trim() || Boolean(liveError)}
            style={{ alignSelf: 'flex-start' }}
            data-testid="sender-id-submit"
          >
            {t('senders.sms.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
