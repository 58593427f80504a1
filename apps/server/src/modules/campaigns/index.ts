/**
 * The campaigns module's front door: what other modules and the routes table may use. Everything
 * else in modules/campaigns is its own business (a test keeps imports to this file).
 */
export { type Audience, buildAudience, countAudience } from './audience.ts';
export { gatewayReviewAs } from './batches.service.ts';
export { pauseAccountCampaigns } from './execution.ts';
export { createCampaign, estimateOf, requireCampaign } from './campaigns.service.ts';
export { FUNNEL_COUNTS } from './report.service.ts';
export { campaignJobs } from './tasks.ts';
export { type CampaignRow, findCampaign, updateCampaign } from './campaigns.repo.ts';
export { channelPlan } from './content.ts';
export { campaignReport } from './report.service.ts';
