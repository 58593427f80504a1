import type { Page } from '@risala/shared';
import type { Plugin, PluginListQuery } from '@risala/shared/schemas/gateway-routing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export type PluginListParams = Pick<PluginListQuery, 'page' | 'limit' | 'sort' | 'order'> &
  Partial<Pick<PluginListQuery, 'search' | 'plugin_type' | 'status'>>;

export const pluginKeys = {
  all: ['gateway', 'plugins'] as const,
  list: (params: object) => ['gateway', 'plugins', 'list', params] as const,
};

/** GET /api/gateway/plugins?page&limit&search&plugin_type&status&sort&order. */
export async function getPlugins(params: PluginListParams): Promise<Page<Plugin>> {
  const { data } = await api.get<Page<Plugin>>('/api/gateway/plugins', { query: { ...params } });
  return data;
}

export const pluginsQuery = (params: PluginListParams) =>
  queryOptions({ queryKey: pluginKeys.list(params), queryFn: () => getPlugins(params), placeholderData: keepPreviousData });

export function usePlugins(params: PluginListParams) {
  return useQuery(pluginsQuery(params));
}
