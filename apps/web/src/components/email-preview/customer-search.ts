import type { Customer } from '@risala/shared/schemas/customers';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type CustomerOption = Pick<Customer, 'id' | 'first_name' | 'last_name' | 'email' | 'mobile_number'>;

/** GET /api/customers?search= (the customers area's list), the first ten matches for the preview pickers. */
export async function searchCustomers(search: string): Promise<CustomerOption[]> {
  const { data } = await api.get<{ items: CustomerOption[] }>('/api/customers', { query: { search, limit: 10 }, silent: true });
  return data.items;
}

export function useCustomerSearch(search: string) {
  return useQuery({ queryKey: ['email-preview', 'customer-search', search], queryFn: () => searchCustomers(search), retry: false });
}

export const customerLabel = (c: CustomerOption) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email || c.mobile_number || `#${c.id}`;
