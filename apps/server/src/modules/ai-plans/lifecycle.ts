/**
 * A plan's approval: DRAFT (or REJECTED) → PENDING_APPROVAL → APPROVED | REJECTED, each step in one
 * transaction with its ai_plan_status notifications — the account's approvers when a plan waits,
 * its author when it is decided. Deciding needs the campaign `approve` action (the route checks
 * it); as with campaign batches, a user who may approve may approve their own plan. Nothing here
 * is ever done by the AI: these are the user's clicks.
 */
import { AI_PLAN_TRANSITIONS, type AiPlan, type AiPlanState } from '@risala/shared/schemas/ai-plans';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthContext } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';
import * as repo from './plans.repo.ts';
import { requirePlan, stateError } from './plans.service.ts';

async function nameOf(db: DbOrTx, accountId: number, userId: number) {
  const { rows } = await db.execute<{ name: string }>(sql`
    select trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name from users where account_id = ${accountId} and id = ${userId}`);
  return rows[0]?.name || '—';
}

async function move(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  to: AiPlanState,
  values: repo.PlanValues,
  after: (tx: DbOrTx, row: repo.PlanRow) => Promise<void>,
): Promise<AiPlan> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await requirePlan(ctx, auth.accountId, id, true, tx);
    if (!AI_PLAN_TRANSITIONS[current.status as AiPlanState].includes(to)) throw stateError(current.status);
    const updated = await repo.updatePlan(tx, auth.accountId, id, { ...values, status: to });
    await after(tx, updated);
    return updated;
  });
  return repo.toDto(ctx.db, row);
}

/** POST /api/ai-plans/{id}/submit: the account's approvers are told. */
export const submitPlan = (ctx: AppContext, auth: AuthContext, id: number) =>
  move(
    ctx,
    auth,
    id,
    'PENDING_APPROVAL',
    { submitted_by: auth.userId, submitted_at: new Date(), rejection_reason: null, decided_by: null, decided_at: null },
    async (tx, row) => {
      const by = await nameOf(tx, auth.accountId, auth.userId);
      for (const userId of await repo.approverIds(tx, auth.accountId)) {
        await notify(tx, { accountId: auth.accountId, userId }, 'ai_plan_status', 'aiPlanSubmitted', { name: row.name, by });
      }
    },
  );

/** The plan's author and whoever sent it for approval. */
const authors = (row: repo.PlanRow) => [...new Set([row.created_by, row.submitted_by].filter((v): v is number => v !== null))];

/** POST /api/ai-plans/{id}/approve */
export const approvePlan = (ctx: AppContext, auth: AuthContext, id: number) =>
  move(ctx, auth, id, 'APPROVED', { decided_by: auth.userId, decided_at: new Date(), rejection_reason: null }, async (tx, row) => {
    const by = await nameOf(tx, auth.accountId, auth.userId);
    for (const userId of authors(row))
      await notify(tx, { accountId: auth.accountId, userId }, 'ai_plan_status', 'aiPlanApproved', { name: row.name, by });
  });

/** POST /api/ai-plans/{id}/reject {reason} */
export const rejectPlan = (ctx: AppContext, auth: AuthContext, id: number, reason: string) =>
  move(ctx, auth, id, 'REJECTED', { decided_by: auth.userId, decided_at: new Date(), rejection_reason: reason }, async (tx, row) => {
    for (const userId of authors(row))
      await notify(tx, { accountId: auth.accountId, userId }, 'ai_plan_status', 'aiPlanRejected', { name: row.name, reason });
  });
