/** The AI Analytics calls: the dashboard (insights with the charts' figures) and an insight's prepared action. */
import type { AnalyticsDashboard, createdGroupEnvelopeSchema } from '@risala/shared/schemas/ai-insights';
import type { DataOf } from '@risala/shared/schemas/common';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const analyticsKeys = {
  dashboard: (days: number) => ['ai-analytics', 'dashboard', days] as const,
};

export function useAnalyticsDashboard(days: number) {
  return useQuery({
    queryKey: analyticsKeys.dashboard(days),
    queryFn: async () =>
      (await api.get<AnalyticsDashboard>('/api/ai/analytics/dashboard', { query: { days }, silent: true, timeoutMs: 60_000 })).data,
    retry: false,
  });
}

/** An action that prepares something first (POST its endpoint), then opens what it made; the one such endpoint is fatigue-group. */
export function usePreparedAction() {
  return useMutation({
    mutationFn: async (endpoint: string) =>
      (await api.post<DataOf<typeof createdGroupEnvelopeSchema>>(endpoint, undefined, { silent: true })).data,
  });
}
