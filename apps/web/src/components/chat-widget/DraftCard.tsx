import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { DraftCard as Card } from '@risala/shared/schemas/ai';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { intlLocale } from '../../lib/i18n.ts';
import { useTimeFormat } from '../../lib/time.ts';

/** A draft the assistant saved: what it is, and Open (the user checks and confirms it in its editor). */
export function DraftCard({ card, onOpen }: { card: Card; onOpen?: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // schedules are typed and shown in the account's zone, as the launcher does
  const fmt = useTimeFormat();
  const at = card.schedule_at ? fmt.moment(card.schedule_at) : null;
  return (
    <Paper withBorder p="xs" radius="md" data-testid="chat-draft-card" data-kind={card.kind}>
      <Stack gap={4}>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Badge variant="light" size="sm">
            {t(`ai.chat.card.${card.kind}`)}
          </Badge>
          <Group gap={4}>
            {card.channels.map((c) => (
              <Badge key={c} variant="outline" size="xs">
                {t(`ai.channels.${c}`)}
              </Badge>
            ))}
          </Group>
        </Group>
        <Text size="sm" fw={600}>
          <bdi>{card.title}</bdi>
        </Text>
        {card.kind === 'campaign_draft' && (
          <Text size="xs" c="dimmed">
            {card.audience !== null &&
              `${t('ai.chat.card.audience', { n: new Intl.NumberFormat(intlLocale(i18n.language)).format(card.audience) })} · `}
            {at ? t('ai.chat.card.schedule', { at }) : t('ai.chat.card.noSchedule')}
          </Text>
        )}
        <Button
          size="xs"
          variant="light"
          rightSection={<IconExternalLink size={14} />}
          onClick={() => {
            onOpen?.();
            navigate(card.url);
          }}
          data-testid="chat-draft-open"
        >
          {t('ai.chat.open_draft')}
        </Button>
      </Stack>
    </Paper>
  );
}
