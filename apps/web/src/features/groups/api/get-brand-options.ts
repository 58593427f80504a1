import type { Page } from '@risala/shared';
import type { Brand } from '@risala/shared/schemas/brands';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The account's brands by name (first 100) for the segment's Brand condition: names, not raw ids. */
export async function getBrandOptions(): Promise<{ value: string; label: string }[]> {
  const { data } = await api.get<Page<Brand>>('/api/brands', { query: { limit: 100, sort: 'name', order: 'asc' } });
  return data.items.map((b) => ({ value: String(b.id), label: b.name }));
}

export function useBrandOptions() {
  // the brand area's key prefix (and the content area's same options): brand changes refresh it
  return useQuery({ queryKey: ['brands', 'options'], queryFn: getBrandOptions });
}
