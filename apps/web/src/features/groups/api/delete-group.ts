import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './get-groups.ts';

/** DELETE /api/groups/{id}. */
export async function deleteGroup(id: number): Promise<void> {
  await api.delete(`/api/groups/${id}`, { silent: true });
}

export function useDeleteGroup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteGroup, onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.all }) });
}
