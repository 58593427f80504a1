/**
 * Applying a Cloud API status to a template, from the signed webhook or from check-status: stale
 * events never override newer ones, repeated deliveries change nothing, and the author hears of
 * every decision once.
 */
import { WA_STATUSES, type WaStatus } from '@risala/shared/schemas/whatsapp';
import type { DbOrTx } from '../../db/client.ts';
import type { whatsappTemplates } from '../../db/schema/index.ts';
import { notify } from '../notifications/index.ts';
import * as repo from './whatsapp-templates.repo.ts';

type Row = typeof whatsappTemplates.$inferSelect;

const NOTIFY_KEYS: Partial<Record<WaStatus, string>> = {
  APPROVED: 'whatsappTemplateApproved',
  REJECTED: 'whatsappTemplateRejected',
  PAUSED: 'whatsappTemplatePaused',
  DISABLED: 'whatsappTemplateDisabled',
};

/** Meta's status or event name → ours (REINSTATED means approved again); unknown ones are ignored. */
export function toLocalStatus(value: unknown): WaStatus | null {
  if (value === 'REINSTATED') return 'APPROVED';
  if (value === 'IN_APPEAL') return 'PENDING';
  return (WA_STATUSES as readonly unknown[]).includes(value) && value !== 'DRAFT' ? (value as WaStatus) : null;
}

/** Returns the updated row, or null when the event was stale, repeated or about a local draft. */
export async function applyCloudStatus(
  tx: DbOrTx,
  row: Row,
  status: WaStatus,
  reason: string | null | undefined,
  at: Date,
): Promise<Row | null> {
  // a draft (edited after a rejection) waits for its next submission; older news is about the old text
  if (row.status === 'DRAFT') return null;
  // the Cloud API stamps events in whole seconds
  if (row.status_updated_at && Math.floor(row.status_updated_at.getTime() / 1000) * 1000 > at.getTime()) return null;
  const rejection = status === 'REJECTED' ? (reason && reason !== 'NONE' ? reason : 'UNKNOWN') : null;
  if (row.status === status && row.rejection_reason === rejection) return null;
  const updated = await repo.update(tx, row.account_id, row.id, {
    status,
    rejection_reason: rejection,
    status_updated_at: at,
  });
  const key = NOTIFY_KEYS[status];
  if (key && row.created_by) {
    await notify(tx, { accountId: row.account_id, userId: row.created_by }, 'template_status', key, {
      name: row.name,
      language: row.language,
      // the reason in the reader's words, not Meta's code ("PROMOTIONAL")
      reason: rejection ? { key: `whatsapp.reasons.${rejection}` } : '',
    });
  }
  return updated;
}
