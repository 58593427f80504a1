/**
 * AI Analytics: insights computed from the account's data, a campaign against its
 * baseline, the analytics dashboard. Its history reads (source.ts) are also what AI plans rest on.
 */
export {
  type CampaignChannel,
  type Cell,
  type Counts,
  campaignChannels,
  channelWindow,
  engagementCells,
  SOURCE,
} from './source.ts';
export { computeInsights, insightFacts } from './insights.service.ts';
