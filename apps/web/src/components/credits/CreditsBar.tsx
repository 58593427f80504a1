import { Group, Paper, Skeleton, Text } from '@mantine/core';
import type { CreditBalanceDto } from '@risala/shared/schemas/messages';
import { IconBrandWhatsapp, IconMail, IconMessage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';

/** Under the messages keys: a send's invalidation of ['messages'] refreshes the balances too. */
export const creditsKey = ['messages', 'credits'] as const;

/** GET /api/credits: the balance and consumption per channel. */
export function useCredits() {
  return useQuery({
    queryKey: creditsKey,
    queryFn: async () => (await api.get<CreditBalanceDto[]>('/api/credits', { silent: true })).data,
    refetchInterval: 30_000,
  });
}

const ICONS = { sms: IconMessage, email: IconMail, whatsapp: IconBrandWhatsapp } as const;

/** The remaining credits per channel (Message History, the dashboard). */
export function CreditsBar() {
  const { t, i18n } = useTranslation();
  const credits = useCredits();
  if (credits.isPending) return <Skeleton h={56} radius="md" />;
  if (credits.isError) return null;
  return (
    <Group gap="sm" data-testid="credits">
      {credits.data.map((c) => {
        const Icon = ICONS[c.channel];
        return (
          <Paper key={c.channel} withBorder radius="md" px="md" py="xs" data-testid={`credits-${c.channel}`}>
            <Group gap="xs" wrap="nowrap">
              <Icon size={18} />
              <div>
                <Text size="xs" c="dimmed">
                  {t('messages.credits.label', { channel: t(`messages.channel.${c.channel}`) })}
                </Text>
                <Text fw={600} c={c.balance <= 0 ? 'red' : undefined} data-testid={`credits-${c.channel}-balance`}>
                  {c.balance.toLocaleString(i18n.language)}
                </Text>
              </div>
            </Group>
          </Paper>
        );
      })}
    </Group>
  );
}
