import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export interface CustomerOption {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  mobile_number: string | null;
}

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
