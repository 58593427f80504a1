import { ActionIcon, Button, Group, Paper, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type AutoReplyConfig, type AutoReplyRule, autoReplyFor } from '@risala/shared/auto-reply';
import { autoReplySchema } from '@risala/shared/schemas/senders';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { autoDir } from '../../../lib/text-direction.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useSaveAutoReply } from '../api/save-whatsapp-sender.ts';

/**
 * Keyword rules and the away message, with a "try it" box running the same matcher as the server.
 * `onDirty` hears of unsaved changes.
 */
export function AutoReplyEditor({
  senderId,
  initial,
  canEdit,
  onDirty,
}: {
  senderId: number;
  initial: AutoReplyConfig;
  canEdit: boolean;
  onDirty?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAutoReply(senderId);
  const [saved, setSaved] = useState<AutoReplyConfig>(initial);
  const [config, setConfig] = useState<AutoReplyConfig>(initial);
  const dirty = JSON.stringify(config) !== JSON.stringify(saved);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  useEffect(() => () => onDirty?.(false), [onDirty]);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [probe, setProbe] = useState('');
  // patches are built from the event before the state updater runs (React may run it after the event is gone)
  const setRule = (i: number, patch: Partial<AutoReplyRule>) =>
    setConfig((c) => ({ ...c, rules: c.rules.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const setAway = (patch: Partial<AutoReplyConfig['away']>) => setConfig((c) => ({ ...c, away: { ...c.away, ...patch } }));
  const away = config.away;
  const answer = probe.trim() ? autoReplyFor(config, probe, new Date()) : undefined;

  async function submit() {
    const parsed = autoReplySchema.safeParse(config);
    if (!parsed.success) {
      // each problem at its own field; anything without a field in the line below
      const byField: Record<string, string> = {};
      for (const issue of parsed.error.issues) byField[issue.path.join('.')] ??= translateMessage(issue.message) ?? '';
      setFieldErrors(byField);
      const placed = (k: string) => /^rules\.\d+\.(keyword|reply)$/.test(k) || k === 'away.text';
      return setError(Object.entries(byField).find(([k]) => !placed(k))?.[1]);
    }
    setFieldErrors({});
    try {
      await save.mutateAsync(parsed.data);
      setSaved(config);
      setError(undefined);
      showSuccessToast('senders.whatsapp.autoReply.saved');
    } catch (err) {
      setError(isApiError(err) ? (err.errors?.[0]?.message ?? err.message) : String(err));
    }
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="auto-reply-editor">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('senders.whatsapp.autoReply.title')}
          </Title>
          <Switch
            checked={config.enabled}
            onChange={(e) => {
              const enabled = e.currentTarget.checked; // read now: the updater runs later, when the event is gone
              setConfig((c) => ({ ...c, enabled }));
            }}
            label={t('senders.whatsapp.autoReply.enabled')}
            disabled={!canEdit}
            data-testid="auto-reply-enabled"
          />
        </Group>
        {config.rules.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('senders.whatsapp.autoReply.noRules')}
          </Text>
        )}
        {config.rules.map((rule, i) => (
          <Group key={i} align="flex-end" gap="xs" wrap="nowrap" data-testid="auto-reply-rule">
            <TextInput
              label={t('senders.whatsapp.autoReply.keyword')}
              value={rule.keyword}
              error={fieldErrors[`rules.${i}.keyword`]}
              onChange={(e) => setRule(i, { keyword: e.currentTarget.value })}
              attributes={autoDir(rule.keyword)}
              disabled={!canEdit}
              w={160}
              data-testid="auto-reply-keyword"
            />
            <Select
              label={t('senders.whatsapp.autoReply.match')}
              value={rule.match}
              onChange={(value) => value && setRule(i, { match: value as AutoReplyRule['match'] })}
              data={['exact', 'contains'].map((value) => ({ value, label: t(`senders.whatsapp.autoReply.matches.${value}`) }))}
              allowDeselect={false}
              disabled={!canEdit}
              w={140}
            />
            <TextInput
              label={t('senders.whatsapp.autoReply.reply')}
              value={rule.reply}
              error={fieldErrors[`rules.${i}.reply`]}
              onChange={(e) => setRule(i, { reply: e.currentTarget.value })}
              attributes={autoDir(rule.reply)}
              disabled={!canEdit}
              flex={1}
              data-testid="auto-reply-reply"
            />
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('senders.delete')}
                onClick={() => setConfig((c) => ({ ...c, rules: c.rules.filter((_, j) => j !== i) }))}
                mb={4}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {canEdit && (
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => setConfig((c) => ({ ...c, rules: [...c.rules, { keyword: '', match: 'contains', reply: '' }] }))}
            style={{ alignSelf: 'flex-start' }}
            data-testid="auto-reply-add"
          >
            {t('senders.whatsapp.autoReply.addRule')}
          </Button>
        )}
        <Switch
          checked={away.enabled}
          onChange={(e) => {
            const enabled = e.currentTarget.checked;
            setConfig((c) => ({ ...c, away: { ...c.away, enabled } }));
          }}
          label={t('senders.whatsapp.autoReply.away')}
          disabled={!canEdit}
          data-testid="auto-reply-away-enabled"
        />
        {away.enabled && (
          <Group align="flex-end" gap="xs">
            <Textarea
              label={t('senders.whatsapp.autoReply.awayText')}
              value={away.text}
              error={fieldErrors['away.text']}
              onChange={(e) => setAway({ text: e.currentTarget.value })}
              attributes={autoDir(away.text)}
              disabled={!canEdit}
              flex={1}
              autosize
              data-testid="auto-reply-away-text"
            />
            <TextInput
              label={t('senders.whatsapp.autoReply.from')}
              placeholder="18:00"
              dir="ltr"
              value={away.from ?? ''}
              onChange={(e) => setAway({ from: e.currentTarget.value || null })}
              disabled={!canEdit}
              w={100}
            />
            <TextInput
              label={t('senders.whatsapp.autoReply.to')}
              placeholder="08:00"
              dir="ltr"
              value={away.to ?? ''}
              onChange={(e) => setAway({ to: e.currentTarget.value || null })}
              disabled={!canEdit}
              w={100}
            />
          </Group>
        )}
        {error && (
          <Text c="red" size="sm" role="alert" data-testid="auto-reply-error">
            {error}
          </Text>
        )}
        {canEdit && (
          <Button onClick={submit} loading={save.isPending} style={{ alignSelf: 'flex-start' }} data-testid="auto-reply-save">
            {t('senders.save')}
          </Button>
        )}
        <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="md">
          <TextInput
            label={t('senders.whatsapp.autoReply.try')}
            placeholder={t('senders.whatsapp.autoReply.tryPlaceholder')}
            value={probe}
            onChange={(e) => setProbe(e.currentTarget.value)}
            attributes={autoDir(probe)}
            data-testid="auto-reply-try"
          />
          {answer !== undefined && (
            <Text size="sm" mt="xs" data-testid="auto-reply-answer">
              {answer === null ? t('senders.whatsapp.autoReply.noAnswer') : t('senders.whatsapp.autoReply.answer', { reply: answer })}
            </Text>
          )}
        </Paper>
      </Stack>
    </Paper>
  );
}
