import type { PlanOffer } from '@risala/shared/schemas/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { PlanOffer };

/** GET /api/subscription/plans → data {items}. */
export async function fetchPlans(): Promise<PlanOffer[]> {
  const { data } = await api.get<{ items: PlanOffer[] }>('/api/subscription/plans');
  return data?.items ?? [];
}

export const plansQuery = queryOptions({ queryKey: ['subscription', 'plans'], queryFn: fetchPlans, staleTime: 10 * 60_000 });

export function usePlans() {
  return useQuery(plansQuery);
}
