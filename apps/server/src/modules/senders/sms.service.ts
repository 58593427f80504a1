import type { Page } from '@risala/shared';
import type {
  CreateSmsSenderInput,
  SenderStatus,
  SenderType,
  SmsSender,
  SmsSenderListQuery,
  UpdateSmsSenderInput,
} from '@risala/shared/schemas/senders';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';
import { invalidateRoutingTable } from '../routing/index.ts';
import * as repo from './sms.repo.ts';
import { audit, type Reviewer, userReviewer } from '../audit/index.ts';

export function toSmsSenderDto(row: repo.SmsSenderRow): SmsSender {
  return {
    id: row.id,
    sender_id: row.sender_id,
    sender_type: row.sender_type as SenderType,
    description: row.description,
    status: row.status as SenderStatus,
    rejection_reason: row.rejection_reason,
    is_default: row.is_default,
    requested_by: row.requested_by,
    reviewed_by: row.reviewed_by,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function requireSmsSender(db: DbOrTx, accountId: number, id: number, lock = false) {
  const row = await repo.findSmsSender(db, accountId, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listSmsSenders(ctx: AppContext, auth: AuthContext, q: SmsSenderListQuery): Promise<Page<SmsSender>> {
  const { rows, total } = await repo.listSmsSenders(ctx.db, auth.accountId, q);
  return { items: rows.map(toSmsSenderDto), page: q.page, limit: q.limit, total };
}

export async function getSmsSender(ctx: AppContext, auth: AuthContext, id: number) {
  return toSmsSenderDto(await requireSmsSender(ctx.db, auth.accountId, id));
}

/** A new sender id always waits for a reviewer (§5 rules are checked by the schema). */
export async function createSmsSender(ctx: AppContext, auth: AuthContext, input: CreateSmsSenderInput) {
  const row = await repo.insertSmsSender(ctx.db, {
    account_id: auth.accountId,
    sender_id: input.sender_id.trim(),
    sender_type: input.sender_type,
    description: input.description ?? null,
    status: 'WAITING_FOR_APPROVAL',
    requested_by: auth.userId,
  });
  return toSmsSenderDto(row);
}

export async function updateSmsSender(ctx: AppContext, auth: AuthContext, id: number, input: UpdateSmsSenderInput) {
  const dto = await ctx.db.transaction(async (tx) => {
    const current = await requireSmsSender(tx, auth.accountId, id, true);
    const activeAfter = input.status ?? current.status;
    // only an approved sender id can be switched on or made the default
    if (input.status && !['ACTIVE', 'INACTIVE'].includes(current.status)) throw new AppError('SENDER_NOT_APPROVED');
    if (input.is_default && activeAfter !== 'ACTIVE') throw new AppError('SENDER_NOT_APPROVED');
    const values: repo.SmsSenderValues = {};
    if (input.description !== undefined) values.description = input.description;
    if (input.status) values.status = input.status;
    if (input.is_default !== undefined) values.is_default = input.is_default;
    if (activeAfter !== 'ACTIVE') values.is_default = false;
    if (values.is_default) await repo.clearOtherDefaults(tx, auth.accountId, id);
    const row = await repo.updateSmsSender(tx, auth.accountId, id, values);
    if (!row) throw new AppError('NOT_FOUND');
    return toSmsSenderDto(row);
  });
  // sender overrides apply only ACTIVE ids: the routing table reads them again
  invalidateRoutingTable(auth.accountId);
  return dto;
}

export async function deleteSmsSender(ctx: AppContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    await requireSmsSender(tx, auth.accountId, id, true);
    await repo.deleteSmsSender(tx, auth.accountId, id);
  });
  invalidateRoutingTable(auth.accountId);
  return { id };
}

type SenderDecision = { approve: true } | { approve: false; reason: string };

/** A reviewer's decision on a waiting sender id; the requester gets a `sender_status` notification. */
export function reviewSmsSender(ctx: AppContext, auth: AuthContext, id: number, decision: SenderDecision) {
  return reviewSmsSenderAs(ctx, userReviewer(auth), id, decision);
}

/** The same decision by any reviewer: one of the account's users, or a platform operator. */
export async function reviewSmsSenderAs(ctx: AppContext, reviewer: Reviewer, id: number, decision: SenderDecision) {
  const dto = await ctx.db.transaction(async (tx) => {
    const current = await requireSmsSender(tx, reviewer.accountId, id, true);
    if (current.status !== 'WAITING_FOR_APPROVAL') throw new AppError('CONFLICT');
    const row = await repo.updateSmsSender(tx, reviewer.accountId, id, {
      status: decision.approve ? 'ACTIVE' : 'REJECTED',
      rejection_reason: decision.approve ? null : decision.reason,
      reviewed_by: reviewer.userId,
      reviewed_at: new Date(),
    });
    if (!row) throw new AppError('NOT_FOUND');
    await audit(tx, {
      accountId: reviewer.accountId,
      actor: reviewer.actor,
      action: decision.approve ? 'sender.approved' : 'sender.rejected',
      target: { type: 'sender', id, label: row.sender_id },
      data: decision.approve ? { channel: 'sms' } : { channel: 'sms', reason: decision.reason },
    });
    if (row.requested_by) {
      const scope = { accountId: reviewer.accountId, userId: row.requested_by };
      if (decision.approve) await notify(tx, scope, 'sender_status', 'senderApproved', { sender: row.sender_id });
      else await notify(tx, scope, 'sender_status', 'senderRejected', { sender: row.sender_id, reason: decision.reason });
    }
    return toSmsSenderDto(row);
  });
  invalidateRoutingTable(reviewer.accountId);
  return dto;
}

export async function getSmsConfig(ctx: AppContext, auth: AuthContext) {
  const row = await repo.findDefaultSmsSender(ctx.db, auth.accountId);
  return { default_sender: row ? toSmsSenderDto(row) : null };
}

export async function saveSmsConfig(ctx: AppContext, auth: AuthContext, defaultSenderId: number) {
  await updateSmsSender(ctx, auth, defaultSenderId, { is_default: true });
  return getSmsConfig(ctx, auth);
}
