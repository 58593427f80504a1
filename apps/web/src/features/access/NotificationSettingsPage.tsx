import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { NotificationSetting, NotificationSettings } from '@risala/shared/schemas/notification-settings';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../components/page/ApiErrorAlert.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { SectionSkeleton } from '../../components/page/Skeletons.tsx';
import { languageName } from '../../lib/i18n.ts';
import { useQuery } from '@tanstack/react-query';
import { fetchUserProfile, useSession, userKeys } from '../../lib/session.ts';
import { useSingleFlight } from '../../lib/single-flight.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useNotificationSettings, useSaveNotificationSettings } from './api/notification-settings.ts';

/** /notification-settings: my own choice per notification type — in the bell, by email. */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const { userId } = useSession();
  // the same cached profile the top bar reads: where the emails go and in which language
  const profile = useQuery({
    queryKey: userKeys.profile(userId ?? ''),
    queryFn: () => fetchUserProfile(userId ?? ''),
    enabled: Boolean(userId),
  });
  const user = profile.data?.user;
  return (
    <Stack gap="md" maw={820}>
      <div>
        <Title order={1} size="h2">
          {t('notificationSettings.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('notificationSettings.intro', { email: user?.email ?? '' })}
        </Text>
      </div>
      {settings.isPending ? (
        <SectionSkeleton />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm initial={settings.data} language={user?.language ?? 'en'} />
      )}
    </Stack>
  );
}

function SettingsForm({ initial, language }: { initial: NotificationSettings; language: string }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<NotificationSetting[]>(() => initial.settings.map(({ type, bell, email }) => ({ type, bell, email })));
  const [error, setError] = useState<unknown>();
  const save = useSaveNotificationSettings();
  const once = useSingleFlight();

  const set = (type: NotificationSetting['type'], key: 'bell' | 'email', on: boolean) =>
    setRows((all) => all.map((r) => (r.type === type ? { ...r, [key]: on } : r)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    await once(async () => {
      try {
        const saved = await save.mutateAsync({ settings: rows });
        setRows(saved.settings.map(({ type, bell, email }) => ({ type, bell, email })));
        showSuccessToast('notificationSettings.saved');
      } catch (err) {
        setError(err);
      }
    });
  }

  return (
    <form onSubmit={submit} data-testid="notification-settings-form">
      <Stack gap="sm">
        {rows.map((row) => {
          const label = t(`notificationSettings.types.${row.type}.label`);
          return (
            <Card key={row.type} withBorder radius="md" padding="md" role="group" aria-labelledby={`ns-${row.type}`}>
              <Group justify="space-between" align="center" gap="md">
                <div style={{ flex: '1 1 16rem' }}>
                  <Text id={`ns-${row.type}`} fw={600}>
                    {label}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`notificationSettings.types.${row.type}.hint`)}
                  </Text>
                </div>
                <Group gap="lg">
                  <Switch
                    checked={row.bell}
                    onChange={(e) => set(row.type, 'bell', e.currentTarget.checked)}
                    label={t('notificationSettings.bell')}
                    aria-label={t('notificationSettings.bellFor', { type: label })}
                    data-testid={`ns-${row.type}-bell`}
                  />
                  <Switch
                    checked={row.email}
                    onChange={(e) => set(row.type, 'email', e.currentTarget.checked)}
                    label={t('notificationSettings.email')}
                    aria-label={t('notificationSettings.emailFor', { type: label })}
                    data-testid={`ns-${row.type}-email`}
                  />
                </Group>
              </Group>
            </Card>
          );
        })}
        <Text size="xs" c="dimmed">
          {t('notificationSettings.language', { language: languageName(language) })}
        </Text>
        {error !== undefined && <ApiErrorAlert error={error} fallback={t('errors.INTERNAL_ERROR')} testId="notification-settings-error" />}
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="notification-settings-save">
            {t('notificationSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
