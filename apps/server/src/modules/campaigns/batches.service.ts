/**
 * Batches: the approval queue (PORTAL_WAITING_FOR_APPROVAL → PORTAL_APPROVED | PORTAL_REJECTED by a
 * user with the campaign `approve` action), gateway review (APPROVED | REJECTED, by a user with the
 * sender `approve` action — the gateway reviewer), and the actions on a scheduled batch: send now,
 * reschedule, cancel. A rejection sends the campaign back to DRAFT with the reason.
 */
import type { batchListQuerySchema } from '@risala/shared/schemas/campaigns';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type Reviewer, userReviewer } from '../audit/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';
import * as repo from './campaigns.repo.ts';
import { requireCampaign } from './campaigns.service.ts';
import { assertTransition, queueBatchStart } from './deploy.service.ts';
import { type BatchRow, cancelMessages, lockBatch, released } from './execution.ts';
import { likePattern } from '../../lib/search.ts';

const VIEWS = {
  approval: sql`b.approval_status = 'PORTAL_WAITING_FOR_APPROVAL'`,
  gateway: sql`b.requires_gateway_review and b.gateway_status is null and b.canceled_at is null
    and (b.approval_status is null or b.approval_status = 'PORTAL_APPROVED')`,
  scheduled: sql`b.processing_status is null and b.canceled_at is null and b.scheduled_at is not null
    and coalesce(b.approval_status, '') <> 'PORTAL_REJECTED' and coalesce(b.gateway_status, '') <> 'REJECTED'`,
  canceled: sql`b.canceled_at is not null`,
  all: sql`true`,
} as const;

const userName = (alias: string) =>
  sql.raw(
    `(select coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) from users u where u.id = b.${alias})`,
  );

/** GET /api/batches?view=approval|gateway|scheduled|canceled|all */
export async function listBatches(ctx: AppContext, auth: AuthContext, q: z.infer<typeof batchListQuerySchema>) {
  const like = q.search ? likePattern(q.search) : undefined;
  const { rows } = await ctx.db.execute<Record<string, unknown> & { total: string }>(sql`
    select b.*, c.name as campaign_name, c.status as campaign_status, a.timezone,
           to_char(b.scheduled_at at time zone a.timezone, 'YYYY-MM-DD') as scheduled_date,
           to_char(b.scheduled_at at time zone a.timezone, 'HH24:MI') as scheduled_time,
           ${userName('canceled_by')} as batch_canceled_by_username,
           ${userName('gateway_reviewer')} as gateway_reviewer_username,
           ${userName('approved_by')} as approved_by_username,
           count(*) over() as total
      from batches b join accounts a on a.id = b.account_id left join campaigns c on c.id = b.campaign_id
     where b.account_id = ${auth.accountId} and b.request_type <> 'test' and ${VIEWS[q.view]}
       ${q.campaign_id ? sql`and b.campaign_id = ${q.campaign_id}` : sql``}
       ${like ? sql`and (b.batch_id ilike ${like} or c.name ilike ${like})` : sql``}
     order by ${q.view === 'scheduled' ? sql`b.scheduled_at asc,` : sql``} b.id desc
     limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  const total = Number(rows[0]?.total ?? 0);
  return { items: rows.map(({ total: _t, ...r }) => r), page: q.page, limit: q.limit, total };
}

async function requireBatch(db: DbOrTx, auth: { accountId: number }, id: number): Promise<BatchRow & { campaign_id: number }> {
  const b = await lockBatch(db, id, auth.accountId);
  if (!b?.campaign_id || b.request_type === 'test') throw new AppError('NOT_FOUND');
  return b as BatchRow & { campaign_id: number };
}

const invalid = (b: BatchRow) =>
  new AppError('CAMPAIGN_STATE_INVALID', { data: { approval_status: b.approval_status, processing_status: b.processing_status } });

/** When every live batch of a waiting campaign is released, the campaign is scheduled or starts. */
async function afterRelease(ctx: AppContext, tx: DbOrTx, accountId: number, campaignId: number) {
  const c = await requireCampaign(tx, accountId, campaignId, true);
  if (c.status !== 'WAITING_FOR_APPROVAL') return;
  const { rows } = await tx.execute<BatchRow & Record<string, unknown>>(sql`
    select * from batches where campaign_id = ${campaignId} and request_type <> 'test' and canceled_at is null and processing_status is null`);
  if (!rows.every(released)) return;
  const at = c.schedule_at && c.schedule_at.getTime() > Date.now() ? c.schedule_at : null;
  const to = at ? 'SCHEDULED' : 'RUNNING';
  assertTransition(c, to);
  await repo.updateCampaign(tx, accountId, campaignId, { status: to, launched_at: to === 'RUNNING' ? new Date() : null });
  for (const b of rows) await queueBatchStart(ctx, tx, b.id, at);
  if (c.created_by) await notify(tx, { accountId, userId: c.created_by }, 'campaign_status', 'campaignApproved', { name: c.name });
}

/** Back to DRAFT with the reason (the campaign's other waiting batches are rejected with it). */
async function rejectCampaign(tx: DbOrTx, accountId: number, campaignId: number, reason: string) {
  const c = await requireCampaign(tx, accountId, campaignId, true);
  assertTransition(c, 'DRAFT');
  await tx.execute(sql`
    update batches set approval_status = 'PORTAL_REJECTED', rejection_reason = ${reason}, rejected_date = now(), updated_at = now()
     where campaign_id = ${campaignId} and approval_status = 'PORTAL_WAITING_FOR_APPROVAL'`);
  await repo.updateCampaign(tx, accountId, campaignId, { status: 'DRAFT', launched_at: null });
  if (c.created_by) await notify(tx, { accountId, userId: c.created_by }, 'campaign_status', 'campaignRejected', { name: c.name, reason });
}

export async function approveBatch(ctx: AppContext, auth: AuthContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const b = await requireBatch(tx, auth, id);
    if (b.approval_status !== 'PORTAL_WAITING_FOR_APPROVAL' || b.canceled_at) throw invalid(b);
    await tx.execute(sql`
      update batches set approval_status = 'PORTAL_APPROVED', approved_by = ${auth.userId}, approved_at = now(), updated_at = now() where id = ${id}`);
    await afterRelease(ctx, tx, auth.accountId, b.campaign_id);
    return { id, approval_status: 'PORTAL_APPROVED' };
  });
}

export async function rejectBatch(ctx: AppContext, auth: AuthContext, id: number, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const b = await requireBatch(tx, auth, id);
    if (b.approval_status !== 'PORTAL_WAITING_FOR_APPROVAL' || b.canceled_at) throw invalid(b);
    await rejectCampaign(tx, auth.accountId, b.campaign_id, reason);
    return { id, approval_status: 'PORTAL_REJECTED', rejection_reason: reason };
  });
}

export function gatewayReview(ctx: AppContext, auth: AuthContext, id: number, decision: 'APPROVED' | 'REJECTED', reason?: string) {
  return gatewayReviewAs(ctx, userReviewer(auth), id, decision, reason);
}

/** A gateway reviewer's decision on a held batch, by one of the account's users or a platform operator; audited. */
export async function gatewayReviewAs(ctx: AppContext, reviewer: Reviewer, id: number, decision: 'APPROVED' | 'REJECTED', reason?: string) {
  const auth = { accountId: reviewer.accountId };
  return ctx.db.transaction(async (tx) => {
    const b = await requireBatch(tx, auth, id);
    const portalDone = b.approval_status === null || b.approval_status === 'PORTAL_APPROVED';
    if (!b.requires_gateway_review || b.gateway_status || !portalDone || b.canceled_at) throw invalid(b);
    await tx.execute(sql`
      update batches set gateway_status = ${decision}, gateway_reviewer = ${reviewer.userId}, updated_at = now(),
             rejection_reason = ${decision === 'REJECTED' ? (reason ?? null) : null}, rejected_date = ${decision === 'REJECTED' ? sql`now()` : sql`null`}
       where id = ${id} and account_id = ${reviewer.accountId}`);
    await audit(tx, {
      accountId: reviewer.accountId,
      actor: reviewer.actor,
      action: decision === 'APPROVED' ? 'batch.gateway_approved' : 'batch.gateway_rejected',
      target: { type: 'batch', id, label: b.batch_id },
      data: decision === 'REJECTED' ? { reason: reason ?? '' } : {},
    });
    if (decision === 'APPROVED') await afterRelease(ctx, tx, auth.accountId, b.campaign_id);
    else {
      const c = await requireCampaign(tx, auth.accountId, b.campaign_id, true);
      assertTransition(c, 'DRAFT');
      await repo.updateCampaign(tx, auth.accountId, c.id, { status: 'DRAFT', launched_at: null });
      if (c.created_by)
        await notify(tx, { accountId: auth.accountId, userId: c.created_by }, 'campaign_status', 'campaignRejected', {
          name: c.name,
          reason: reason ?? '',
        });
    }
    return { id, gateway_status: decision };
  });
}

/** A batch that has not started: scheduled (or waiting) and not cancelled. */
async function requireUnstarted(tx: DbOrTx, auth: AuthContext, id: number) {
  const b = await requireBatch(tx, auth, id);
  if (b.processing_status || b.canceled_at) throw invalid(b);
  return b;
}

/** POST /api/batches/{id}/send-now: a scheduled batch goes at once (its campaign's other unstarted batches too). */
export async function sendNow(ctx: AppContext, auth: AuthContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const b = await requireUnstarted(tx, auth, id);
    if (!b.scheduled_at) throw invalid(b);
    const c = await requireCampaign(tx, auth.accountId, b.campaign_id, true);
    await tx.execute(
      sql`update batches set scheduled_at = now(), updated_at = now() where campaign_id = ${c.id} and processing_status is null and canceled_at is null`,
    );
    await repo.updateCampaign(tx, auth.accountId, c.id, { schedule_at: new Date() });
    if (c.status === 'SCHEDULED') {
      const { rows } = await tx.execute<{ id: number }>(
        sql`select id from batches where campaign_id = ${c.id} and processing_status is null and canceled_at is null`,
      );
      for (const r of rows) await queueBatchStart(ctx, tx, r.id, null);
    }
    return { id, scheduled_at: new Date().toISOString() };
  });
}

export async function reschedule(ctx: AppContext, auth: AuthContext, id: number, scheduleAt: string) {
  return ctx.db.transaction(async (tx) => {
    const b = await requireUnstarted(tx, auth, id);
    const at = new Date(scheduleAt);
    const c = await requireCampaign(tx, auth.accountId, b.campaign_id, true);
    const { rows } = await tx.execute<{ id: number }>(sql`
      update batches set scheduled_at = ${at.toISOString()}::timestamptz, updated_at = now()
       where campaign_id = ${c.id} and processing_status is null and canceled_at is null returning id`);
    await repo.updateCampaign(tx, auth.accountId, c.id, { schedule_at: at });
    if (c.status === 'SCHEDULED') for (const r of rows) await queueBatchStart(ctx, tx, r.id, at);
    return { id, scheduled_at: at.toISOString() };
  });
}

/** POST /api/batches/{id}/cancel: the batch's unsent messages end CANCELLED (credits back); a campaign left with nothing to run is CANCELED. */
export async function cancelBatch(ctx: AppContext, auth: AuthContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const b = await requireBatch(tx, auth, id);
    if (b.canceled_at || b.processing_status === 'COMPLETED' || b.processing_status === 'COMPLETED_WITH_ERRORS') throw invalid(b);
    const c = await requireCampaign(tx, auth.accountId, b.campaign_id, true);
    const cancelled = await cancelMessages(tx, auth.accountId, { batchId: id });
    await tx.execute(sql`update batches set canceled_at = now(), canceled_by = ${auth.userId}, updated_at = now() where id = ${id}`);
    const { rows } = await tx.execute(sql`
      select 1 from batches where campaign_id = ${c.id} and request_type <> 'test' and canceled_at is null limit 1`);
    if (rows.length === 0 && c.status !== 'CANCELED') {
      assertTransition(c, 'CANCELED');
      await repo.updateCampaign(tx, auth.accountId, c.id, { status: 'CANCELED', completed_at: new Date() });
    }
    return { id, cancelled };
  });
}
