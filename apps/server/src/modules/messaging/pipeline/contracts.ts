/**
 * The contracts between the sending pipeline and the channels. The pipeline (router queue →
 * filter queue → connection queue) moves `messages` rows; SMS goes out through the SMPP connection
 * senders, email and WhatsApp through a ChannelDriver each; provider webhooks (WhatsApp statuses,
 * SendGrid events) come back as ProviderStatus updates.
 */
import type { AppContext } from '../../../context.ts';
import type { messages } from '../../../db/schema/messages.ts';

export type MessageRow = typeof messages.$inferSelect;
/** A row for enqueueMessages: PENDING rows enter the router queue; rows created as BLOCKED/NOT_ALLOWED/SCHEDULED wait or stay. */
export type NewMessage = Omit<typeof messages.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export interface SendOk {
  ok: true;
  provider_message_id: string;
}
export interface SendFail {
  ok: false;
  /** a temporary failure (network, 5xx, throttling): the pipeline retries with backoff */
  retryable: boolean;
  error_code: string;
  /** readable, English (the API translates known codes for the caller) */
  error_message: string;
}
export type SendOutcome = SendOk | SendFail;

/** Email and WhatsApp: send a chunk of QUEUED messages; one outcome per row, in order. */
export interface ChannelDriver {
  send(ctx: AppContext, rows: MessageRow[]): Promise<SendOutcome[]>;
}

/** A status reported by a provider webhook, matched by (channel, provider_message_id). */
export interface ProviderStatus {
  channel: 'email' | 'whatsapp';
  provider_message_id: string;
  status: 'SENT' | 'DELIVERED' | 'READ' | 'FAILED';
  at: Date;
  error_code?: string | null;
  error_message?: string | null;
  /** when the webhook proves the account (SendGrid: per-sender URL), only that account's messages match */
  account_id?: number | null;
}
