import type { Blacklist } from '@risala/shared/schemas/blacklists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { blacklistKeys } from './get-blacklists.ts';

/** POST /api/blacklists/{id}/activate | deactivate. */
export async function setBlacklistStatus(id: number, active: boolean): Promise<Blacklist> {
  const { data } = await api.post<Blacklist>(`/api/blacklists/${id}/${active ? 'activate' : 'deactivate'}`);
  return data;
}

/** DELETE /api/blacklists/{id} (DELETE_ACTIVE_BLACKLIST is shown in the confirmation). */
export async function deleteBlacklist(id: number): Promise<void> {
  await api.delete(`/api/blacklists/${id}`, { silent: true });
}

export function useChangeBlacklist() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: blacklistKeys.all });
  return {
    status: useMutation({ mutationFn: ({ id, active }: { id: number; active: boolean }) => setBlacklistStatus(id, active), onSuccess }),
    remove: useMutation({ mutationFn: deleteBlacklist, onSuccess }),
  };
}
