import { Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { Channel } from '@risala/shared/schemas/messages';
import { CUSTOMER_VARIABLES } from '@risala/shared/schemas/templates';
import { type WaBody, waVariableCount } from '@risala/shared/schemas/whatsapp';
import { useTranslation } from 'react-i18next';
import { LazyEmailBuilder } from '../../../components/email-builder/LazyEmailBuilder.tsx';
import { useSession } from '../../../lib/session.ts';
import { useApprovedTemplates, useApprovedWaTemplates, useContentOptions } from '../api/get-launcher-options.ts';
import type { ContentDraft } from '../draft.ts';
import { languageName } from '../../../lib/i18n.ts';
import { autoDir } from '../../../lib/text-direction.ts';
import { type WriteDefaults, WriteWithAi } from '../../../components/ai-writing/WriteWithAi.tsx';

function Variables({ onInsert, prefix }: { onInsert: (v: string) => void; prefix: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Text size="xs" c="dimmed">
        {t('campaigns.launcher.content.variables')}
      </Text>
      {CUSTOMER_VARIABLES.map((v) => (
        <Button key={v} size="compact-xs" variant="light" onClick={() => onInsert(v)} data-testid={`${prefix}-var-${v}`}>
          {`{{${v}}}`}
        </Button>
      ))}
    </Group>
  );
}

interface Props {
  channel: Channel;
  value: ContentDraft;
  onChange: (next: ContentDraft) => void;
  /** test id prefix: "content" for the main content, "variant-b" for the A/B variant */
  prefix: string;
  /** what "Write with AI" starts from: the draft (its brand, audience, objective) */
  ai?: WriteDefaults;
  /** the campaign's brand: a designed email takes its colours and logo */
  brandId?: number | null;
}

/** One channel's content: an APPROVED template or text (SMS), a template, subject + body or subject + a content-library item (email), a template and its parameters (WhatsApp). */
export function ContentEditor({ channel, value, onChange, prefix, ai, brandId = null }: Props) {
  const { t } = useTranslation();
  const { userId } = useSession();
  const smsTemplates = useApprovedTemplates(userId ?? '', 'sms');
  const emailTemplates = useApprovedTemplates(userId ?? '', 'email');
  const waTemplates = useApprovedWaTemplates();
  const contentItems = useContentOptions();
  const id = (v: string | null) => (v ? Number(v) : null);

  if (channel === 'sms') {
    const c = value.sms;
    const set = (patch: Partial<ContentDraft['sms']>) => onChange({ ...value, sms: { ...c, ...patch } });
    return (
      <Stack gap="xs" data-testid={`${prefix}-sms`}>
        <SegmentedControl
          value={c.source}
          onChange={(v) => set({ source: v as 'text' | 'template' })}
          data={[
            { value: 'text', label: t('campaigns.launcher.content.text') },
            { value: 'template', label: t('campaigns.launcher.content.template') },
          ]}
          data-testid={`${prefix}-sms-source`}
        />
        {c.source === 'template' ? (
          <Select
            label={t('campaigns.launcher.content.smsTemplate')}
            data={(smsTemplates.data ?? []).map((x) => ({ value: String(x.id), label: x.template_name }))}
            value={c.template_id ? String(c.template_id) : null}
            onChange={(v) => set({ template_id: id(v) })}
            searchable
            nothingFoundMessage={t('campaigns.launcher.content.noTemplates')}
            data-testid={`${prefix}-sms-template`}
          />
        ) : (
          <>
            <Textarea
              label={t('campaigns.launcher.content.smsText')}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={1600}
              value={c.text}
              onChange={(e) => set({ text: e.currentTarget.value })}
              attributes={autoDir(c.text)}
              data-testid={`${prefix}-sms-text`}
            />
            <Group justify="space-between" align="flex-start">
              <Variables prefix={`${prefix}-sms`} onInsert={(v) => set({ text: `${c.text}{{${v}}}` })} />
              {ai && (
                <WriteWithAi
                  channel="sms"
                  defaults={ai}
                  testId={`${prefix}-sms-write-with-ai`}
                  onPick={(v) => v.sms && set({ text: v.sms.text })}
                />
              )}
            </Group>
          </>
        )}
      </Stack>
    );
  }

  if (channel === 'email') {
    const c = value.email;
    const set = (patch: Partial<ContentDraft['email']>) => onChange({ ...value, email: { ...c, ...patch } });
    return (
      <Stack gap="xs" data-testid={`${prefix}-email`}>
        <SegmentedControl
          value={c.source}
          onChange={(v) => set({ source: v as ContentDraft['email']['source'] })}
          data={[
            { value: 'compose', label: t('campaigns.launcher.content.compose') },
            { value: 'template', label: t('campaigns.launcher.content.template') },
            { value: 'content', label: t('campaigns.launcher.content.library') },
          ]}
          data-testid={`${prefix}-email-source`}
        />
        {c.source === 'template' ? (
          <Select
            label={t('campaigns.launcher.content.emailTemplate')}
            data={(emailTemplates.data ?? []).map((x) => ({ value: String(x.id), label: x.template_name }))}
            value={c.template_id ? String(c.template_id) : null}
            onChange={(v) => set({ template_id: id(v) })}
            searchable
            nothingFoundMessage={t('campaigns.launcher.content.noTemplates')}
            data-testid={`${prefix}-email-template`}
          />
        ) : (
          <>
            <TextInput
              label={t('campaigns.launcher.content.subject')}
              value={c.subject}
              maxLength={255}
              onChange={(e) => set({ subject: e.currentTarget.value })}
              attributes={autoDir(c.subject)}
              data-testid={`${prefix}-email-subject`}
            />
            {c.source === 'content' ? (
              <Select
                label={t('campaigns.launcher.content.libraryItem')}
                description={t('campaigns.launcher.content.libraryHint')}
                data={(contentItems.data ?? []).map((x) => ({ value: String(x.id), label: x.title }))}
                value={c.content_id ? String(c.content_id) : null}
                onChange={(v) => set({ content_id: id(v) })}
                searchable
                nothingFoundMessage={t('campaigns.launcher.content.noLibraryItems')}
                data-testid={`${prefix}-email-content`}
              />
            ) : (
              <>
                <SegmentedControl
                  size="xs"
                  value={c.mjml != null ? 'builder' : 'html'}
                  onChange={(v) => set({ mjml: v === 'builder' ? '' : null })}
                  aria-label={t('builder.mode.label')}
                  data={[
                    { value: 'builder', label: t('builder.mode.builder') },
                    { value: 'html', label: t('builder.mode.html') },
                  ]}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid={`${prefix}-email-mode`}
                />
                {c.mjml != null ? (
                  <LazyEmailBuilder
                    mjml={c.mjml || null}
                    onChange={(mjml) => set({ mjml })}
                    brandId={brandId}
                    subject={c.subject}
                    startFrom={c.html || undefined}
                  />
                ) : (
                  <>
                    <Textarea
                      label={t('campaigns.launcher.content.emailBody')}
                      description={t('campaigns.launcher.content.emailBodyHint')}
                      autosize
                      minRows={5}
                      maxRows={14}
                      value={c.html}
                      onChange={(e) => set({ html: e.currentTarget.value })}
                      attributes={autoDir(c.html)}
                      data-testid={`${prefix}-email-body`}
                    />
                    <Group justify="space-between" align="flex-start">
                      <Variables prefix={`${prefix}-email`} onInsert={(v) => set({ html: `${c.html}{{${v}}}` })} />
                      {ai && (
                        <WriteWithAi
                          channel="email"
                          defaults={ai}
                          testId={`${prefix}-email-write-with-ai`}
                          onPick={(v) => v.email && set({ subject: v.email.subject, html: v.email.html })}
                        />
                      )}
                    </Group>
                  </>
                )}
              </>
            )}
          </>
        )}
      </Stack>
    );
  }

  const c = value.whatsapp;
  const template = waTemplates.data?.find((x) => x.id === c.whatsapp_template_id) ?? null;
  const body = template?.components.find((x): x is WaBody => x.type === 'BODY')?.text ?? '';
  const count = waVariableCount(body) ?? 0;
  const params = Array.from({ length: count }, (_, i) => c.params[i] ?? '');
  const set = (patch: Partial<ContentDraft['whatsapp']>) => onChange({ ...value, whatsapp: { ...c, ...patch } });
  return (
    <Stack gap="xs" data-testid={`${prefix}-whatsapp`}>
      <Select
        label={t('campaigns.launcher.content.waTemplate')}
        data={(waTemplates.data ?? []).map((x) => ({ value: String(x.id), label: `${x.name} (${languageName(x.language)})` }))}
        value={c.whatsapp_template_id ? String(c.whatsapp_template_id) : null}
        onChange={(v) => set({ whatsapp_template_id: id(v), params: [] })}
        searchable
        nothingFoundMessage={t('campaigns.launcher.content.noTemplates')}
        data-testid={`${prefix}-wa-template`}
      />
      {params.map((p, i) => (
        <TextInput
          key={`param-${i + 1}`}
          label={t('campaigns.launcher.content.param', { n: i + 1 })}
          description={i === 0 ? t('campaigns.launcher.content.paramHint', { example: '{{first_name}}' }) : undefined}
          value={p}
          onChange={(e) => {
            const next = [...params];
            next[i] = e.currentTarget.value;
            set({ params: next });
          }}
          data-testid={`${prefix}-wa-param-${i + 1}`}
        />
      ))}
    </Stack>
  );
}

/** The channel's label with its fallback position. */
export function ChannelBadge({ channel, order }: { channel: Channel; order?: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={channel === 'sms' ? 'blue' : channel === 'email' ? 'grape' : 'teal'}>
      {order ? `${order}. ` : ''}
      {t(`campaigns.channels.${channel}`)}
    </Badge>
  );
}

export function SectionCard({ children, title }: { children: React.ReactNode; title: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        {title}
      </Text>
      {children}
    </Paper>
  );
}
