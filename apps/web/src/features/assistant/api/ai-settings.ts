import type { AiSettings, AiSettingsUpdate } from '@risala/shared/schemas/ai';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const key = ['ai', 'settings'] as const;

export function useAiSettings(enabled: boolean) {
  return useQuery({ queryKey: key, queryFn: async () => (await api.get<AiSettings>('/api/ai/settings')).data, enabled });
}

/** PUT /api/ai/settings; the health indicator re-checks (the engine may have changed). */
export function useSaveAiSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: AiSettingsUpdate) => (await api.put<AiSettings>('/api/ai/settings', body, { silent: true })).data,
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      void qc.invalidateQueries({ queryKey: ['ai', 'health'] });
    },
  });
}
