import type { Page } from '@risala/shared';
import type { Connection, ConnectionListQuery, ConnectionStatus } from '@risala/shared/schemas/gateway-connections';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { isApiError } from '../../../../lib/http.ts';

export const connectionKeys = {
  all: ['gateway', 'connections'] as const,
  list: (q: Partial<ConnectionListQuery>) => ['gateway', 'connections', 'list', q] as const,
  one: (id: number) => ['gateway', 'connections', 'one', id] as const,
  status: (id: number) => ['gateway', 'connections', 'status', id] as const,
};

/** Live state on screen: lists and statuses refresh every few seconds. */
export const POLL_MS = 3000;

/** GET /api/gateway/connections — search, type/state filters, server-side pagination. */
export async function getConnections(q: Partial<ConnectionListQuery>): Promise<Page<Connection>> {
  const { data } = await api.get<Page<Connection>>('/api/gateway/connections', { query: q });
  return data;
}

export const connectionsQuery = (q: Partial<ConnectionListQuery>) =>
  queryOptions({
    queryKey: connectionKeys.list(q),
    queryFn: () => getConnections(q),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });

export function useConnections(q: Partial<ConnectionListQuery>) {
  return useQuery(connectionsQuery(q));
}

/** GET /api/gateway/connections/{id} — silent: the page shows a missing or failed connection itself. */
export async function getConnection(id: number): Promise<Connection> {
  const { data } = await api.get<Connection>(`/api/gateway/connections/${id}`, { silent: true });
  return data;
}

export function useConnection(id: number) {
  return useQuery({ queryKey: connectionKeys.one(id), queryFn: () => getConnection(id), enabled: id > 0 });
}

/** GET /api/gateway/connections/{id}/status — polled for the live state; silent: a failed poll keeps the last state shown. */
export async function getConnectionStatus(id: number): Promise<ConnectionStatus> {
  const { data } = await api.get<ConnectionStatus>(`/api/gateway/connections/${id}/status`, { silent: true });
  return data;
}

/** Polls every few seconds; a connection that is gone (404) is not asked again. */
export function useConnectionStatus(id: number) {
  return useQuery({
    queryKey: connectionKeys.status(id),
    queryFn: () => getConnectionStatus(id),
    enabled: id > 0,
    refetchInterval: (query) => (isApiError(query.state.error) && query.state.error.statusCode === 404 ? false : POLL_MS),
  });
}
