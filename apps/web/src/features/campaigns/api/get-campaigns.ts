import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type CampaignListParams, campaignKeys, LIVE_MS, LIVE_STATES } from './keys.ts';
import type { Campaign, CampaignListItem, Page } from './types.ts';

/** GET /api/campaigns?search&status&channel&page&limit (newest first). */
export async function getCampaigns(p: CampaignListParams): Promise<Page<CampaignListItem>> {
  const { data } = await api.get<Page<CampaignListItem>>('/api/campaigns', {
    query: { page: p.page, limit: p.limit, search: p.search, status: p.status, channel: p.channel, sort: 'created_at', order: 'desc' },
    silent: true,
  });
  return data;
}

export function useCampaigns(p: CampaignListParams) {
  return useQuery({
    queryKey: campaignKeys.list(p),
    queryFn: () => getCampaigns(p),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((c) => LIVE_STATES.includes(c.status)) ? LIVE_MS * 2 : false),
  });
}

/** The user's own drafts, last edited first (GET /api/users/{userId}/campaigns?status=DRAFT): what /campaign offers to continue. */
export function useOwnDrafts(userId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...campaignKeys.all, 'list', 'own-drafts', userId],
    queryFn: async () =>
      (
        await api.get<Page<Campaign>>(`/api/users/${userId}/campaigns`, {
          query: { status: 'DRAFT', sort: 'updated_at', order: 'desc', limit: 3 },
          silent: true,
        })
      ).data,
    enabled: enabled && Boolean(userId),
    staleTime: 0,
  });
}
