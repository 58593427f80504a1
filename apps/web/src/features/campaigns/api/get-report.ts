import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignKeys, LIVE_MS, LIVE_STATES } from './keys.ts';
import type { CampaignProgress, CampaignReport } from './types.ts';

/** GET /api/campaigns/{id}/progress: refreshed every 2 s while the campaign moves. */
export function useProgress(id: number | null) {
  return useQuery({
    queryKey: campaignKeys.progress(id ?? 0),
    queryFn: async () => (await api.get<CampaignProgress>(`/api/campaigns/${id}/progress`, { silent: true })).data,
    enabled: id !== null,
    refetchInterval: (q) => (!q.state.data || LIVE_STATES.includes(q.state.data.status) ? LIVE_MS : false),
  });
}

/** Receipts, reads, opens and clicks keep arriving after the last message is sent. */
export const SETTLING_MS = 15 * 60_000;

/**
 * How often a report is read again without live events: while it runs, then for a while after it
 * completed, then never. With the live stream open it is read on each of its campaign's changes
 * instead (the polling stays as a slow fallback).
 */
export function reportRefreshMs(live: boolean, report: CampaignReport | undefined, streaming = false, now = Date.now()): number | false {
  const completed = report?.campaign.completed_at ? Date.parse(report.campaign.completed_at) : Number.NaN;
  const moving = live || now - completed < SETTLING_MS;
  if (!moving) return false;
  if (streaming) return 30_000;
  return live ? LIVE_MS * 2 : LIVE_MS * 3;
}

/** GET /api/campaigns/{id}/report: funnel per channel and variant, timeline, links, failures, samples, A/B. */
export function useReport(id: number | null, live: boolean, streaming: boolean) {
  return useQuery({
    queryKey: campaignKeys.report(id ?? 0),
    queryFn: async () => (await api.get<CampaignReport>(`/api/campaigns/${id}/report`, { silent: true })).data,
    enabled: id !== null,
    refetchInterval: (q) => reportRefreshMs(live, q.state.data, streaming),
  });
}

/** The per-recipient CSV (same-origin link: the session cookie goes with it). */
export const recipientsCsvUrl = (id: number) => `/api/campaigns/${id}/recipients.csv`;
