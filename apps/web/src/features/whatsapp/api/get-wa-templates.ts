import type { WaTemplateList } from '@risala/shared/schemas/whatsapp';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface WaTemplateFilters {
  page: number;
  limit: number;
  search?: string;
  status?: string;
  category?: string;
  language?: string;
  sort?: 'name' | 'created_at' | 'updated_at' | 'status';
  order?: 'asc' | 'desc';
}

export const waKeys = {
  all: ['whatsapp-templates'] as const,
  list: (f: WaTemplateFilters) => ['whatsapp-templates', 'list', f] as const,
  one: (id: number) => ['whatsapp-templates', 'one', id] as const,
  limits: ['whatsapp-templates', 'limits'] as const,
};

/** GET /api/whatsapp/templates → data {items, page, limit, total}. */
export async function getWaTemplates(f: WaTemplateFilters): Promise<WaTemplateList> {
  const { data } = await api.get<WaTemplateList>('/api/whatsapp/templates', {
    query: { ...f },
    silent: true,
  });
  return data;
}

export function useWaTemplates(f: WaTemplateFilters) {
  return useQuery({
    queryKey: waKeys.list(f),
    queryFn: () => getWaTemplates(f),
    placeholderData: keepPreviousData,
    // a submitted template turns APPROVED/REJECTED on its own (webhook); keep the list fresh meanwhile
    refetchInterval: (q) => (q.state.data?.items.some((t) => t.status === 'PENDING') ? 3000 : false),
  });
}
