import type { DataOf } from '@risala/shared/schemas/common';
import type { markedReadEnvelopeSchema } from '@risala/shared/schemas/notifications';
import type { NotificationCount } from '@risala/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import type { NotificationFeed } from './get-notifications.ts';
import { notificationKeys } from './keys.ts';

/** PUT /api/notifications/read-all (empty body) → data {markedCount}. */
export async function markAllNotificationsRead(): Promise<{ markedCount: number }> {
  const { data } = await api.put<DataOf<typeof markedReadEnvelopeSchema>>('/api/notifications/read-all', undefined, { silent: true });
  return { markedCount: Number(data?.markedCount) || 0 };
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ markedCount }) => {
      const readAt = new Date().toISOString();
      for (const prefix of [
        ['notifications', 'unread'],
        ['notifications', 'list'],
      ]) {
        client.setQueriesData<NotificationFeed>({ queryKey: prefix }, (feed) =>
          feed
            ? {
                ...feed,
                unreadCount: 0,
                notifications: feed.notifications.map((n) => (n.status === 'unread' ? { ...n, status: 'read', read_at: readAt } : n)),
              }
            : feed,
        );
      }
      client.setQueryData<NotificationCount>(notificationKeys.count(), (count) =>
        count ? { ...count, unreadCount: 0, readCount: count.totalCount } : count,
      );
      showSuccessToast('bell.markedAll', { count: markedCount });
    },
    onError: (error) => showErrorToast(error, { messageKey: 'bell.markAllFailed' }),
  });
}
