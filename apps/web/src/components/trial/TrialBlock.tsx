import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Full-page block 30 days after the trial ended (spec §4); /profile stays reachable. */
export function TrialBlock() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" data-testid="trial-block">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={72} radius="xl" color="red" variant="light">
          <IconLock size={38} stroke={1.5} />
        </ThemeIcon>
        <Title order={2}>{t('trial.block.title')}</Title>
        <Text c="dimmed">{t('trial.block.message')}</Text>
        <Group justify="center">
          <Button component={Link} to="/subscriptionplan?upgrade=true&reason=trial_expired">
            {t('trial.block.upgrade')}
          </Button>
          <Button component={Link} to="/profile" variant="default">
            {t('trial.block.profile')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
