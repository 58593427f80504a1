import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import type { MessageDraft } from '@risala/shared/schemas/ai-draft';
import { IconDeviceFloppy, IconExternalLink, IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { prefillOf } from '../../lib/draft-prefill.ts';
import { isApiError } from '../../lib/http.ts';
import { formatList, intlLocale, isolate, languageName } from '../../lib/i18n.ts';
import { useAccountTimeZone, useSession } from '../../lib/session.ts';
import { MessageText } from '../text/MessageText.tsx';
import { type SavedDraft, saveDraftAsTemplate } from './api/save-draft.ts';
import { draftMoment } from './draft-name.ts';

/**
 * A message the assistant drafted, offered — not saved: its text as the customer will read it,
 * the SMS parts (or that it does not fit), the language check and, for WhatsApp, what each {{n}}
 * stands for. "Save as template" saves it (named in the account's zone and the reader's
 * language); "Use in a campaign" opens the launcher with it. Nothing happens until one is chosen.
 */
export function MessageDraftCard({ draft, onOpen }: { draft: MessageDraft; onOpen?: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const zone = useAccountTimeZone();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<SavedDraft | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const n = (v: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(v);
  const language = languageName(draft.language, i18n.language);
  const prefill = prefillOf(draft);

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const at = new Date();
      const label = t('ai.chat.draft.templateName', { when: draftMoment(at, zone, i18n.language) });
      setSaved(await saveDraftAsTemplate(draft, { label, at, timeZone: zone }));
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="xs" radius="md" data-testid="chat-message-draft" data-channel={draft.channel}>
      <Stack gap={6}>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Badge variant="light" size="sm">
            {t(`ai.chat.draft.title.${draft.channel}`)}
          </Badge>
          <Badge
            variant="light"
            size="sm"
            color={draft.language_check.ok ? 'green' : 'orange'}
            data-testid="chat-draft-language"
            data-ok={draft.language_check.ok}
          >
            {draft.language_check.ok
              ? t('ai.chat.draft.languageOk', { language })
              : t('ai.chat.draft.languageBad', { language, words: formatList(draft.language_check.foreign) })}
          </Badge>
        </Group>
        {draft.subject && (
          <Text size="sm">
            <Text span fw={600}>
              {t('ai.chat.draft.subject')}:{' '}
            </Text>
            <bdi>{draft.subject}</bdi>
          </Text>
        )}
        <Paper p={6} radius="sm" bg="gray.0">
          <MessageText text={draft.body} size="sm" testId="chat-draft-body" />
          {draft.footer && <MessageText text={draft.footer} size="xs" c="dimmed" mt={4} />}
        </Paper>
        {draft.variables.map((v) => (
          <Text key={v.index} size="xs" c="dimmed" data-testid="chat-draft-variable">
            {t('ai.chat.draft.variable', {
              placeholder: isolate(`{{${v.index}}}`),
              field: t(`templates.variables.${v.variable}`, { defaultValue: v.variable }),
              example: isolate(v.example),
            })}
          </Text>
        ))}
        {draft.button && (
          <Text size="xs" c="dimmed">
            {t('ai.chat.draft.button', { text: draft.button.text })} · <bdi dir="ltr">{draft.button.url}</bdi>
          </Text>
        )}
        {draft.sms && (
          <Text size="xs" c={draft.sms.fits ? 'dimmed' : 'red'} data-testid="chat-draft-parts" data-fits={draft.sms.fits}>
            {draft.sms.fits
              ? t('ai.chat.draft.parts', {
                  parts: n(draft.sms.parts),
                  max: n(draft.sms.max_parts),
                  characters: n(draft.sms.characters),
                  encoding: draft.sms.encoding,
                })
              : t('ai.chat.draft.doesNotFit', { parts: n(draft.sms.parts), max: n(draft.sms.max_parts) })}
          </Text>
        )}
        {saved ? (
          <Group gap={6} justify="space-between" wrap="nowrap" data-testid="chat-draft-saved">
            <Text size="xs" c="green">
              {t('ai.chat.draft.saved', { name: isolate(saved.name) })}
            </Text>
            <Button
              component={Link}
              to={saved.url}
              onClick={onOpen}
              size="compact-xs"
              variant="subtle"
              rightSection={<IconExternalLink size={12} />}
            >
              {t('ai.chat.draft.open')}
            </Button>
          </Group>
        ) : (
          <>
            <Group gap={6}>
              {can(permissions, 'template', 'create') && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDeviceFloppy size={14} />}
                  loading={saving}
                  onClick={() => void save()}
                  data-testid="chat-draft-save"
                >
                  {t('ai.chat.draft.save')}
                </Button>
              )}
              {prefill && can(permissions, 'campaign', 'create') && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconRocket size={14} />}
                  onClick={() => {
                    onOpen?.();
                    navigate('/campaign?new=1', { state: { prefill } });
                  }}
                  data-testid="chat-draft-use"
                >
                  {t('ai.chat.draft.use')}
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {draft.channel === 'whatsapp' ? t('ai.chat.draft.whatsappApproval') : t('ai.chat.draft.notSaved')}
            </Text>
          </>
        )}
        {failure && (
          <Alert color="red" variant="light" p={6} data-testid="chat-draft-error">
            <Text size="xs">{t('ai.chat.draft.saveFailed', { reason: failure })}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
