/**
 * The WhatsApp channel driver: each QUEUED row goes out as `POST /{phone_number_id}/messages`
 * through the Cloud API client with its sender's own (decrypted) access token. The row's payload
 * says what to send — an approved template with its body parameters, or free text (`body`). The
 * wamid Meta answers becomes provider_message_id; status webhooks later match it.
 * Throttling, 5xx and network errors are retryable; Meta's permanent errors (131047 outside the
 * 24-hour window, 132001 unknown template, invalid number …) fail the message with Meta's reason.
 */
import pLimit from 'p-limit';
import { inArray } from 'drizzle-orm';
import { whatsappSenders } from '../../db/schema/index.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import type { ChannelDriver, MessageRow, SendOutcome } from '../../modules/messaging/index.ts';
import { reason } from '../reason.ts';
import { type CloudApi, CloudApiError, type CloudOutgoingMessage, createCloudApi } from './cloud-api.ts';

/** messages.payload of a WhatsApp message. */
export type WhatsappPayload = { type: 'template'; template_name: string; language: string; params: string[] } | { type: 'text' };

/** Meta's codes that mean "try again later" (throttling, temporary unavailability). */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 341, 80007, 130429, 131000, 131016, 131056, 133004]);
export const WINDOW_CLOSED_CODE = 131047;
const CONCURRENCY = 16;

export function outcomeOfError(err: unknown): SendOutcome {
  if (!(err instanceof CloudApiError)) {
    return {
      ok: false,
      retryable: true,
      error_code: 'WHATSAPP_API_ERROR',
      error_message: reason('whatsapp.unreachable', { detail: (err as Error).message }),
    };
  }
  if (err.code === WINDOW_CLOSED_CODE) {
    return { ok: false, retryable: false, error_code: 'WHATSAPP_WINDOW_CLOSED', error_message: reason('whatsapp.windowClosed') };
  }
  const retryable =
    err.status === 0 || err.status === 429 || err.status >= 500 || (err.code !== undefined && RETRYABLE_CODES.has(err.code));
  const code = err.code !== undefined ? ` (#${err.code})` : err.status ? ` (HTTP ${err.status})` : '';
  return {
    ok: false,
    retryable,
    error_code: 'WHATSAPP_API_ERROR',
    error_message: reason('whatsapp.refused', { detail: `${err.reason}${code}` }),
  };
}

export function outgoingOf(row: MessageRow): CloudOutgoingMessage {
  const p = (row.payload ?? {}) as Partial<WhatsappPayload> & { template_name?: string; language?: string; params?: string[] };
  if (p.type === 'template' && p.template_name) {
    return { type: 'template', to: row.recipient, name: p.template_name, language: p.language ?? 'en_US', params: p.params ?? [] };
  }
  return { type: 'text', to: row.recipient, text: row.body };
}

export const whatsappDriver: ChannelDriver = {
  async send(ctx, rows) {
    const wa = ctx.config.whatsapp;
    const ids = [...new Set(rows.map((r) => r.whatsapp_sender_id).filter((id): id is number => id !== null))];
    const senders = ids.length ? await ctx.db.select().from(whatsappSenders).where(inArray(whatsappSenders.id, ids)) : [];
    const apis = new Map<number, { api: CloudApi; phoneNumberId: string } | SendOutcome>();
    for (const s of senders) {
      const token = s.access_token_enc ? decryptSecret(ctx.config.encryptionKey, s.access_token_enc) : wa.accessToken;
      if (!wa.apiBase) {
        apis.set(s.id, { ok: false, retryable: true, error_code: 'SERVICE_UNAVAILABLE', error_message: reason('whatsapp.notConfigured') });
      } else if (!token || s.status !== 'ACTIVE') {
        apis.set(s.id, { ok: false, retryable: false, error_code: 'NO_ACTIVE_SENDER', error_message: reason('whatsapp.senderNotReady') });
      } else {
        apis.set(s.id, {
          api: createCloudApi({ base: wa.apiBase, version: wa.apiVersion, accessToken: token, timeoutMs: 15_000 }),
          phoneNumberId: s.phone_number_id,
        });
      }
    }
    return pLimit(CONCURRENCY).map(rows, async (row): Promise<SendOutcome> => {
      const owner = senders.find((s) => s.id === row.whatsapp_sender_id)?.account_id;
      const target = row.whatsapp_sender_id === null || owner !== row.account_id ? undefined : apis.get(row.whatsapp_sender_id);
      if (!target) return { ok: false, retryable: false, error_code: 'NO_ACTIVE_SENDER', error_message: reason('whatsapp.senderGone') };
      if ('ok' in target) return target;
      try {
        const sent = await target.api.sendMessage(target.phoneNumberId, outgoingOf(row));
        const wamid = sent.messages?.[0]?.id;
        if (!wamid) return { ok: false, retryable: true, error_code: 'WHATSAPP_API_ERROR', error_message: reason('whatsapp.noMessageId') };
        return { ok: true, provider_message_id: wamid };
      } catch (err) {
        return outcomeOfError(err);
      }
    });
  },
};
