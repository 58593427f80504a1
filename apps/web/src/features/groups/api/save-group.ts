import type { CreateGroupInput, CustomerGroup, UpdateGroupInput } from '@risala/shared/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './get-groups.ts';

/** POST /api/groups, or PUT /api/groups/{id}. Errors are shown in the form. */
export async function saveGroup(id: number | null, input: CreateGroupInput | UpdateGroupInput): Promise<CustomerGroup> {
  const { data } = id
    ? await api.put<CustomerGroup>(`/api/groups/${id}`, input, { silent: true })
    : await api.post<CustomerGroup>('/api/groups', input, { silent: true });
  return data;
}

export function useSaveGroup(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateGroupInput | UpdateGroupInput) => saveGroup(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
