import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '@risala/shared';
import { formatRelativeTime } from '../../lib/dates.ts';
import './notification-bell.css';

export function NotificationItem({
  item,
  language,
  onOpen,
  busy,
}: {
  item: Notification;
  language: string;
  onOpen: (item: Notification) => void;
  busy: boolean;
}) {
  const unread = item.status === 'unread';
  return (
    <UnstyledButton
      className="notification-item"
      data-testid="notification-item"
      data-status={item.status}
      data-unread={unread || undefined}
      onClick={() => onOpen(item)}
      disabled={busy}
      aria-busy={busy}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className="notification-dot" data-visible={unread || undefined} aria-hidden />
        <Box style={{ flex: 1, minInlineSize: 0 }}>
          <Text size="sm" fw={unread ? 700 : 500} lineClamp={1}>
            {item.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {item.message}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            <time dateTime={item.created_at}>{formatRelativeTime(item.created_at, new Date(), language)}</time>
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
