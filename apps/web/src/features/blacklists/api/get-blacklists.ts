import type { Page } from '@risala/shared';
import type { Blacklist, BlacklistListQuery } from '@risala/shared/schemas/blacklists';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type BlacklistListParams = Pick<BlacklistListQuery, 'page' | 'limit' | 'sort' | 'order'> &
  Partial<Pick<BlacklistListQuery, 'search' | 'type' | 'status'>>;

export const blacklistKeys = {
  all: ['blacklists'] as const,
  list: (params: BlacklistListParams) => ['blacklists', 'list', params] as const,
  one: (id: number) => ['blacklists', 'one', id] as const,
  entries: (id: number, params: object) => ['blacklists', 'entries', id, params] as const,
};

/** GET /api/blacklists?page&limit&search&type&status&sort&order → { items, page, limit, total }. */
export async function getBlacklists(params: BlacklistListParams): Promise<Page<Blacklist>> {
  const { data } = await api.get<Page<Blacklist>>('/api/blacklists', { query: { ...params } });
  return data;
}

export const blacklistsQuery = (params: BlacklistListParams) =>
  queryOptions({ queryKey: blacklistKeys.list(params), queryFn: () => getBlacklists(params), placeholderData: keepPreviousData });

export function useBlacklists(params: BlacklistListParams) {
  return useQuery(blacklistsQuery(params));
}

/** GET /api/blacklists/{id}. */
export async function getBlacklist(id: number): Promise<Blacklist> {
  const { data } = await api.get<Blacklist>(`/api/blacklists/${id}`, { silent: true }); // the page shows not found / errors itself
  return data;
}

export function useBlacklist(id: number) {
  return useQuery({ queryKey: blacklistKeys.one(id), queryFn: () => getBlacklist(id), enabled: id > 0 });
}
