import type { WaTemplate } from '@risala/shared/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { waKeys } from './get-wa-templates.ts';

/** GET /api/whatsapp/templates/{id} → data template. */
export async function getWaTemplate(id: number): Promise<WaTemplate> {
  const { data } = await api.get<WaTemplate>(`/api/whatsapp/templates/${id}`, { silent: true });
  return data;
}

export function useWaTemplate(id: number | null) {
  return useQuery({
    queryKey: waKeys.one(id ?? 0),
    queryFn: () => getWaTemplate(id as number),
    enabled: id !== null,
    // Meta decides in the background: poll while the template is in review
    refetchInterval: (q) => (q.state.data?.status === 'PENDING' ? 2000 : false),
  });
}
