import type { ReviewAction, Template, TemplateReviewStatus, TemplateStatus } from '@risala/shared/schemas/templates';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, userActor } from '../audit/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';
import * as repo from './templates.repo.ts';

/**
 * The review workflow: DRAFT → PENDING_REVIEW → APPROVED | REJECTED, and REJECTED →
 * PENDING_REVIEW on resubmission. Editing an APPROVED or PENDING_REVIEW template reopens it to
 * DRAFT (templates.service). Who may decide is checked by the route ('approve' on 'template').
 */
const TRANSITIONS: Record<'submit' | 'approve' | 'reject', { from: TemplateStatus[]; to: TemplateStatus; action: ReviewAction }> = {
  submit: { from: ['DRAFT', 'REJECTED'], to: 'PENDING_REVIEW', action: 'submitted' },
  approve: { from: ['PENDING_REVIEW'], to: 'APPROVED', action: 'approved' },
  reject: { from: ['PENDING_REVIEW'], to: 'REJECTED', action: 'rejected' },
};

async function transition(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  step: keyof typeof TRANSITIONS,
  reason: string | null = null,
): Promise<Template> {
  const rule = TRANSITIONS[step];
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findTemplate(tx, auth.accountId, id, true);
    if (!row) throw new AppError('NOT_FOUND');
    if (!rule.from.includes(row.status as TemplateStatus)) {
      throw new AppError('TEMPLATE_INVALID_STATE', { data: { status: row.status } });
    }
    const now = new Date();
    const updated = (await repo.updateTemplateRow(
      tx,
      auth.accountId,
      id,
      step === 'submit'
        ? { status: rule.to, submitted_at: now, submitted_by: auth.userId, rejection_reason: null, reviewed_at: null, reviewed_by: null }
        : { status: rule.to, reviewed_at: now, reviewed_by: auth.userId, rejection_reason: reason },
    )) as repo.TemplateRow;
    await repo.insertReview(tx, { accountId: auth.accountId, templateId: id, action: rule.action, actorId: auth.userId, reason });
    if (step !== 'submit') {
      await audit(tx, {
        accountId: auth.accountId,
        actor: userActor(auth.userId),
        action: step === 'approve' ? 'template.approved' : 'template.rejected',
        target: { type: 'template', id, label: row.template_name },
        data: reason ? { reason } : {},
      });
    }
    const author = row.created_by ?? row.submitted_by;
    if (step !== 'submit' && author) {
      await notify(
        tx,
        { accountId: auth.accountId, userId: author },
        'template_status',
        step === 'approve' ? 'templateApproved' : 'templateRejected',
        step === 'approve' ? { name: row.template_name } : { name: row.template_name, reason: reason ?? '' },
      );
    }
    return repo.toTemplateDto(updated);
  });
}

export const submitForReview = (ctx: AppContext, auth: AuthContext, id: number) => transition(ctx, auth, id, 'submit');
export const approveTemplate = (ctx: AppContext, auth: AuthContext, id: number) => transition(ctx, auth, id, 'approve');
export const rejectTemplate = (ctx: AppContext, auth: AuthContext, id: number, reason: string) =>
  transition(ctx, auth, id, 'reject', reason);

export async function reviewStatus(ctx: AppContext, auth: AuthContext, id: number): Promise<TemplateReviewStatus> {
  const row = await repo.findTemplate(ctx.db, auth.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  const reviewer = row.reviewed_by ? await repo.findAccountUser(ctx.db, auth.accountId, row.reviewed_by) : null;
  return {
    status: row.status as TemplateStatus,
    reason: row.rejection_reason,
    reviewer,
    reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    submitted_at: row.submitted_at ? row.submitted_at.toISOString() : null,
    history: await repo.listReviews(ctx.db, auth.accountId, id),
  };
}

/**
 * For the sending pipeline (campaign issue): the template, if it belongs to the account and is
 * APPROVED; otherwise NOT_FOUND or TEMPLATE_NOT_APPROVED.
 */
export async function assertTemplateApproved(db: DbOrTx, accountId: number, templateId: number) {
  const row = await repo.findTemplate(db, accountId, templateId);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'APPROVED') throw new AppError('TEMPLATE_NOT_APPROVED');
  return repo.toTemplateDto(row);
}
