import type { TemplateList } from '@risala/shared/schemas/templates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type TemplateListParams, templateKeys } from './keys.ts';

/** GET /api/templates/{userId}: the account's templates, paged, searched, filtered and sorted by the server. */
export async function getTemplates(userId: string, params: TemplateListParams): Promise<TemplateList> {
  const { data } = await api.get<TemplateList>(`/api/templates/${userId}`, { query: params, silent: true });
  return data;
}

export const templatesQuery = (userId: string, params: TemplateListParams) =>
  queryOptions({ queryKey: templateKeys.list(userId, params), queryFn: () => getTemplates(userId, params) });

export function useTemplates(userId: string, params: TemplateListParams) {
  return useQuery({ ...templatesQuery(userId, params), enabled: Boolean(userId), placeholderData: keepPreviousData });
}
