import { Badge, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { Channel } from '@risala/shared/schemas/messages';
import type { WaBody } from '@risala/shared/schemas/whatsapp';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftPreview } from '../../../components/email-preview/DraftPreview.tsx';
import { useSession } from '../../../lib/session.ts';
import { useApprovedTemplates, useApprovedWaTemplates, useContentOptions, useSampleRecipients } from '../api/get-launcher-options.ts';
import type { ContentDraft } from '../draft.ts';
import { previewHtml, previewSms, previewText, previewWhatsapp, valuesOf } from '../preview.ts';

/** The content as one recipient of the audience gets it (pick among the first members of the first group). */
export function ContentPreview({ channels, content, groupId }: { channels: Channel[]; content: ContentDraft; groupId: number | null }) {
  const { t } = useTranslation();
  const { userId } = useSession();
  const sample = useSampleRecipients(groupId);
  const smsTemplates = useApprovedTemplates(userId ?? '', 'sms');
  const emailTemplates = useApprovedTemplates(userId ?? '', 'email');
  const waTemplates = useApprovedWaTemplates();
  const contentItems = useContentOptions();
  const [pick, setPick] = useState<string | null>(null);
  const recipients = sample.data ?? [];
  const recipient = recipients.find((r) => String(r.id) === pick) ?? recipients[0] ?? null;
  const values = valuesOf(recipient);
  const name = (r: (typeof recipients)[number]) =>
    [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email || r.mobile_number || `#${r.id}`;

  const smsText =
    content.sms.source === 'template'
      ? (smsTemplates.data?.find((x) => x.id === content.sms.template_id)?.template_text ?? '')
      : content.sms.text;
  const emailTemplate = emailTemplates.data?.find((x) => x.id === content.email.template_id);
  const item = content.email.source === 'content' ? contentItems.data?.find((x) => x.id === content.email.content_id) : undefined;
  const subject = content.email.source === 'template' ? (emailTemplate?.subject ?? '') : content.email.subject;
  const html =
    content.email.source === 'template'
      ? (emailTemplate?.html ?? emailTemplate?.template_text ?? '')
      : content.email.source === 'compose'
        ? content.email.html
        : '';
  // a library item goes out as its text and link (the server turns them into simple HTML)
  const itemText = item ? [item.body, item.url].filter(Boolean).join('\n\n') : '';
  const wa = waTemplates.data?.find((x) => x.id === content.whatsapp.whatsapp_template_id);
  const waBody = wa?.components.find((x): x is WaBody => x.type === 'BODY')?.text ?? '';

  return (
    <Paper withBorder radius="md" p="md" data-testid="content-preview">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('campaigns.launcher.preview.title')}</Text>
          <Select
            size="xs"
            w={220}
            placeholder={t('campaigns.launcher.preview.sample')}
            data={recipients.map((r) => ({ value: String(r.id), label: name(r) }))}
            value={recipient ? String(recipient.id) : null}
            onChange={setPick}
            nothingFoundMessage={t('campaigns.launcher.preview.noSample')}
            data-testid="preview-recipient"
          />
        </Group>
        {!recipient && (
          <Text size="xs" c="dimmed">
            {t('campaigns.launcher.preview.fallbacks')}
          </Text>
        )}
        {channels.includes('sms') && (
          <Stack gap={4}>
            <Group gap="xs">
              <Badge variant="light">{t('campaigns.channels.sms')}</Badge>
              {smsText && (
                <Text size="xs" c="dimmed" data-testid="preview-sms-parts" data-parts={previewSms(smsText, values).count.parts}>
                  {t('campaigns.launcher.preview.parts', {
                    count: previewSms(smsText, values).count.parts,
                    encoding: previewSms(smsText, values).count.encoding,
                  })}
                </Text>
              )}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto" data-testid="preview-sms-text">
              {smsText ? previewSms(smsText, values).text : '—'}
            </Text>
          </Stack>
        )}
        {channels.includes('email') && (
          <Stack gap={4}>
            <Badge variant="light" color="grape">
              {t('campaigns.channels.email')}
            </Badge>
            <Text size="sm" fw={600} dir="auto" data-testid="preview-email-subject">
              {subject ? previewText(subject, values) : '—'}
            </Text>
            {content.email.source === 'compose' && content.email.mjml ? (
              <DraftPreview subject={subject} mjml={content.email.mjml} customerId={recipient?.id ?? null} />
            ) : (
              html && (
                <iframe
                  title={t('campaigns.launcher.preview.emailFrame')}
                  sandbox=""
                  srcDoc={previewHtml(html, values)}
                  style={{ inlineSize: '100%', blockSize: 180, border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}
                  data-testid="preview-email-body"
                />
              )
            )}
            {itemText && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto" data-testid="preview-email-item">
                {previewText(itemText, values)}
              </Text>
            )}
          </Stack>
        )}
        {channels.includes('whatsapp') && (
          <Stack gap={4}>
            <Badge variant="light" color="teal">
              {t('campaigns.channels.whatsapp')}
            </Badge>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto" data-testid="preview-wa-text">
              {waBody ? previewWhatsapp(waBody, content.whatsapp.params, values) : '—'}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
