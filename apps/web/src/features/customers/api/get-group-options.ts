import type { CustomerGroup } from '@risala/shared/schemas/groups';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GroupOption = Pick<CustomerGroup, 'id' | 'group_name' | 'type'>;

/** The account's groups for the filter and "add to group" selects (GET /api/groups). */
export function useGroupOptions() {
  return useQuery({
    queryKey: ['groups', 'options'],
    queryFn: async () => {
      const { data } = await api.get<{ items: GroupOption[] }>('/api/groups', {
        query: { page: 1, limit: 100, sort: 'group_name', order: 'asc' },
        silent: true,
      });
      return data.items;
    },
    staleTime: 30_000,
  });
}
