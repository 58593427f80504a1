import type { DataOf } from '@risala/shared/schemas/common';
import type { unreadNotificationsEnvelopeSchema } from '@risala/shared/schemas/notifications';
import type { Notification, NotificationList } from '@risala/shared';
import { NOTIFICATIONS } from '@risala/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** What both panel modes render. */
export interface NotificationFeed {
  notifications: Notification[];
  unreadCount: number;
  hasMore: boolean;
}

const EMPTY: NotificationFeed = { notifications: [], unreadCount: 0, hasMore: false };

/** GET /api/notifications/unread?limit=10 → {notifications, unreadCount}. Failures: empty, silently. */
export async function fetchUnreadNotifications(limit: number = NOTIFICATIONS.compactUnread): Promise<NotificationFeed> {
  try {
    const { data } = await api.get<DataOf<typeof unreadNotificationsEnvelopeSchema>>('/api/notifications/unread', {
      query: { limit },
      silent: true,
    });
    return { notifications: data?.notifications ?? [], unreadCount: Number(data?.unreadCount) || 0, hasMore: false };
  } catch {
    return EMPTY;
  }
}

/** GET /api/notifications?page=1&limit=50 → NotificationList. Failures: empty, silently. */
export async function fetchAllNotifications(
  page: number = NOTIFICATIONS.defaultPage,
  limit: number = NOTIFICATIONS.expandedLimit,
): Promise<NotificationFeed> {
  try {
    const { data } = await api.get<NotificationList>('/api/notifications', { query: { page, limit }, silent: true });
    return {
      notifications: data?.notifications ?? [],
      unreadCount: Number(data?.unreadCount) || 0,
      hasMore: Boolean(data?.hasMore),
    };
  } catch {
    return EMPTY;
  }
}

export function useNotificationFeed(mode: 'compact' | 'expanded', enabled: boolean) {
  const compact = mode === 'compact';
  return useQuery({
    queryKey: compact
      ? notificationKeys.unread(NOTIFICATIONS.compactUnread)
      : notificationKeys.list(NOTIFICATIONS.defaultPage, NOTIFICATIONS.expandedLimit),
    queryFn: () => (compact ? fetchUnreadNotifications() : fetchAllNotifications()),
    enabled,
    staleTime: 0,
  });
}
