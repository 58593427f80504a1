/** What the campaign API answers: the response schemas of packages/shared (snake_case as on the wire). */
export type { Page } from '@risala/shared';
export type {
  AudienceCount,
  Batch,
  Campaign,
  CampaignEstimate,
  CampaignListItem,
  CampaignProgress,
  CampaignResults,
  ChannelEstimate,
} from '@risala/shared/schemas/campaigns';
export type { CampaignReport, ReportFunnel, ReportPoint } from '@risala/shared/schemas/campaign-report';
