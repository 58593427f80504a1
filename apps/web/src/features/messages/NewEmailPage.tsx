import { Alert, Anchor, Button, Group, Input, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SendEmailInput } from '@risala/shared/schemas/messages';
import { CUSTOMER_VARIABLES } from '@risala/shared/schemas/templates';
import { IconMailOff } from '@tabler/icons-react';
import { type FocusEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmailEditor } from '../../components/email-editor/EmailEditor.tsx';
import { hasContent } from '../../components/email-editor/email-html.ts';
import { insertAtCursor } from '../../components/email-editor/insert-at-cursor.ts';
import { useLeaveGuard } from '../../components/page/LeaveGuard.tsx';
import { formatList } from '../../lib/i18n.ts';
import { useAccountTimeZone, useSession } from '../../lib/session.ts';
import { autoDir } from '../../lib/text-direction.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useApprovedEmailTemplates, useEmailSender } from './api/get-send-options.ts';
import { useSendEstimate, useSendMessage } from './api/send-message.ts';
import { parseEmails, placeholdersWithoutFallback } from './compose.ts';
import { ComposeLayout } from './components/ComposeLayout.tsx';
import { EmailComposePreview } from './components/EmailComposePreview.tsx';
import { emptyRecipients, hasRecipients, type RecipientsDraft, toRecipients } from './components/RecipientsPicker.tsx';
import { type ScheduleDraft, scheduleValue } from './components/ScheduleField.tsx';

/**
 * /message-history/new-email: a one-off email to addresses, customers or groups — subject and a
 * written body, or an APPROVED email template — from the account's email sender, now or later.
 */
export function NewEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userId } = useSession();
  const senderQuery = useEmailSender();
  const templates = useApprovedEmailTemplates(userId ?? '');
  const [recipients, setRecipients] = useState<RecipientsDraft>(emptyRecipients);
  const [source, setSource] = useState<'write' | 'template'>('write');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState('');
  // a field says what it is missing once the user has been in it and left
  const [touched, setTouched] = useState({ subject: false, body: false, template: false });
  const [schedule, setSchedule] = useState<ScheduleDraft>({ mode: 'now', at: '' });
  const subjectField = useRef<HTMLInputElement>(null);

  const sender = senderQuery.data?.status === 'ACTIVE' ? senderQuery.data : null;
  const zone = useAccountTimeZone();
  const scheduleAt = scheduleValue(schedule, zone);
  const written = source === 'write';
  const hasBody = hasContent(html);

  const body = useMemo<SendEmailInput | null>(() => {
    const content = written ? subject.trim() !== '' && hasBody : Boolean(templateId);
    if (!sender || !hasRecipients(recipients, 'email') || !content || scheduleAt === null) return null;
    return {
      recipients: toRecipients(recipients, 'email'),
      email_sender_id: sender.id,
      subject: written ? subject : null,
      html: written ? html : null,
      text: null,
      template_id: written ? null : Number(templateId),
      schedule_at: scheduleAt ?? null,
    };
  }, [sender, recipients, written, subject, hasBody, html, templateId, scheduleAt]);
  const [debouncedBody] = useDebouncedValue(body, 500);
  const estimate = useSendEstimate('email', debouncedBody);
  const send = useSendMessage('email');

  // anything typed or picked is not thrown away by a stray click
  const leave = useLeaveGuard(
    hasRecipients(recipients, 'email') || subject.trim() !== '' || hasBody || templateId !== null || schedule.at !== '',
  );

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

  const insertInSubject = (name: string) => setSubject((v) => insertAtCursor(subjectField.current, v, `{{${name}}}`));
  // leaving the editor for its own toolbar or menus is still editing
  const leftBody = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setTouched((v) => ({ ...v, body: true }));
  };
  const bare = written ? placeholdersWithoutFallback(`${subject} ${html}`) : [];
  const required = t('validation.required');

  return (
    <ComposeLayout
      testId="new-email-page"
      title={t('messages.compose.emailTitle')}
      subtitle={t('messages.compose.emailSubtitle')}
      kind="email"
      recipients={recipients}
      onRecipients={setRecipients}
      schedule={schedule}
      onSchedule={setSchedule}
      preview={
        <EmailComposePreview
          from={sender ? `${sender.from_name} <${sender.from_email}>` : null}
          templateId={written || !templateId ? null : Number(templateId)}
          subject={subject}
          html={written && hasBody ? html : null}
          customerId={recipients.customerIds[0] ? Number(recipients.customerIds[0]) : null}
        />
      }
      estimate={{ ready: Boolean(body), data: estimate.data, fetching: estimate.isFetching, error: estimate.error }}
      send={{ error: send.error, pending: send.isPending, ready: Boolean(body), onSend: submit }}
      guard={leave.guard}
    >
      {senderQuery.isSuccess && !sender ? (
        <Alert color="orange" variant="light" icon={<IconMailOff size={18} />} data-testid="compose-email-no-sender">
          <Stack gap={4} align="flex-start">
            <Text size="sm">
              {senderQuery.data
                ? t('messages.compose.emailSenderNotActive', { email: senderQuery.data.from_email })
                : t('messages.compose.noEmailSender')}
            </Text>
            <Anchor component={Link} to="/sender-management" size="sm">
              {t('messages.compose.setUpEmailSender')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Select
          label={t('messages.compose.emailFrom')}
          data={sender ? [{ value: String(sender.id), label: `${sender.from_name} <${sender.from_email}>` }] : []}
          value={sender ? String(sender.id) : null}
          allowDeselect={false}
          // a Latin name and address read left to right inside an Arabic page too
          attributes={{ input: { dir: 'auto' } }}
          nothingFoundMessage={t('messages.compose.noSenders')}
          data-testid="compose-email-sender"
        />
      )}
      <SegmentedControl
        value={source}
        onChange={(v) => setSource(v as 'write' | 'template')}
        data={[
          { value: 'write', label: t('messages.compose.writeEmail') },
          { value: 'template', label: t('messages.compose.template') },
        ]}
        data-testid="compose-source"
      />
      {written ? (
        <>
          <Stack gap={4}>
            <TextInput
              ref={subjectField}
              label={t('messages.compose.subject')}
              required
              maxLength={255}
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              onBlur={() => setTouched((v) => ({ ...v, subject: true }))}
              error={touched.subject && !subject.trim() ? required : undefined}
              attributes={autoDir(subject)}
              data-testid="compose-subject"
            />
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                {t('messages.compose.variables')}
              </Text>
              {CUSTOMER_VARIABLES.map((v) => (
                <Button key={v} size="compact-xs" variant="light" onClick={() => insertInSubject(v)} data-testid={`compose-var-${v}`}>
                  {`{{${v}}}`}
                </Button>
              ))}
            </Group>
          </Stack>
          <Input.Wrapper
            label={t('messages.compose.emailBody')}
            description={t('messages.compose.emailBodyHint')}
            labelElement="div"
            required
            error={touched.body && !hasBody ? required : undefined}
            onBlur={leftBody}
            data-testid="compose-email-body"
          >
            <EmailEditor html={html} onChange={setHtml} />
          </Input.Wrapper>
          {bare.length > 0 && parseEmails(recipients.numbers).valid.length > 0 && (
            <Text size="xs" c="orange" data-testid="compose-no-fallback">
              {t('messages.compose.noFallbackEmail', {
                fields: formatList(bare.map((v) => `{{${v}}}`)),
                example: `{{${bare[0]}|${t('messages.compose.fallbackWord')}}}`,
              })}
            </Text>
          )}
        </>
      ) : (
        <Select
          label={t('messages.compose.template')}
          placeholder={t('messages.compose.templatePlaceholder')}
          data={(templates.data ?? []).map((x) => ({ value: String(x.id), label: x.template_name }))}
          value={templateId}
          onChange={setTemplateId}
          onBlur={() => setTouched((v) => ({ ...v, template: true }))}
          error={touched.template && !templateId ? required : undefined}
          required
          searchable
          nothingFoundMessage={t('messages.compose.noTemplates')}
          data-testid="compose-template"
        />
      )}
    </ComposeLayout>
  );
}
