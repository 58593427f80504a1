import type { CustomerGroup, GroupReach } from '@risala/shared/schemas/groups';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './get-groups.ts';

/** GET /api/groups/{id} (a segment's count is refreshed by the server). */
export async function getGroup(id: number): Promise<CustomerGroup> {
  const { data } = await api.get<CustomerGroup>(`/api/groups/${id}`, { silent: true }); // the page shows not found / errors itself
  return data;
}

export function useGroup(id: number) {
  return useQuery({ queryKey: groupKeys.one(id), queryFn: () => getGroup(id), enabled: id > 0 });
}

/** GET /api/groups/{id}/reach — how many members no channel can reach (no consent). */
export function useGroupReach(id: number) {
  return useQuery({
    queryKey: [...groupKeys.one(id), 'reach'] as const,
    queryFn: async () => (await api.get<GroupReach>(`/api/groups/${id}/reach`, { silent: true })).data,
    enabled: id > 0,
  });
}
