/**
 * The messaging module's front door: what other modules and the routes table may use. Everything
 * else in modules/messaging is its own business (a test keeps imports to this file).
 */
export { resolveEmailSender } from './email-send.service.ts';
export {
  eventsOf,
  type ExportRow,
  exportChunk,
  findById as findMessageById,
  type MessageFilter,
  type MessageRow as HistoryRow,
  messageWhere,
} from './history.repo.ts';
export { creditBalances, type Lang, readableError, timeline } from './history.service.ts';
export { handleInboundWhatsapp, type InboundWhatsapp } from './inbound-whatsapp.ts';
export type { ChannelDriver, MessageRow, NewMessage, ProviderStatus, SendOutcome } from './pipeline/contracts.ts';
export { grantTrialCredits, reserveCredits } from './pipeline/credits.ts';
export { reason } from './pipeline/reason.ts';
export { SmsRuntime } from './pipeline/runtime.ts';
export { pipelineJobs } from './pipeline/tasks.ts';
export { applyProviderStatusesSoon } from './provider-status.ts';
export { sendSms, sendTestSms } from './sms-send.service.ts';
export { type SmsItem, type SmsItemResult, sendSmsItems } from './sms-items.ts';
export { sendEmail } from './email-send.service.ts';
export { onMessageStatuses, recordEvents, setMessageContent, setSmsParts, stampEngagement, stampLinkClick } from './states/index.ts';
export {
  beginCampaignChunk,
  type CampaignScope,
  cancelSends,
  enqueueCampaignChunk,
  firstUnsentMessage,
  pauseSends,
  resumeSends,
  sendInserted,
} from './campaign-sends.ts';
export { fillParams, resolveWhatsappSender, sandboxInbound, sendWhatsapp, sendWhatsappMessage } from './whatsapp-send.service.ts';
