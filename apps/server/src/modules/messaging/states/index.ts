/**
 * The one owner of message states: every update of `messages` and every row of `message_events`
 * is written here (a test keeps it so), each update guarded by MESSAGE_TRANSITIONS so a late,
 * repeated or out-of-order write never moves a message back or out of a final state. Creating
 * messages is the pipeline's entrance (pipeline/enqueue.ts, campaigns' SQL expansion).
 */
export { type EventRow, recordEvents } from './events.ts';
export { redactContent, setMessageContent, setSmsParts, stampEngagement, stampLinkClick } from './content.ts';
export {
  type CampaignScope,
  cancelCampaignMessages,
  cancelScheduledSend,
  holdCampaignMessages,
  releaseCampaignMessages,
  releaseScheduledSend,
} from './lifecycle.ts';
export { applyProviderRound } from './provider.ts';
export {
  applyReceipts,
  type ConsumedKey,
  dropParkedReceipts,
  flagPossibleDuplicates,
  markSmsSent,
  moveToNextConnection,
  type ReceiptChange,
  recoverInflight,
} from './sms.ts';
export {
  backToChannelQueue,
  claimForChannelSend,
  markChannelSent,
  markQueued,
  markQueuedRouted,
  type Refusal,
  type RoutedSms,
  refuse,
  type StageRow,
} from './stages.ts';
export { onMessageStatuses, type StatusListener } from './publish.ts';
