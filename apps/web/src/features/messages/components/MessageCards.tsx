/** A phone's message list: one card per message — who, what, which campaign, status and when — each a button that opens the drawer. */
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MessageDto } from '@risala/shared/schemas/messages';
import { useTranslation } from 'react-i18next';
import { useAccountTimeZone } from '../../../lib/session.ts';
import { snippet } from '../filters.ts';
import { ConnectionStoppedIcon, RecipientCell, SentCell } from './MessageTable.tsx';
import { StatusBadge } from './StatusBadge.tsx';

export function MessageCards({ messages, onOpen }: { messages: MessageDto[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  return (
    <Stack gap={0} data-testid="message-cards">
      {messages.map((m) => (
        <UnstyledButton
          key={m.id}
          onClick={() => onOpen(m.id)}
          p="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          data-testid="message-row"
          data-status={m.status}
          data-id={m.id}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <RecipientCell m={m} />
            <Group gap={4} wrap="nowrap">
              <StatusBadge status={m.status} />
              {m.status === 'QUEUED' && m.connection_stopped && <ConnectionStoppedIcon name={m.connection_name} />}
            </Group>
          </Group>
          <Text size="sm" lineClamp={2} dir="auto" mt={4} data-testid="message-snippet">
            {snippet(m, 140)}
          </Text>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <Text size="xs" c="dimmed" truncate style={{ minWidth: 0, flex: 1 }}>
              {t(`messages.channel.${m.channel}`)} ·{' '}
              {m.campaign_name ? (
                <bdi data-testid="message-campaign">{m.campaign_name}</bdi>
              ) : (
                <span data-testid="message-campaign">{t('messages.table.direct')}</span>
              )}
            </Text>
            <div style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              <SentCell m={m} timeZone={timeZone} />
            </div>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
