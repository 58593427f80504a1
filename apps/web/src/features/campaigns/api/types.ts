/** What the campaign API answers (the server's rows and computed views; snake_case as on the wire). */
import type { CampaignDto, CampaignState } from '@risala/shared/schemas/campaigns';

/** A campaign (GET /api/campaigns/{id} adds the account's time zone). */
export type Campaign = CampaignDto & { timezone?: string };

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

export type { AudienceCount, CampaignEstimate, CampaignProgress, ChannelEstimate } from '@risala/shared/schemas/campaigns';
export type { CampaignReport, ReportFunnel, ReportPoint } from '@risala/shared/schemas/campaign-report';

export interface Batch {
  id: number;
  batch_id: string;
  campaign_id: number;
  campaign_name: string | null;
  campaign_status: CampaignState | null;
  variant: string | null;
  message_count: number;
  message_cost: string;
  scheduled_at: string | null;
  scheduled_date: string | null;
  scheduled_time: string | null;
  timezone: string;
  request_priority: number;
  request_type: string;
  request_source: string;
  approval_status: string | null;
  approved_by_username: string | null;
  gateway_status: string | null;
  gateway_reviewer_username: string | null;
  requires_gateway_review: boolean;
  rejection_reason: string | null;
  rejected_date: string | null;
  processing_status: string | null;
  canceled_at: string | null;
  batch_canceled_by_username: string | null;
  created_at: string;
}
