import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An honest placeholder for product areas that later work will fill: no fake data. */
export function AreaEmptyState({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const area = t(titleKey);
  return (
    <Center mih="60vh" data-testid="empty-state">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconHammer size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={2}>{area}</Title>
        <Text c="dimmed">{t('empty.building', { area })}</Text>
      </Stack>
    </Center>
  );
}
