import type { CreatePluginInput, Plugin, UpdatePluginInput } from '@risala/shared/schemas/gateway-routing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { routerKeys } from '../../routers/api/get-routers.ts';
import { pluginKeys } from './get-plugins.ts';

/** POST /api/gateway/plugins, or PUT /api/gateway/plugins/{id}; field errors are shown in the form. */
export async function savePlugin(id: number | null, input: CreatePluginInput | UpdatePluginInput): Promise<Plugin> {
  const { data } = id
    ? await api.put<Plugin>(`/api/gateway/plugins/${id}`, input, { silent: true })
    : await api.post<Plugin>('/api/gateway/plugins', input, { silent: true });
  return data;
}

/** POST /api/gateway/plugins/{id}/install | uninstall. */
export async function setPluginStatus(id: number, installed: boolean): Promise<Plugin> {
  const { data } = await api.post<Plugin>(`/api/gateway/plugins/${id}/${installed ? 'install' : 'uninstall'}`);
  return data;
}

/** DELETE /api/gateway/plugins/{id} (DELETE_ACTIVE_PLUGIN / IN_USE are shown in the confirmation). */
export async function deletePlugin(id: number): Promise<void> {
  await api.delete(`/api/gateway/plugins/${id}`, { silent: true });
}

export function usePluginMutations() {
  const client = useQueryClient();
  const onSuccess = () => {
    void client.invalidateQueries({ queryKey: pluginKeys.all });
    void client.invalidateQueries({ queryKey: routerKeys.all });
  };
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: CreatePluginInput | UpdatePluginInput }) => savePlugin(id, input),
      onSuccess,
    }),
    status: useMutation({
      mutationFn: ({ id, installed }: { id: number; installed: boolean }) => setPluginStatus(id, installed),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: deletePlugin, onSuccess }),
  };
}
