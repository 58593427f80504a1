import type { Page } from '@risala/shared';
import type { CustomerGroup, GroupListQuery } from '@risala/shared/schemas/groups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GroupListParams = Pick<GroupListQuery, 'page' | 'limit' | 'sort' | 'order'> &
  Partial<Pick<GroupListQuery, 'search' | 'type' | 'status'>>;

export const groupKeys = {
  all: ['groups'] as const,
  list: (params: GroupListParams) => ['groups', 'list', params] as const,
  one: (id: number) => ['groups', 'one', id] as const,
  members: (id: number, params: object) => ['groups', 'members', id, params] as const,
};

/** GET /api/groups?page&limit&search&type&status&sort&order → { items, page, limit, total }. */
export async function getGroups(params: GroupListParams): Promise<Page<CustomerGroup>> {
  const { data } = await api.get<Page<CustomerGroup>>('/api/groups', { query: { ...params } });
  return data;
}

export const groupsQuery = (params: GroupListParams) =>
  queryOptions({ queryKey: groupKeys.list(params), queryFn: () => getGroups(params), placeholderData: keepPreviousData });

export function useGroups(params: GroupListParams) {
  return useQuery(groupsQuery(params));
}
