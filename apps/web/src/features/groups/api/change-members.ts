import type { DataOf } from '@risala/shared/schemas/common';
import type { membersAddedEnvelopeSchema, membersRemovedEnvelopeSchema } from '@risala/shared/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './get-groups.ts';

/** POST /api/groups/{id}/members {customer_ids} → {added, already_assigned, contacts_count}. */
export async function addMembers(id: number, customerIds: number[]) {
  const { data } = await api.post<DataOf<typeof membersAddedEnvelopeSchema>>(
    `/api/groups/${id}/members`,
    { customer_ids: customerIds },
    { silent: true },
  );
  return data;
}

/** POST /api/groups/{id}/members/remove {customer_ids} → {removed, contacts_count}. */
export async function removeMembers(id: number, customerIds: number[]) {
  const { data } = await api.post<DataOf<typeof membersRemovedEnvelopeSchema>>(`/api/groups/${id}/members/remove`, {
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
