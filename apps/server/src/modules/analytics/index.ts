/**
 * The analytics module's front door: rollups of every message state change (kept by triggers in
 * the writer's transaction, folded every second, rebuildable from messages) and the metrics read
 * from them. The dashboard, the campaign report and AI tools read these functions, never
 * `messages`; every function takes the caller's account id first.
 */
export { audienceMetrics } from './audience.ts';
export { type BatchFigures, campaignBatchFigures, campaignFailures, campaignStatusCounts, campaignTimeline } from './campaign-report.ts';
export { campaignDashboard, campaignMetrics, campaignResults } from './campaigns.ts';
export { channelMetrics } from './channels.ts';
export { type ChannelPace, creditsPace, daysLeftAt } from './credits-pace.ts';
export { EventsHub, eventsAfter, type Subscriber } from './events.ts';
export { foldOnce, type RollupFolder, startRollupFolder } from './fold.ts';
export { overview } from './overview.ts';
export { resolveRange } from './range.ts';
export { rebuildAccount, rebuildRollups } from './rebuild.ts';
export { type Mismatch, verifyRollups } from './verify.ts';
export {
  campaignsByChannel,
  type DaysAgo,
  destinations,
  engagementByHour,
  failures,
  type HistoryCounts,
  windowFunnels,
} from './history.ts';
