import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignKeys } from './keys.ts';
import type { AudienceCount, Campaign, CampaignEstimate } from './types.ts';

/** GET /api/campaigns/{id}: the campaign and the account's time zone. */
export async function getCampaign(id: number): Promise<Campaign> {
  return (await api.get<Campaign>(`/api/campaigns/${id}`, { silent: true })).data;
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: campaignKeys.one(id ?? 0),
    queryFn: () => getCampaign(id as number),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/campaigns/{id}/audience-count: the live count after exclusions, blacklists and consent. `version` refetches after a save. */
export function useAudienceCount(id: number | null, version: string) {
  return useQuery({
    queryKey: [...campaignKeys.audience(id ?? 0), version],
    queryFn: async () => (await api.get<AudienceCount>(`/api/campaigns/${id}/audience-count`, { silent: true })).data,
    enabled: id !== null,
    retry: false,
  });
}

/** GET /api/campaigns/{id}/estimate: messages, SMS parts, credits against the balance, cost. */
export function useEstimate(id: number | null, version: string) {
  return useQuery({
    queryKey: [...campaignKeys.estimate(id ?? 0), version],
    queryFn: async () => (await api.get<CampaignEstimate>(`/api/campaigns/${id}/estimate`, { silent: true })).data,
    enabled: id !== null,
    retry: false,
  });
}
