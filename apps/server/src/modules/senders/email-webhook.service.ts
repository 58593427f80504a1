/**
 * Public email endpoints (no session; the routes are in email-public.routes.ts):
 * - POST /api/sender-management/email/webhook-events/{senderId}: SendGrid's Event Webhook. The
 *   body is signed with ECDSA P-256 over `timestamp + raw body`; the sender's configured
 *   verification key (`sendgrid_webhook_key`, base64 DER or PEM) checks it, and the signed
 *   timestamp must be within 10 minutes of now (no late replays); an event already stored (its
 *   sg_event_id, or for an event without one a hash of the event) is skipped, so a replay inside
 *   that window changes nothing. Events land in
 *   email_events of the sender's account (bounces, drops, deliveries… with their reason), and move
 *   the account's messages matched by sg_message_id: delivered → DELIVERED, open → READ,
 *   bounce/dropped → FAILED with the reason (applyProviderStatuses, out-of-order safe).
 * - GET /api/sender-management/email/verify?token=: the single-use link mailed by verify-sender.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { applyProviderStatusesSoon, type ProviderStatus, reason } from '../messaging/index.ts';
import * as repo from './email.repo.ts';

export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

/** How far a signed timestamp may be from now: a captured request cannot be replayed later. */
export const WEBHOOK_MAX_SKEW_S = 600;

export function verifyEventSignature(
  publicKey: string,
  raw: Buffer,
  signature: unknown,
  timestamp: unknown,
  nowS = Date.now() / 1000,
): boolean {
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !signature || !timestamp) return false;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowS - Number(timestamp)) > WEBHOOK_MAX_SKEW_S) return false;
  try {
    const key = publicKey.includes('BEGIN')
      ? createPublicKey(publicKey)
      : createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return verify('sha256', Buffer.concat([Buffer.from(timestamp), raw]), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

interface SendgridEvent {
  event?: unknown;
  email?: unknown;
  timestamp?: unknown;
  sg_message_id?: unknown;
  sg_event_id?: unknown;
  reason?: unknown;
  response?: unknown;
  risala_account_id?: unknown;
}

const str = (v: unknown, max = 500) => (typeof v === 'string' && v ? v.slice(0, max) : null);

/**
 * What identifies an event: SendGrid's sg_event_id, else a hash of the whole event — its JSON with
 * the keys sorted, so a replay that reorders nothing or everything gets the same key.
 */
export function eventKey(event: SendgridEvent): string {
  const id = str(event.sg_event_id, 200);
  if (id) return id;
  const digest = createHash('sha256')
    .update(stringify(event) ?? '')
    .digest('hex');
  return `sha256:${digest}`;
}

const EVENT_STATUS: Record<string, ProviderStatus['status']> = {
  delivered: 'DELIVERED',
  open: 'READ',
  bounce: 'FAILED',
  dropped: 'FAILED',
};

/** SendGrid events → message statuses; sg_message_id is the send's X-Message-Id plus a filter suffix. */
export function statusesOf(
  rows: { event: string; sg_message_id: string | null; reason: string | null; occurred_at: Date; account_id: number }[],
): ProviderStatus[] {
  return rows.flatMap((r) => {
    const status = EVENT_STATUS[r.event];
    const pid = r.sg_message_id?.split('.')[0];
    if (!status || !pid) return [];
    return [
      {
        channel: 'email' as const,
        provider_message_id: pid,
        status,
        at: r.occurred_at,
        account_id: r.account_id,
        ...(status === 'FAILED'
          ? {
              error_code: `EMAIL_${r.event.toUpperCase()}`,
              error_message: reason(r.event === 'dropped' ? 'email.dropped' : 'email.bounce', { detail: r.reason ?? r.event }),
            }
          : {}),
      },
    ];
  });
}

/** One signed SendGrid POST for a sender: verified, stored once per event, applied to messages. */
export async function receiveSendgridEvents(
  ctx: AppContext,
  senderId: number,
  raw: Buffer,
  headers: Record<string, unknown>,
): Promise<{ received: number; duplicates: number }> {
  const sender = Number.isSafeInteger(senderId) && senderId > 0 ? await repo.findEmailSenderById(ctx.db, senderId) : null;
  // an unknown sender answers like a bad signature: nothing to learn by probing ids
  if (
    !sender?.sendgrid_webhook_key ||
    !verifyEventSignature(sender.sendgrid_webhook_key, raw, headers[SIGNATURE_HEADER], headers[TIMESTAMP_HEADER])
  ) {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
  let events: unknown;
  try {
    events = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST');
  }
  if (!Array.isArray(events)) throw new AppError('BAD_REQUEST');
  const rows = (events as SendgridEvent[])
    .filter((e) => e && typeof e === 'object' && str(e.event, 50))
    // a custom arg naming another account cannot move events across tenants
    .filter((e) => e.risala_account_id === undefined || String(e.risala_account_id) === String(sender.account_id))
    .map((e) => ({
      account_id: sender.account_id,
      sender_id: sender.id,
      event: str(e.event, 50) as string,
      email: str(e.email, 254),
      sg_message_id: str(e.sg_message_id, 200),
      sg_event_id: str(e.sg_event_id, 200),
      event_key: eventKey(e),
      reason: str(e.reason) ?? str(e.response),
      occurred_at: typeof e.timestamp === 'number' && e.timestamp > 0 && e.timestamp < 1e11 ? new Date(e.timestamp * 1000) : new Date(),
      raw: e as Record<string, unknown>,
    }));
  // a replay inside the signature window (or SendGrid's own retry) carries the same events: each
  // stored once (by event_key), and only what was stored now moves messages
  const stored = await repo.insertEmailEvents(ctx.db, rows);
  await applyProviderStatusesSoon(ctx, statusesOf(stored));
  return { received: stored.length, duplicates: rows.length - stored.length };
}
