import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PlanOffer {
  key: string;
  name: string;
  price: number;
  currency: string;
  interval: string;
  /** Catalogue keys (e.g. "plans.features.unlimitedCampaigns") or plain text. */
  features: string[];
  recommended?: boolean;
}

/** GET /api/subscription/plans → data {items}. */
export async function fetchPlans(): Promise<PlanOffer[]> {
  const { data } = await api.get<{ items: PlanOffer[] }>('/api/subscription/plans');
  return data?.items ?? [];
}

export const plansQuery = queryOptions({ queryKey: ['subscription', 'plans'], queryFn: fetchPlans, staleTime: 10 * 60_000 });

export function usePlans() {
  return useQuery(plansQuery);
}
