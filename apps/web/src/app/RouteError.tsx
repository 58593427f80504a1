import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a route fails to render, most often a page chunk that vanished after a deploy. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center mih="60vh" p="md" data-testid="route-error">
      <Stack align="center" ta="center" maw={460}>
        <Title order={2}>{t('common.errorTitle')}</Title>
        <Text c="dimmed">{t('common.pageFailed')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
