import { ActionIcon, Badge, Box, Button, Center, Group, Loader, Popover, ScrollArea, Text } from '@mantine/core';
import type { Notification } from '@risala/shared';
import { badgeCount } from '@risala/shared/format';
import { IconArrowsMaximize, IconArrowsMinimize, IconBell, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { useNotificationCount } from './api/get-notification-count.ts';
import { useNotificationFeed } from './api/get-notifications.ts';
import { useMarkAllRead } from './api/mark-all-read.ts';
import { useMarkNotificationRead } from './api/mark-notification-read.ts';
import { NotificationItem } from './NotificationItem.tsx';

/**
 * The bell (spec §2, §4, §9): unread badge polled every 30 s; a compact panel of up to 10 unread
 * items, an expanded one of up to 50 of all items; click marks read, "Mark all as read" marks all.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const { userId } = useSession();
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<'compact' | 'expanded'>('compact');
  const count = useNotificationCount(Boolean(userId));
  const feed = useNotificationFeed(mode, opened && Boolean(userId));
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllRead();

  const unread = count.data?.unreadCount ?? 0;
  const items = feed.data?.notifications ?? [];
  const anyUnread = unread > 0 || items.some((n) => n.status === 'unread');

  const toggle = () => {
    if (!opened) {
      setMode('compact');
      if (count.isEnabled) void count.refetch();
    }
    setOpened(!opened);
  };

  const open = (item: Notification) => {
    if (item.status === 'unread') markRead.mutate(item);
  };

  // the button is the popover's target (aria-expanded belongs on it, not on a wrapper div);
  // the badge sits beside it in the positioned box
  return (
    <Box pos="relative">
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        // never wider than a phone's screen (the expanded panel ran off its side)
        width={`min(${mode === 'expanded' ? 480 : 380}px, calc(100vw - 16px))`}
        shadow="md"
        withinPortal
        // the panel is portalled to the end of the page: opened by the keyboard, focus moves into it
        // (else Tab would walk the page behind) and comes back to the bell when it closes
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={toggle}
            aria-label={t('bell.open', { count: unread })}
            data-testid="notification-bell"
          >
            <IconBell size={22} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} data-testid="notification-panel" data-mode={mode}>
          <Group justify="space-between" px="md" py="sm" wrap="nowrap">
            <Text fw={700}>
              {t('bell.title')}
              {unread > 0 && (
                <Text span c="dimmed" fw={400} ms={6}>
                  ({unread})
                </Text>
              )}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconChecks size={16} />}
              onClick={() => markAll.mutate()}
              loading={markAll.isPending}
              disabled={!anyUnread}
              data-testid="mark-all-read"
            >
              {t('bell.markAll')}
            </Button>
          </Group>
          <ScrollArea.Autosize mah={mode === 'expanded' ? '65vh' : 380} type="auto">
            {feed.isLoading ? (
              <Center py="lg">
                <Loader size="sm" />
              </Center>
            ) : items.length === 0 ? (
              <Text c="dimmed" ta="center" py="lg" size="sm" data-testid="notification-empty">
                {mode === 'compact' ? t('bell.emptyUnread') : t('bell.empty')}
              </Text>
            ) : (
              items.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  language={i18n.language}
                  onOpen={open}
                  busy={markRead.isPending && markRead.variables?.id === item.id}
                />
              ))
            )}
          </ScrollArea.Autosize>
          <Group justify="center" py={6} style={{ borderBlockStart: '1px solid var(--mantine-color-default-border)' }}>
            {mode === 'compact' ? (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconArrowsMaximize size={16} />}
                onClick={() => setMode('expanded')}
                data-testid="notification-view-all"
              >
                {t('bell.viewAll')}
              </Button>
            ) : (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconArrowsMinimize size={16} />}
                onClick={() => setMode('compact')}
                data-testid="notification-minimize"
              >
                {t('bell.minimize')}
              </Button>
            )}
          </Group>
        </Popover.Dropdown>
      </Popover>
      {unread > 0 && (
        <Badge className="notification-badge" size="sm" color="red" variant="filled" data-testid="notification-badge">
          {badgeCount(unread)}
        </Badge>
      )}
    </Box>
  );
}
