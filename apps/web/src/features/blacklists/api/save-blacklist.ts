import type { Blacklist, CreateBlacklistInput, UpdateBlacklistInput } from '@risala/shared/schemas/blacklists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { blacklistKeys } from './get-blacklists.ts';

/** POST /api/blacklists, or PUT /api/blacklists/{id}. Errors are shown in the form. */
export async function saveBlacklist(id: number | null, input: CreateBlacklistInput | UpdateBlacklistInput): Promise<Blacklist> {
  const { data } = id
    ? await api.put<Blacklist>(`/api/blacklists/${id}`, input, { silent: true })
    : await api.post<Blacklist>('/api/blacklists', input, { silent: true });
  return data;
}

export function useSaveBlacklist(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBlacklistInput | UpdateBlacklistInput) => saveBlacklist(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: blacklistKeys.all }),
  });
}
