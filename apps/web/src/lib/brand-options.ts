import type { Page } from '@risala/shared';
import type { Brand } from '@risala/shared/schemas/brands';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** The account's brands by name (first 100), for pickers: content's filter and links, a segment's Brand condition. */
export async function getBrandOptions(): Promise<{ value: string; label: string }[]> {
  const { data } = await api.get<Page<Brand>>('/api/brands', { query: { limit: 100, sort: 'name', order: 'asc' } });
  return data.items.map((b) => ({ value: String(b.id), label: b.name }));
}

export function useBrandOptions() {
  // shares the brand area's key prefix, so brand changes refresh these options too
  return useQuery({ queryKey: ['brands', 'options'], queryFn: getBrandOptions });
}
