import type { Notification, NotificationCount } from '@risala/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { NotificationFeed } from './get-notifications.ts';
import { notificationKeys } from './keys.ts';

/** PUT /api/notifications/{id}/read (empty body). */
export async function markNotificationRead(id: number): Promise<void> {
  await api.put(`/api/notifications/${id}/read`);
}

function updateFeeds(client: QueryClient, update: (feed: NotificationFeed) => NotificationFeed): void {
  for (const prefix of [
    ['notifications', 'unread'],
    ['notifications', 'list'],
  ]) {
    client.setQueriesData<NotificationFeed>({ queryKey: prefix }, (feed) => (feed ? update(feed) : feed));
  }
}

/** After the server said yes: the item turns read, unread −1 (not below 0), read +1 (spec §4). */
export function applyRead(client: QueryClient, item: Notification, readAt: string): void {
  if (item.status !== 'unread') return;
  updateFeeds(client, (feed) => ({
    ...feed,
    unreadCount: Math.max(0, feed.unreadCount - 1),
    notifications: feed.notifications.map((n) => (n.id === item.id ? { ...n, status: 'read', read_at: readAt } : n)),
  }));
  client.setQueryData<NotificationCount>(notificationKeys.count(), (count) =>
    count ? { ...count, unreadCount: Math.max(0, count.unreadCount - 1), readCount: count.readCount + 1 } : count,
  );
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: Notification) => markNotificationRead(item.id),
    onSuccess: (_result, item) => applyRead(client, item, new Date().toISOString()),
  });
}
