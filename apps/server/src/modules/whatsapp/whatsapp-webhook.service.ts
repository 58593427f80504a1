/**
 * Meta's signed webhook events (the routes are in whatsapp-webhook.routes.ts). The signature covers
 * the raw bytes: receiveWhatsappWebhook checks X-Hub-Signature-256 (HMAC-SHA256, compared in constant time)
 * with the platform's app secret — or, for a sender set up with its own Meta app, that sender's
 * app secret, which then vouches only for its own phone number's changes, matched within its
 * account (sendersVouching). Template status updates find their template by the
 * Cloud API id across accounts: the row tells the account. `messages` changes carry message
 * statuses (sent, delivered, read, failed → applyProviderStatuses, out-of-order safe) and inbound
 * customer messages (→ inbound-whatsapp.ts: window, STOP, MO blacklist, auto-reply).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { applyProviderStatusesSoon, handleInboundWhatsapp, type InboundWhatsapp, type ProviderStatus, reason } from '../messaging/index.ts';
import { applyCloudStatus, toLocalStatus } from './whatsapp-status.ts';
import * as repo from './whatsapp-templates.repo.ts';

export function verifySignature(appSecret: string, raw: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface StatusUpdate {
  event?: unknown;
  message_template_id?: unknown;
  reason?: unknown;
}
interface WebhookPayload {
  object?: unknown;
  entry?: { time?: unknown; changes?: { field?: unknown; value?: unknown }[] }[];
}

async function applyTemplateStatus(ctx: AppContext, value: StatusUpdate, time: unknown) {
  const status = toLocalStatus(value.event);
  const externalId = value.message_template_id;
  if (!status || (typeof externalId !== 'string' && typeof externalId !== 'number')) return;
  const at = typeof time === 'number' && Number.isFinite(time) ? new Date(time * 1000) : new Date();
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findByExternalId(tx, String(externalId));
    if (!row) return; // not ours (or already deleted): acknowledge, nothing to change
    await applyCloudStatus(tx, row, status, typeof value.reason === 'string' ? value.reason : null, at);
  });
}

/**
 * A sender set up with its own Meta app signs with that app's secret. The payload names phone
 * number ids; each one whose bound sender (set up: one per id, with an app secret) verifies the
 * signature is vouched for, mapped to the sender's account. Empty: nobody vouches.
 */
async function sendersVouching(ctx: AppContext, payload: WebhookPayload, raw: Buffer, header: unknown): Promise<Map<string, number>> {
  const ids = new Set<string>();
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      const id = str((change.value as MessagesValue | undefined)?.metadata?.phone_number_id);
      if (change.field === 'messages' && id) ids.add(id);
    }
  }
  const out = new Map<string, number>();
  if (ids.size === 0 || typeof header !== 'string') return out;
  const { rows } = await ctx.db.execute<{ phone_number_id: string; account_id: number; app_secret_enc: string | null }>(sql`
    select phone_number_id, account_id, app_secret_enc from whatsapp_senders
     where phone_number_id = any(${sql.param([...ids])}::text[]) and setup_completed_at is not null`);
  for (const id of ids) {
    const senders = rows.filter((r) => r.phone_number_id === id);
    const [only] = senders;
    if (senders.length !== 1 || !only?.app_secret_enc) continue;
    let secret: string;
    try {
      secret = decryptSecret(ctx.config.encryptionKey, only.app_secret_enc);
    } catch {
      continue;
    }
    if (verifySignature(secret, raw, header)) out.set(id, only.account_id);
  }
  return out;
}

interface MessagesValue {
  metadata?: { phone_number_id?: unknown };
  statuses?: {
    id?: unknown;
    status?: unknown;
    timestamp?: unknown;
    errors?: { code?: unknown; title?: unknown; message?: unknown; error_data?: { details?: unknown } }[];
  }[];
  messages?: {
    from?: unknown;
    id?: unknown;
    timestamp?: unknown;
    type?: unknown;
    text?: { body?: unknown };
    button?: { text?: unknown };
    interactive?: { button_reply?: { title?: unknown }; list_reply?: { title?: unknown } };
  }[];
}

const STATUS_MAP: Record<string, ProviderStatus['status']> = { sent: 'SENT', delivered: 'DELIVERED', read: 'READ', failed: 'FAILED' };
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const unixTime = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 && n < 1e11 ? new Date(n * 1000) : new Date();
};

/** Meta's failure codes people meet most, in our words; any other keeps Meta's text as the detail. */
const KNOWN_FAILURES: Record<string, string> = {
  '131026': 'whatsapp.notOnWhatsapp',
  '131047': 'whatsapp.windowClosed',
  '131049': 'whatsapp.marketingLimit',
  '131050': 'whatsapp.stoppedMarketing',
};
const failureReason = (code: unknown, detail: string) => {
  const known = KNOWN_FAILURES[str(code)];
  return known ? reason(known) : reason('whatsapp.reported', { detail: (detail || 'Failed').slice(0, 500) });
};

/** Statuses and inbound messages of one `messages` change. */
export function readMessagesChange(value: MessagesValue) {
  const statuses: ProviderStatus[] = [];
  for (const s of value.statuses ?? []) {
    const status = STATUS_MAP[str(s?.status)];
    if (!status || !str(s.id)) continue;
    const e = s.errors?.[0];
    const detail = [str(e?.title) || str(e?.message), str(e?.error_data?.details)].filter(Boolean).join(': ');
    statuses.push({
      channel: 'whatsapp',
      provider_message_id: str(s.id).slice(0, 200),
      status,
      at: unixTime(s.timestamp),
      ...(status === 'FAILED'
        ? { error_code: e?.code !== undefined ? `WA_${str(e.code)}` : 'WHATSAPP_API_ERROR', error_message: failureReason(e?.code, detail) }
        : {}),
    });
  }
  const inbound: InboundWhatsapp[] = [];
  const phoneNumberId = str(value.metadata?.phone_number_id);
  for (const m of value.messages ?? []) {
    if (!phoneNumberId || !str(m?.from) || !str(m.id)) continue;
    const text =
      str(m.text?.body) ||
      str(m.button?.text) ||
      str(m.interactive?.button_reply?.title) ||
      str(m.interactive?.list_reply?.title) ||
      `[${str(m.type) || 'message'}]`;
    inbound.push({
      phone_number_id: phoneNumberId,
      from: str(m.from),
      text: text.slice(0, 4096),
      wamid: str(m.id).slice(0, 200),
      at: unixTime(m.timestamp),
    });
  }
  return { statuses, inbound };
}

/** One signed POST from Meta: verified (platform or a sender's own app), then applied. */
export async function receiveWhatsappWebhook(ctx: AppContext, raw: Buffer, header: unknown): Promise<void> {
  const wa = ctx.config.whatsapp;
  const platform = Boolean(wa.appSecret) && verifySignature(wa.appSecret, raw, header);
  let payload: WebhookPayload;
  try {
    payload = JSON.parse(raw.toString('utf8'));
  } catch {
    if (!platform) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    throw new AppError('BAD_REQUEST');
  }
  // not the platform's app: the senders whose own app secret signed it vouch for their numbers only
  const trusted = platform ? null : await sendersVouching(ctx, payload, raw, header);
  if (trusted !== null && trusted.size === 0) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  if (payload.object === 'whatsapp_business_account') {
    for (const entry of payload.entry ?? []) {
      for (const change of entry.changes ?? []) {
        if (change.field === 'message_template_status_update' && change.value && typeof change.value === 'object') {
          if (trusted === null) await applyTemplateStatus(ctx, change.value as StatusUpdate, entry.time);
        } else if (change.field === 'messages' && change.value && typeof change.value === 'object') {
          const value = change.value as MessagesValue;
          const accountId = trusted?.get(str(value.metadata?.phone_number_id));
          if (trusted !== null && accountId === undefined) continue;
          const { statuses, inbound } = readMessagesChange(value);
          // a sender's secret proves its account: its statuses match that account's messages only
          if (statuses.length)
            await applyProviderStatusesSoon(
              ctx,
              accountId === undefined ? statuses : statuses.map((s) => ({ ...s, account_id: accountId })),
            );
          if (inbound.length) await handleInboundWhatsapp(ctx, inbound);
        }
      }
    }
  }
}
