import type { NotificationCount } from '@risala/shared';
import { NOTIFICATIONS } from '@risala/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

export const ZERO_COUNT: NotificationCount = { unreadCount: 0, totalCount: 0, readCount: 0 };

/** GET /api/notifications/count. A failure counts as zero, silently (spec §8). */
export async function fetchNotificationCount(): Promise<NotificationCount> {
  try {
    const { data } = await api.get<NotificationCount>('/api/notifications/count', { silent: true });
    return {
      unreadCount: Number(data?.unreadCount) || 0,
      totalCount: Number(data?.totalCount) || 0,
      readCount: Number(data?.readCount) || 0,
    };
  } catch {
    return ZERO_COUNT;
  }
}

/** Polled every 30 s, the first time 1 s after the shell appears (spec §9). */
export function useNotificationCount(enabled: boolean) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => setStarted(true), NOTIFICATIONS.firstPollMs);
    return () => window.clearTimeout(timer);
  }, [enabled]);
  return useQuery({
    queryKey: notificationKeys.count(),
    queryFn: fetchNotificationCount,
    enabled: enabled && started,
    refetchInterval: NOTIFICATIONS.pollIntervalMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
