import type { CreateRouterInput, Router, UpdateRouterInput } from '@risala/shared/schemas/gateway-routing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { routerKeys } from './get-routers.ts';

/** POST /api/gateway/routers, or PUT /api/gateway/routers/{id}; field errors are shown in the form. */
export async function saveRouter(id: number | null, input: CreateRouterInput | UpdateRouterInput): Promise<Router> {
  const { data } = id
    ? await api.put<Router>(`/api/gateway/routers/${id}`, input, { silent: true })
    : await api.post<Router>('/api/gateway/routers', input, { silent: true });
  return data;
}

/** POST /api/gateway/routers/{id}/activate | deactivate (DEACTIVATE_DEFAULT_ROUTER, ADD_DEFAULT_ROUTER_FIRST). */
export async function setRouterStatus(id: number, active: boolean): Promise<Router> {
  const { data } = await api.post<Router>(`/api/gateway/routers/${id}/${active ? 'activate' : 'deactivate'}`);
  return data;
}

/** DELETE /api/gateway/routers/{id}. */
export async function deleteRouter(id: number): Promise<void> {
  await api.delete(`/api/gateway/routers/${id}`, { silent: true });
}

/** POST /api/gateway/routers/reorder {ids} — the routers take their order slots in this sequence. */
export async function reorderRouters(ids: number[]): Promise<Router[]> {
  const { data } = await api.post<Router[]>('/api/gateway/routers/reorder', { ids });
  return data;
}

export function useRouterMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: routerKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: CreateRouterInput | UpdateRouterInput }) => saveRouter(id, input),
      onSuccess,
    }),
    status: useMutation({ mutationFn: ({ id, active }: { id: number; active: boolean }) => setRouterStatus(id, active), onSuccess }),
    remove: useMutation({ mutationFn: deleteRouter, onSuccess }),
    reorder: useMutation({ mutationFn: reorderRouters, onSuccess }),
  };
}
