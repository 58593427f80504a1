import type { AudienceMetrics, ChannelMetrics, DashboardFilter, DashboardOverview } from '@risala/shared/schemas/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { filterQuery } from '../filters.ts';
import { dashboardKeys } from './keys.ts';

/** GET /api/dashboard/analytics/{id}: KPIs, series, funnel, campaigns, failures, heatmap, destinations. */
export function useOverview(userId: string, f: DashboardFilter) {
  return useQuery({
    queryKey: dashboardKeys.overview(userId, f),
    queryFn: async () =>
      (await api.get<DashboardOverview>(`/api/dashboard/analytics/${userId}`, { query: filterQuery(f), silent: true })).data,
    // a new filter keeps the charts in place (dimmed) until its figures arrive: no layout jump
    placeholderData: keepPreviousData,
    enabled: Boolean(userId),
  });
}

/** GET /api/dashboard/customers/{id}: audience growth. */
export function useAudience(userId: string, f: DashboardFilter) {
  return useQuery({
    queryKey: dashboardKeys.audience(userId, f),
    queryFn: async () =>
      (await api.get<AudienceMetrics>(`/api/dashboard/customers/${userId}`, { query: filterQuery(f), silent: true })).data,
    placeholderData: keepPreviousData,
    enabled: Boolean(userId),
  });
}

/** GET /api/dashboard/channel-metrics: per channel and sender. */
export function useChannelMetrics(f: DashboardFilter) {
  return useQuery({
    queryKey: dashboardKeys.channels(f),
    queryFn: async () => (await api.get<ChannelMetrics>('/api/dashboard/channel-metrics', { query: filterQuery(f), silent: true })).data,
    placeholderData: keepPreviousData,
  });
}
