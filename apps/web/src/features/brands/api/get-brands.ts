import type { Page } from '@risala/shared';
import type { Brand } from '@risala/shared/schemas/brands';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface BrandListParams {
  page: number;
  limit: number;
  search?: string;
  sort: 'name' | 'created_at';
  order: 'asc' | 'desc';
}

export const brandKeys = {
  all: ['brands'] as const,
  list: (params: BrandListParams) => ['brands', 'list', params] as const,
};

/** GET /api/brands?page&limit&search&sort&order → { items, page, limit, total }. */
export async function getBrands(params: BrandListParams): Promise<Page<Brand>> {
  const { data } = await api.get<Page<Brand>>('/api/brands', { query: { ...params } });
  return data;
}

export const brandsQuery = (params: BrandListParams) =>
  queryOptions({ queryKey: brandKeys.list(params), queryFn: () => getBrands(params), placeholderData: keepPreviousData });

export function useBrands(params: BrandListParams) {
  return useQuery(brandsQuery(params));
}
