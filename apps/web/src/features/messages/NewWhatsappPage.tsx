import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SendWhatsappInput } from '@risala/shared/schemas/messages';
import { CUSTOMER_VARIABLES } from '@risala/shared/schemas/templates';
import { type WaBody, waVariableCount } from '@risala/shared/schemas/whatsapp';
import { IconClock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLeaveGuard } from '../../components/page/LeaveGuard.tsx';
import { useAccountTimeZone } from '../../lib/session.ts';
import { showPartialToast, showSuccessToast } from '../../lib/toast.ts';
import { useApprovedWaTemplates, useWhatsappSenders } from './api/get-send-options.ts';
import { useSendEstimate, useSendMessage } from './api/send-message.ts';
import { textError } from './compose.ts';
import { ComposeLayout } from './components/ComposeLayout.tsx';
import { emptyRecipients, hasRecipients, type RecipientsDraft, toRecipients } from './components/RecipientsPicker.tsx';
import { type ScheduleDraft, scheduleValue } from './components/ScheduleField.tsx';
import { WhatsappPreview } from './components/WhatsappPreview.tsx';
import { isolate, languageName } from '../../lib/i18n.ts';
import { autoDir } from '../../lib/text-direction.ts';

/** /message-history/new-whatsapp: an APPROVED template with its parameters, or free text inside the 24-hour window. */
export function NewWhatsappPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const senders = useWhatsappSenders();
  const templates = useApprovedWaTemplates();
  const [recipients, setRecipients] = useState<RecipientsDraft>(emptyRecipients);
  const [senderId, setSenderId] = useState<string | null>(null);
  const [source, setSource] = useState<'template' | 'text'>('template');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [params, setParams] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [schedule, setSchedule] = useState<ScheduleDraft>({ mode: 'now', at: '' });

  const sender = senders.data?.find((s) => String(s.id) === senderId) ?? senders.data?.find((s) => s.is_default) ?? null;
  const template = templates.data?.find((x) => String(x.id) === templateId) ?? null;
  const bodyPart = template?.components.find((c): c is WaBody => c.type === 'BODY');
  const bodyText = bodyPart?.text ?? '';
  // the samples the template was approved with: what each {{n}} stands for ("Sara", "20%")
  const samples = bodyPart?.example?.body_text?.[0] ?? [];
  const paramCount = waVariableCount(bodyText) ?? 0;
  const zone = useAccountTimeZone();
  const scheduleAt = scheduleValue(schedule, zone);

  const pickTemplate = (id: string | null) => {
    setTemplateId(id);
    setParams([]);
  };
  const paramValues = useMemo(() => Array.from({ length: paramCount }, (_, i) => params[i] ?? ''), [params, paramCount]);

  const body = useMemo<SendWhatsappInput | null>(() => {
    const content =
      source === 'template'
        ? Boolean(templateId) && paramValues.every((p) => p.trim() !== '')
        : text.trim() !== '' && !textError(text, 4096);
    if (!hasRecipients(recipients) || !content || scheduleAt === null) return null;
    return {
      recipients: toRecipients(recipients),
      whatsapp_sender_id: senderId ? Number(senderId) : null,
      whatsapp_template_id: source === 'template' ? Number(templateId) : null,
      params: source === 'template' ? paramValues : [],
      text: source === 'text' ? text : null,
      schedule_at: scheduleAt ?? null,
    };
  }, [recipients, senderId, source, templateId, paramValues, text, scheduleAt]);
  const [debouncedBody] = useDebouncedValue(body, 500);
  const estimate = useSendEstimate('whatsapp', debouncedBody);
  const send = useSendMessage('whatsapp');

  // anything typed or picked is not thrown away by a stray click
  const leave = useLeaveGuard(hasRecipients(recipients) || text.trim() !== '' || templateId !== null || schedule.at !== '');

  const submit = () => {
    if (!body) return;
    send.mutate(body, {
      onSuccess: (res) => {
        leave.release();
        const done = res.scheduled_at ? 'messages.compose.scheduled' : 'messages.compose.sent';
        if (res.not_allowed > 0) {
          showPartialToast(t('messages.compose.sentNotAllowed', { sent: t(done, { count: res.accepted }), count: res.not_allowed }));
        } else showSuccessToast(done, { count: res.accepted });
        navigate(`/message-history?bulk_id=${encodeURIComponent(res.bulk_id ?? '')}`);
      },
    });
  };

  return (
    <ComposeLayout
      testId="new-whatsapp-page"
      title={t('messages.compose.waTitle')}
      subtitle={t('messages.compose.waSubtitle')}
      recipients={recipients}
      onRecipients={setRecipients}
      schedule={schedule}
      onSchedule={setSchedule}
      preview={
        <WhatsappPreview
          components={source === 'template' ? (template?.components ?? null) : null}
          params={paramValues}
          text={text}
          sender={sender ? sender.display_name : null}
        />
      }
      estimate={{ ready: Boolean(body), data: estimate.data, fetching: estimate.isFetching, error: estimate.error }}
      send={{ error: send.error, pending: send.isPending, ready: Boolean(body), onSend: submit }}
      guard={leave.guard}
    >
      <Select
        label={t('messages.compose.waSender')}
        placeholder={sender ? `${sender.display_name} (${isolate(sender.phone_number)})` : t('messages.compose.senderPlaceholder')}
        data={(senders.data ?? []).map((s) => ({ value: String(s.id), label: `${s.display_name} (${isolate(s.phone_number)})` }))}
        value={senderId}
        onChange={setSenderId}
        clearable
        nothingFoundMessage={t('messages.compose.noSenders')}
        data-testid="compose-wa-sender"
      />
      <SegmentedControl
        value={source}
        onChange={(v) => setSource(v as 'template' | 'text')}
        data={[
          { value: 'template', label: t('messages.compose.template') },
          { value: 'text', label: t('messages.compose.freeText') },
        ]}
        data-testid="compose-source"
      />
      {source === 'template' ? (
        <>
          <Select
            label={t('messages.compose.template')}
            placeholder={t('messages.compose.templatePlaceholder')}
            data={(templates.data ?? []).map((x) => ({ value: String(x.id), label: `${x.name} · ${languageName(x.language)}` }))}
            value={templateId}
            onChange={pickTemplate}
            searchable
            nothingFoundMessage={t('messages.compose.noTemplates')}
            data-testid="compose-wa-template"
          />
          {paramValues.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('messages.compose.paramsHint')}
            </Text>
          )}
          {paramValues.map((p, i) => {
            const set = (value: string) => {
              const next = [...paramValues];
              next[i] = value;
              setParams(next);
            };
            return (
              <Stack key={`param-${i + 1}`} gap={4}>
                <TextInput
                  label={
                    samples[i]
                      ? t('messages.compose.paramSample', { n: i + 1, sample: samples[i] })
                      : t('messages.compose.param', { n: i + 1 })
                  }
                  placeholder={samples[i]}
                  value={p}
                  onChange={(e) => set(e.currentTarget.value)}
                  required
                  attributes={autoDir(p)}
                  data-testid={`compose-param-${i + 1}`}
                />
                {/* a customer field fills the value per recipient */}
                <Group gap={4}>
                  <Text size="xs" c="dimmed">
                    {t('messages.compose.variables')}
                  </Text>
                  {CUSTOMER_VARIABLES.map((v) => (
                    <Button
                      key={v}
                      size="compact-xs"
                      variant="light"
                      onClick={() => set(`${p}{{${v}}}`)}
                      data-testid={`compose-param-${i + 1}-var-${v}`}
                    >
                      {t(`templates.variables.${v}`)}
                    </Button>
                  ))}
                </Group>
              </Stack>
            );
          })}
        </>
      ) : (
        <>
          <Alert
            color="yellow"
            variant="light"
            icon={<IconClock size={18} />}
            title={t('messages.compose.windowTitle')}
            data-testid="wa-window-note"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('messages.compose.windowNote')}</Text>
              <Text size="sm">{t('messages.compose.windowWhy')}</Text>
              <Button size="xs" variant="light" onClick={() => setSource('template')} data-testid="wa-window-use-template">
                {t('messages.compose.useTemplate')}
              </Button>
            </Stack>
          </Alert>
          <Textarea
            label={t('messages.compose.text')}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={4096}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={textError(text, 4096)}
            attributes={autoDir(text)}
            data-testid="compose-text"
          />
        </>
      )}
    </ComposeLayout>
  );
}
