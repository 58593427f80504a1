import type { Page } from '@risala/shared';
import type { ContentItem, ContentType } from '@risala/shared/schemas/content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ContentListParams {
  page: number;
  limit: number;
  type?: ContentType;
  tag?: string;
  brand_id?: number;
  search?: string;
  sort: 'created_at' | 'updated_at' | 'title';
  order: 'asc' | 'desc';
}

export const contentKeys = {
  all: ['content'] as const,
  list: (params: ContentListParams) => ['content', 'list', params] as const,
};

/** GET /api/content?page&limit&type&tag&brand_id&search&sort&order → { items, page, limit, total }. */
export async function getContent(params: ContentListParams): Promise<Page<ContentItem>> {
  const { data } = await api.get<Page<ContentItem>>('/api/content', { query: { ...params } });
  return data;
}

export const contentQuery = (params: ContentListParams) =>
  queryOptions({ queryKey: contentKeys.list(params), queryFn: () => getContent(params), placeholderData: keepPreviousData });

export function useContent(params: ContentListParams) {
  return useQuery(contentQuery(params));
}
