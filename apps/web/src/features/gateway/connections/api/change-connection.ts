import type { Connection, CreateConnectionInput, UpdateConnectionInput } from '@risala/shared/schemas/gateway-connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { connectionKeys } from './get-connections.ts';

export type ConnectionAction = 'start' | 'stop' | 'restart';

/** POST /api/gateway/connections, or PUT /api/gateway/connections/{id}; field errors show in the form. */
export async function saveConnection(id: number | null, input: CreateConnectionInput | UpdateConnectionInput): Promise<Connection> {
  const { data } = id
    ? await api.put<Connection>(`/api/gateway/connections/${id}`, input, { silent: true })
    : await api.post<Connection>('/api/gateway/connections', input, { silent: true });
  return data;
}

/** DELETE /api/gateway/connections/{id} (§8: DELETE_CONNECTED_CONNECTION, DELETE_CONNECTION_IN_ROUTER). */
export async function deleteConnection(id: number): Promise<void> {
  await api.delete(`/api/gateway/connections/${id}`, { silent: true });
}

/** POST /api/gateway/connections/{id}/start|stop|restart — start may answer CONNECTION_START_TIMEOUT with the reason. */
export async function runConnectionAction(id: number, action: ConnectionAction): Promise<Connection> {
  const { data } = await api.post<Connection>(`/api/gateway/connections/${id}/${action}`, undefined, { silent: true, timeoutMs: 120_000 });
  return data;
}

export function useConnectionMutations() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: connectionKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: CreateConnectionInput | UpdateConnectionInput }) => saveConnection(id, input),
      onSettled,
    }),
    remove: useMutation({ mutationFn: deleteConnection, onSettled }),
    action: useMutation({
      mutationFn: ({ id, action }: { id: number; action: ConnectionAction }) => runConnectionAction(id, action),
      onSettled,
    }),
  };
}
