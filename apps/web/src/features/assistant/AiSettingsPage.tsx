import { Alert, Button, Checkbox, Group, Paper, PasswordInput, Radio, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { AiSettings } from '@risala/shared/schemas/ai';
import { can } from '@risala/shared/permissions';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../components/page/ApiErrorAlert.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { intlLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useAiSettings, useSaveAiSettings } from './api/ai-settings.ts';

type Engine = AiSettings['engine'];

/**
 * /ai-settings: what answers in the assistant for the account (the built-in engine, the
 * instance's model, or the account's own server or key — the key write-only), and whether
 * customers' contact details may go to an external model. Owners and admins change it.
 */
export function AiSettingsPage() {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const canView = can(permissions, 'user_management', 'view');
  const canEdit = can(permissions, 'user_management', 'update');
  const settings = useAiSettings(canView);
  const save = useSaveAiSettings();
  const [engine, setEngine] = useState<Engine>('auto');
  const [baseUrl, setBaseUrl] = useState('');
  const [model, setModel] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [share, setShare] = useState(false);

  useEffect(() => {
    const s = settings.data;
    if (!s) return;
    setEngine(s.engine);
    setBaseUrl(s.base_url ?? '');
    setModel(s.model ?? '');
    setShare(s.share_contact_details);
    setApiKey('');
    setRemoveKey(false);
  }, [settings.data]);

  if (!canView) return <Alert color="yellow">{t('ai.settings.noPermission')}</Alert>;
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  const s = settings.data;
  const n = (v: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(v);
  const active = s.active.engine === 'builtin' ? t('ai.engine.builtin') : t('ai.engine.model', { model: s.active.model ?? '' });

  async function submit(e: FormEvent) {
    e.preventDefault();
    await save
      .mutateAsync({
        engine,
        base_url: engine === 'own' ? baseUrl : undefined,
        model: engine === 'own' ? model : undefined,
        ...(apiKey ? { api_key: apiKey } : removeKey ? { api_key: null } : {}),
        share_contact_details: share,
      })
      .then(() => showSuccessToast('ai.settings.saved'))
      .catch(() => {});
  }

  return (
    <Stack gap="lg" maw={720} data-testid="ai-settings-page">
      <div>
        <Title order={1} size="h2">
          {t('ai.settings.title')}
        </Title>
        <Text c="dimmed">{t('ai.settings.intro')}</Text>
      </div>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack gap="md">
              {!canEdit && <Alert color="gray">{t('ai.settings.noPermission')}</Alert>}
              <Text size="sm" data-testid="ai-settings-active">
                {t('ai.settings.active', { engine: active })}
              </Text>
              <Radio.Group label={t('ai.settings.engine')} value={engine} onChange={(v) => setEngine(v as Engine)}>
                <Stack gap={6} mt={6}>
                  {(['auto', 'builtin', 'own'] as const).map((v) => (
                    <Radio key={v} value={v} label={t(`ai.settings.engines.${v}`)} data-testid={`ai-engine-${v}`} />
                  ))}
                </Stack>
              </Radio.Group>
              {engine === 'own' && (
                <>
                  <TextInput
                    label={t('ai.settings.baseUrl')}
                    description={t('ai.settings.baseUrlHint')}
                    value={baseUrl}
                    onChange={(e) => setBaseUrl(e.currentTarget.value)}
                    dir="ltr"
                  />
                  <TextInput label={t('ai.settings.model')} value={model} onChange={(e) => setModel(e.currentTarget.value)} dir="ltr" />
                </>
              )}
              {engine === 'own' && (
                <>
                  <PasswordInput
                    label={t('ai.settings.apiKey')}
                    description={s.has_api_key ? t('ai.settings.apiKeySet') : t('ai.settings.apiKeyNone')}
                    value={apiKey}
                    onChange={(e) => setApiKey(e.currentTarget.value)}
                    autoComplete="off"
                    dir="ltr"
                  />
                  {s.has_api_key && (
                    <Checkbox
                      label={t('ai.settings.removeKey')}
                      checked={removeKey}
                      onChange={(e) => setRemoveKey(e.currentTarget.checked)}
                    />
                  )}
                </>
              )}
              <Switch
                label={t('ai.settings.share')}
                description={t('ai.settings.shareHint')}
                checked={share}
                onChange={(e) => setShare(e.currentTarget.checked)}
              />
              <Text size="xs" c="dimmed">
                {s.instance.configured && s.usage_today.token_cap
                  ? t('ai.settings.usageCap', {
                      requests: n(s.usage_today.requests),
                      tokens: n(s.usage_today.tokens),
                      cap: n(s.usage_today.token_cap),
                    })
                  : t('ai.settings.usage', { requests: n(s.usage_today.requests), tokens: n(s.usage_today.tokens) })}
              </Text>
              {save.error && <ApiErrorAlert error={save.error} fallback={t('ai.settings.saveFailed')} />}
              {canEdit && (
                <Group justify="flex-end">
                  <Button type="submit" loading={save.isPending} data-testid="ai-settings-save">
                    {t('ai.settings.save')}
                  </Button>
                </Group>
              )}
            </Stack>
          </fieldset>
        </form>
      </Paper>
    </Stack>
  );
}
