import type { Template } from '@risala/shared/schemas/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

/** GET /api/templates/template/{id} */
export async function getTemplate(id: number): Promise<Template> {
  const { data } = await api.get<Template>(`/api/templates/template/${id}`, { silent: true });
  return data;
}

export const templateQuery = (id: number) => queryOptions({ queryKey: templateKeys.detail(id), queryFn: () => getTemplate(id) });

export function useTemplate(id: number | null) {
  return useQuery({ ...templateQuery(id ?? 0), enabled: id !== null });
}
