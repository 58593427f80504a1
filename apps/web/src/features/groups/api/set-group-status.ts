import type { CustomerGroup } from '@risala/shared/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './get-groups.ts';

/** POST /api/groups/{id}/activate | deactivate (GROUP_WITHOUT_CONTACTS is shown inline). */
export async function setGroupStatus(id: number, active: boolean): Promise<CustomerGroup> {
  const { data } = await api.post<CustomerGroup>(`/api/groups/${id}/${active ? 'activate' : 'deactivate'}`, undefined, { silent: true });
  return data;
}

export function useSetGroupStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setGroupStatus(id, active),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
