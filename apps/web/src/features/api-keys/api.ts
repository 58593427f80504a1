import type { ApiKey, ApiKeySecret, CreateApiKeyInput, RotateApiKeyInput } from '@risala/shared/schemas/api-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const apiKeyKeys = { all: ['api-keys'] as const };

/** GET /api/api-keys: the account's keys, newest active first, with when each was last used. */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: async () => (await api.get<{ keys: ApiKey[] }>('/api/api-keys')).data,
  });
}

/** POST /api/api-keys: the key and its password, shown once (errors shown in the dialog). */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKeyInput) => (await api.post<ApiKeySecret>('/api/api-keys', input, { silent: true })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** POST /api/api-keys/{id}/rotate: a new password; the old one works for the grace period. */
export function useRotateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: RotateApiKeyInput & { id: number }) =>
      (await api.post<ApiKeySecret>(`/api/api-keys/${id}/rotate`, input)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** POST /api/api-keys/{id}/revoke: the key stops working at once. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<ApiKey>(`/api/api-keys/${id}/revoke`, {})).data,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
