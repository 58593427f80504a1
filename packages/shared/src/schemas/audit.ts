import { z } from 'zod';
import { envelopeOf } from './common.ts';

/**
 * The audit log (/audit-log): who did what, to what, and when — read by owners and
 * admins (permission tree: audit_log), newest first, in keyset pages, exportable as CSV.
 */

/** The actions the product writes (the filter offers these; an unknown action still lists and filters). */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.password_changed',
  'auth.password_reset',
  'user.invited',
  'user.invitation_resent',
  'user.invitation_revoked',
  'user.invitation_accepted',
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'user.approved',
  'customers.import.consent_declared',
  'sender.approved',
  'sender.rejected',
  'template.approved',
  'template.rejected',
  'whatsapp_template.approved',
  'whatsapp_template.rejected',
  'campaign.launched',
  'campaign.cancelled',
  'account.updated',
  'account.suspended',
  'account.reactivated',
  'company.updated',
  'notification_settings.updated',
  'role.created',
  'role.updated',
  'role.deleted',
  'batch.gateway_approved',
  'batch.gateway_rejected',
  'ai_settings.updated',
  'gateway.connection_created',
  'gateway.connection_updated',
  'gateway.connection_deleted',
  'sub_account.created',
  'credits.allocated',
  'credits.received',
  'credits.adjusted',
  'payment.recorded',
  'invoice.instalments_set',
  'invoice.reversed',
  'billing.suspended',
  'billing.resumed',
] as const;

/** The kinds of target an entry names. */
export const AUDIT_TARGET_TYPES = [
  'account',
  'user',
  'invitation',
  'role',
  'sender',
  'template',
  'whatsapp_template',
  'campaign',
  'batch',
  'connection',
  'import',
  'sub_account',
  'invoice',
] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' });

export const auditQuerySchema = z
  .object({
    /** a user of the account */
    actor_id: z.coerce.number().int().positive().optional(),
    action: z.string().trim().min(1).max(100).optional(),
    target_type: z.string().trim().min(1).max(50).optional(),
    /** yyyy-mm-dd, days in the account's time zone, both inclusive */
    from: day.optional(),
    to: day.optional(),
    /** the next_cursor of the previous page */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1, { error: 'validation.min' }).max(100, { error: 'validation.max' }).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'validation.dateRange', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditFilter = Omit<AuditQuery, 'cursor' | 'limit'>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor_type: z.string(),
  actor_id: z.number().int().nullable(),
  /** the user's current name and address when the actor is a user still in the account, else the label kept */
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  ip: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** pass as cursor for the next (older) page; null on the last page */
  next_cursor: z.string().nullable(),
  /** the account's time zone (the days of from/to) */
  time_zone: z.string(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditPageEnvelopeSchema = envelopeOf(auditPageSchema);

/** The filter choices: the account's users (actors). */
export const auditActorsEnvelopeSchema = envelopeOf(z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })));
