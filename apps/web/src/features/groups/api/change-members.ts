import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './get-groups.ts';

/** POST /api/groups/{id}/members {customer_ids} → {added, already_assigned, contacts_count}. */
export async function addMembers(id: number, customerIds: number[]) {
  const { data } = await api.post<{ added: number; already_assigned: number; contacts_count: number }>(
    `/api/groups/${id}/members`,
    { customer_ids: customerIds },
    { silent: true },
  );
  return data;
}

/** POST /api/groups/{id}/members/remove {customer_ids} → {removed, contacts_count}. */
export async function removeMembers(id: number, customerIds: number[]) {
  const { data } = await api.post<{ removed: number; contacts_count: number }>(`/api/groups/${id}/members/remove`, {
    customer_ids: customerIds,
  });
  return data;
}

export function useChangeMembers(id: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: groupKeys.all });
  return {
    add: useMutation({ mutationFn: (ids: number[]) => addMembers(id, ids), onSuccess }),
    remove: useMutation({ mutationFn: (ids: number[]) => removeMembers(id, ids), onSuccess }),
  };
}
