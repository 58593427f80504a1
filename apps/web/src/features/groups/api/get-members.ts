import type { Page } from '@risala/shared';
import type { GroupMember } from '@risala/shared/schemas/groups';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './get-groups.ts';

export interface MemberParams {
  page: number;
  limit: number;
  search?: string;
}

/** GET /api/groups/{id}/members?page&limit&search: members (static) or matching customers (segment). */
export async function getMembers(id: number, params: MemberParams): Promise<Page<GroupMember>> {
  const { data } = await api.get<Page<GroupMember>>(`/api/groups/${id}/members`, { query: { ...params } });
  return data;
}

export function useMembers(id: number, params: MemberParams) {
  return useQuery({ queryKey: groupKeys.members(id, params), queryFn: () => getMembers(id, params), placeholderData: keepPreviousData });
}

export interface CustomerOption {
  id: number;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  email: string | null;
}

/** GET /api/customers?search&limit: candidates to add to a group. */
export async function searchCustomers(search: string): Promise<CustomerOption[]> {
  const { data } = await api.get<Page<CustomerOption>>('/api/customers', { query: { search: search || undefined, limit: 20 } });
  return data.items;
}

export function useCustomerSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['groups', 'customer-search', search],
    queryFn: () => searchCustomers(search),
    enabled,
    placeholderData: keepPreviousData,
  });
}
