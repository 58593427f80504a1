import type { NotificationSettings, NotificationSettingsInput } from '@risala/shared/schemas/notification-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const notificationSettingKeys = { all: ['notification-settings'] as const };

/** GET /api/notification-settings → every type, in the bell and by email. */
export async function getNotificationSettings(): Promise<NotificationSettings> {
  const { data } = await api.get<NotificationSettings>('/api/notification-settings');
  return data;
}

export const notificationSettingsQuery = () => queryOptions({ queryKey: notificationSettingKeys.all, queryFn: getNotificationSettings });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery());
}

/** PUT /api/notification-settings → every type as saved. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: NotificationSettingsInput) =>
      (await api.put<NotificationSettings>('/api/notification-settings', input, { silent: true })).data,
    onSuccess: (saved) => client.setQueryData(notificationSettingKeys.all, saved),
  });
}
