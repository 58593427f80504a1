import type { CustomerList } from '@risala/shared/schemas/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type CustomerFilters, filterQuery } from '../filters.ts';

export interface CustomerListParams extends CustomerFilters {
  page: number;
  limit: number;
  sort: 'name' | 'created_at' | 'country';
  order: 'asc' | 'desc';
}

export const customerKeys = {
  all: ['customers'] as const,
  list: (params: CustomerListParams) => ['customers', 'list', params] as const,
  one: (id: number) => ['customers', 'one', id] as const,
  import: (id: number) => ['customers', 'import', id] as const,
  imports: (limit: number) => ['customers', 'imports', limit] as const,
};

/** GET /api/customers?search&group&tag&country&consent_*&sort&order&page&limit. */
export async function getCustomers(params: CustomerListParams): Promise<CustomerList> {
  const { page, limit, sort, order, ...filters } = params;
  const { data } = await api.get<CustomerList>('/api/customers', {
    query: { ...filterQuery(filters), page, limit, sort, order },
  });
  return data;
}

export const customersQuery = (params: CustomerListParams) =>
  queryOptions({ queryKey: customerKeys.list(params), queryFn: () => getCustomers(params), placeholderData: keepPreviousData });

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQuery(params));
}
