/** What the batch screens show about a batch: its state, and what "send now" or "cancel" would do. */
import type { Batch } from './api/types.ts';

/** A batch's state for its badge (a key under campaigns.batches.states). */
export function batchState(
  b: Pick<Batch, 'canceled_at' | 'processing_status' | 'gateway_status' | 'approval_status' | 'requires_gateway_review' | 'scheduled_at'>,
): string {
  if (b.canceled_at) return 'CANCELED';
  if (b.processing_status) return b.processing_status;
  if (b.gateway_status) return b.gateway_status;
  // the portal's approval comes first; after it, a batch that needs the gateway review waits for it
  if (b.approval_status === 'PORTAL_WAITING_FOR_APPROVAL' || b.approval_status === 'PORTAL_REJECTED') return b.approval_status;
  if (b.requires_gateway_review) return 'GATEWAY_REVIEW';
  return b.approval_status ?? (b.scheduled_at ? 'SCHEDULED' : 'PROCESSING');
}

type Sibling = Pick<Batch, 'id' | 'message_count' | 'processing_status' | 'canceled_at'>;

export interface BatchImpact {
  /** messages that go out now (send now) or are not sent (cancel) */
  messages: number;
  /** batches concerned: send now moves every unstarted batch of the campaign, cancel only this one */
  batches: number;
  /** cancel: no other live batch is left, so the campaign ends CANCELED */
  lastBatch: boolean;
}

/**
 * What a confirmed action does, from the campaign's batches (`siblings`, this one included or not:
 * the server's rules in batches.service.ts). Without the siblings (not loaded), only this batch counts.
 */
export function batchImpact(kind: 'send-now' | 'cancel', batch: Sibling, siblings: readonly Sibling[] | undefined): BatchImpact {
  const all = siblings ? [batch, ...siblings.filter((s) => s.id !== batch.id)] : [batch];
  if (kind === 'send-now') {
    const moving = all.filter((s) => !s.processing_status && !s.canceled_at);
    return { messages: moving.reduce((n, s) => n + s.message_count, 0), batches: moving.length, lastBatch: false };
  }
  const others = all.filter((s) => s.id !== batch.id && !s.canceled_at);
  return { messages: batch.message_count, batches: 1, lastBatch: siblings !== undefined && others.length === 0 };
}
