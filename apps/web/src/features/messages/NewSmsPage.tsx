import { Button, Group, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SendSmsInput } from '@risala/shared/schemas/messages';
import { CUSTOMER_VARIABLES } from '@risala/shared/schemas/templates';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLeaveGuard } from '../../components/page/LeaveGuard.tsx';
import { formatList } from '../../lib/i18n.ts';
import { useAccountTimeZone, useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useActiveSmsSenders, useApprovedSmsTemplates } from './api/get-send-options.ts';
import { useSendEstimate, useSendMessage } from './api/send-message.ts';
import { parseNumbers, placeholdersWithoutFallback, textError } from './compose.ts';
import { ComposeLayout } from './components/ComposeLayout.tsx';
import { emptyRecipients, hasRecipients, type RecipientsDraft, toRecipients } from './components/RecipientsPicker.tsx';
import { type ScheduleDraft, scheduleValue } from './components/ScheduleField.tsx';
import { SmsPreview } from './components/SmsPreview.tsx';
import { autoDir } from '../../lib/text-direction.ts';

/** /message-history/new-sms: recipients, sender, template or text, live preview and parts, estimate, send now or later. */
export function NewSmsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userId } = useSession();
  const senders = useActiveSmsSenders();
  const templates = useApprovedSmsTemplates(userId ?? '');
  const [recipients, setRecipients] = useState<RecipientsDraft>(emptyRecipients);
  const [senderId, setSenderId] = useState<string | null>(null);
  const [source, setSource] = useState<'text' | 'template'>('text');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [schedule, setSchedule] = useState<ScheduleDraft>({ mode: 'now', at: '' });

  const defaultSender = senders.data?.find((s) => s.is_default) ?? null;
  const sender = senders.data?.find((s) => String(s.id) === senderId) ?? defaultSender;
  const template = templates.data?.find((x) => String(x.id) === templateId) ?? null;
  const messageText = source === 'template' ? (template?.template_text ?? '') : text;
  const zone = useAccountTimeZone();
  const scheduleAt = scheduleValue(schedule, zone);

  const body = useMemo<SendSmsInput | null>(() => {
    const content = source === 'template' ? Boolean(templateId) : text.trim() !== '' && !textError(text, 1600);
    if (!hasRecipients(recipients) || !content || scheduleAt === null) return null;
    return {
      recipients: toRecipients(recipients),
      sender_id: senderId ? Number(senderId) : null,
      text: source === 'text' ? text : null,
      template_id: source === 'template' ? Number(templateId) : null,
      schedule_at: scheduleAt ?? null,
    };
  }, [recipients, senderId, source, templateId, text, scheduleAt]);
  const [debouncedBody] = useDebouncedValue(body, 500);
  const estimate = useSendEstimate('sms', debouncedBody);
  const send = useSendMessage('sms');

  // anything typed or picked is not thrown away by a stray click
  const leave = useLeaveGuard(hasRecipients(recipients) || text.trim() !== '' || templateId !== null || schedule.at !== '');

  const submit = () => {
    if (!body) return;
    send.mutate(body, {
      onSuccess: (res) => {
        showSuccessToast(res.scheduled_at ? 'messages.compose.scheduled' : 'messages.compose.sent', { count: res.accepted });
        leave.release();
        navigate(`/message-history?bulk_id=${encodeURIComponent(res.bulk_id ?? '')}`);
      },
    });
  };
  const insertVariable = (name: string) => setText((v) => `${v}{{${name}}}`);
  const bare = placeholdersWithoutFallback(text);

  return (
    <ComposeLayout
      testId="new-sms-page"
      title={t('messages.compose.smsTitle')}
      subtitle={t('messages.compose.smsSubtitle')}
      recipients={recipients}
      onRecipients={setRecipients}
      schedule={schedule}
      onSchedule={setSchedule}
      preview={<SmsPreview text={messageText} sender={sender?.sender_id ?? null} />}
      estimate={{ ready: Boolean(body), data: estimate.data, fetching: estimate.isFetching, error: estimate.error }}
      send={{ error: send.error, pending: send.isPending, ready: Boolean(body), onSend: submit }}
      guard={leave.guard}
    >
      <Select
        label={t('messages.compose.sender')}
        placeholder={defaultSender ? defaultSender.sender_id : t('messages.compose.senderPlaceholder')}
        data={(senders.data ?? []).map((s) => ({ value: String(s.id), label: s.sender_id }))}
        value={senderId}
        onChange={setSenderId}
        clearable
        nothingFoundMessage={t('messages.compose.noSenders')}
        data-testid="compose-sender"
      />
      <SegmentedControl
        value={source}
        onChange={(v) => setSource(v as 'text' | 'template')}
        data={[
          { value: 'text', label: t('messages.compose.freeText') },
          { value: 'template', label: t('messages.compose.template') },
        ]}
        data-testid="compose-source"
      />
      {source === 'template' ? (
        <Select
          label={t('messages.compose.template')}
          placeholder={t('messages.compose.templatePlaceholder')}
          data={(templates.data ?? []).map((x) => ({ value: String(x.id), label: x.template_name }))}
          value={templateId}
          onChange={setTemplateId}
          searchable
          nothingFoundMessage={t('messages.compose.noTemplates')}
          data-testid="compose-template"
        />
      ) : (
        <Stack gap={4}>
          <Textarea
            label={t('messages.compose.text')}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={1600}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={textError(text, 1600)}
            attributes={autoDir(text)}
            data-testid="compose-text"
          />
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              {t('messages.compose.variables')}
            </Text>
            {CUSTOMER_VARIABLES.map((v) => (
              <Button key={v} size="compact-xs" variant="light" onClick={() => insertVariable(v)} data-testid={`compose-var-${v}`}>
                {`{{${v}}}`}
              </Button>
            ))}
          </Group>
          {bare.length > 0 && parseNumbers(recipients.numbers).valid.length > 0 && (
            <Text size="xs" c="orange" data-testid="compose-no-fallback">
              {t('messages.compose.noFallback', {
                fields: formatList(bare.map((v) => `{{${v}}}`)),
                example: `{{${bare[0]}|${t('messages.compose.fallbackWord')}}}`,
              })}
            </Text>
          )}
        </Stack>
      )}
    </ComposeLayout>
  );
}
