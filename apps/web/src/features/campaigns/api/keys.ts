import type { BATCH_VIEWS, CampaignState } from '@risala/shared/schemas/campaigns';
import type { Channel } from '@risala/shared/schemas/messages';

export interface CampaignListParams {
  page: number;
  limit: number;
  search: string;
  status: CampaignState | null;
  channel: Channel | null;
}

export type BatchView = (typeof BATCH_VIEWS)[number];

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (p: CampaignListParams) => ['campaigns', 'list', p] as const,
  one: (id: number) => ['campaigns', 'one', id] as const,
  audience: (id: number) => ['campaigns', 'one', id, 'audience'] as const,
  estimate: (id: number) => ['campaigns', 'one', id, 'estimate'] as const,
  progress: (id: number) => ['campaigns', 'one', id, 'progress'] as const,
  report: (id: number) => ['campaigns', 'one', id, 'report'] as const,
  batches: (view: BatchView, page: number, search: string) => ['campaigns', 'batches', view, page, search] as const,
  campaignBatches: (campaignId: number) => ['campaigns', 'batches', 'campaign', campaignId] as const,
  options: (what: string, ...rest: unknown[]) => ['campaigns', 'options', what, ...rest] as const,
};

/** Refresh period while a campaign moves (progress, report, lists). */
export const LIVE_MS = 2000;

/** States in which a campaign still changes on its own. */
export const LIVE_STATES: CampaignState[] = ['SCHEDULED', 'WAITING_FOR_APPROVAL', 'RUNNING', 'PAUSED'];
