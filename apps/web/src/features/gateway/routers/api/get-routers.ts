import type { Page } from '@risala/shared';
import type { Router } from '@risala/shared/schemas/gateway-routing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const routerKeys = {
  all: ['gateway', 'routers'] as const,
  list: () => ['gateway', 'routers', 'list'] as const,
  connections: () => ['gateway', 'routers', 'connection-options'] as const,
};

/** GET /api/gateway/routers — all of them, in routing order (an account has a handful). */
export async function getRouters(): Promise<Page<Router>> {
  const { data } = await api.get<Page<Router>>('/api/gateway/routers', { query: { limit: 100, sort: 'order', order: 'asc' } });
  return data;
}

export const routersQuery = () => queryOptions({ queryKey: routerKeys.list(), queryFn: getRouters });

export function useRouters() {
  return useQuery(routersQuery());
}

export interface ConnectionOption {
  id: number;
  connection_name: string;
  status: string;
}

/** GET /api/gateway/connections — the names a router can point at. */
export async function getConnectionOptions(): Promise<ConnectionOption[]> {
  const { data } = await api.get<Page<ConnectionOption>>('/api/gateway/connections', { query: { limit: 100 } });
  return data.items;
}

export function useConnectionOptions() {
  return useQuery({ queryKey: routerKeys.connections(), queryFn: getConnectionOptions });
}
