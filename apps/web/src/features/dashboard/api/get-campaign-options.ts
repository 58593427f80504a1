import type { CampaignMetricsPage } from '@risala/shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './keys.ts';

/** The campaign filter's choices: the 100 most recently launched campaigns (GET /api/dashboard/campaign-metrics). */
export function useCampaignOptions() {
  return useQuery({
    queryKey: dashboardKeys.campaignOptions,
    queryFn: async () => {
      const { data } = await api.get<CampaignMetricsPage>('/api/dashboard/campaign-metrics', {
        query: { limit: 100, sort: 'launched_at', order: 'desc' },
        silent: true,
      });
      return data.items.map((c) => ({ value: String(c.campaign_id), label: c.name, brand: c.brand_id }));
    },
    staleTime: 60_000,
  });
}
