/** What the campaign API answers (the server's rows and computed views; snake_case as on the wire). */
import type { AB_METRICS, CampaignContent, CampaignFunnel, CampaignState } from '@risala/shared/schemas/campaigns';
import type { Channel } from '@risala/shared/schemas/messages';

export interface Campaign {
  id: number;
  name: string;
  brand_id: number | null;
  objective: string | null;
  channels: Channel[];
  audience: { group_ids?: number[]; exclude_group_ids?: number[] } | null;
  content: CampaignContent | null;
  senders: { sms_sender_id?: number | null; email_sender_id?: number | null; whatsapp_sender_id?: number | null } | null;
  ab_test: {
    split_percent: number;
    metric: (typeof AB_METRICS)[number];
    after_hours: number;
    variant_b: CampaignContent;
    winner?: 'A' | 'B';
    decided_at?: string;
  } | null;
  status: CampaignState;
  schedule_at: string | null;
  launched_at: string | null;
  completed_at: string | null;
  targeted: number;
  estimated_cost: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** GET /api/campaigns/{id} only: the account's time zone */
  timezone?: string;
}

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

export interface AudienceCount {
  total: number;
  reachable: number;
  by_channel: Partial<Record<Channel, number>>;
  by_variant: { variant: string | null; channel: Channel; count: number }[];
}

export interface ChannelEstimate {
  channel: Channel;
  messages: number;
  parts: number;
  credits: number;
  balance: number;
  enough: boolean;
  cost: string;
}

export interface CampaignEstimate {
  audience: AudienceCount;
  channels: ChannelEstimate[];
  messages: number;
  cost: string;
}

export interface CampaignProgress {
  status: CampaignState;
  targeted: number;
  created: number;
  done: number;
  by_status: Record<string, number>;
  percent: number;
}

export interface TimelinePoint {
  at: string;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  failed: number;
}

export interface CampaignReport {
  campaign: Pick<Campaign, 'id' | 'name' | 'status' | 'channels' | 'launched_at' | 'completed_at' | 'ab_test'>;
  targeted: number;
  funnel: CampaignFunnel[];
  bucket: 'minute' | 'hour' | 'day';
  timeline: TimelinePoint[];
  cost: string;
  credits: number;
  estimated_cost: string;
  top_errors: { code: string | null; reason: string; count: number }[];
}

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
