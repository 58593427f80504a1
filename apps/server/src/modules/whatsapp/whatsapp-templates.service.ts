import type { WaSubmissionLimits, WaTemplateInput, WaTemplateListQuery } from '@risala/shared/schemas/whatsapp';
import { CloudApiError, createCloudApi } from '../../channels/whatsapp/cloud-api.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, mapDbError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { applyCloudStatus, toLocalStatus } from './whatsapp-status.ts';
import * as repo from './whatsapp-templates.repo.ts';

const WINDOW_HOURS = 24;
const EDITABLE = new Set(['DRAFT', 'REJECTED']);

function cloudApi(ctx: AppContext) {
  const wa = ctx.config.whatsapp;
  if (!wa.apiBase || !wa.wabaId || !wa.accessToken) {
    throw new AppError('WHATSAPP_API_ERROR', { params: { reason: 'WhatsApp Cloud API is not configured' } });
  }
  return { api: createCloudApi({ base: wa.apiBase, version: wa.apiVersion, accessToken: wa.accessToken }), wabaId: wa.wabaId };
}

/** drizzle wraps driver errors (DrizzleQueryError.cause); the central mapper reads the driver's code. */
function dbError(err: unknown): never {
  throw mapDbError((err as { cause?: unknown }).cause) ?? err;
}

function apiError(err: unknown): never {
  if (err instanceof CloudApiError) {
    throw new AppError('WHATSAPP_API_ERROR', { params: { reason: err.reason }, data: { reason: err.reason } });
  }
  throw err;
}

async function mustFind(db: DbOrTx, auth: AuthContext, id: number, lock = false) {
  const row = await repo.findById(db, auth.accountId, id, { lock });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export function listTemplates(ctx: AppContext, auth: AuthContext, q: WaTemplateListQuery) {
  return repo.list(ctx.db, auth.accountId, q);
}

export async function getTemplate(ctx: AppContext, auth: AuthContext, id: number) {
  return repo.toTemplate(await mustFind(ctx.db, auth, id));
}

export async function createTemplate(ctx: AppContext, auth: AuthContext, input: WaTemplateInput) {
  const row = await repo
    .insert(ctx.db, {
      account_id: auth.accountId,
      ...input,
      status: 'DRAFT',
      created_by: auth.userId,
    })
    .catch(dbError);
  return repo.toTemplate(row);
}

/** Only DRAFT or REJECTED templates change; a rejected one returns to DRAFT for resubmission. */
export async function updateTemplate(ctx: AppContext, auth: AuthContext, id: number, input: WaTemplateInput) {
  return ctx.db.transaction(async (tx) => {
    const row = await mustFind(tx, auth, id, true);
    if (!EDITABLE.has(row.status)) throw new AppError('TEMPLATE_INVALID_STATE');
    if (row.external_id && (row.name !== input.name || row.language !== input.language)) {
      throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'name', message: 'validation.whatsapp.nameLocked' }] });
    }
    const updated = await repo
      .update(tx, auth.accountId, id, {
        ...input,
        status: 'DRAFT',
        rejection_reason: null,
        ...(row.status === 'REJECTED' ? { status_updated_at: new Date() } : {}),
      })
      .catch(dbError);
    return repo.toTemplate(updated);
  });
}

/** Deletes locally, and at the Cloud API first when it was ever submitted there. */
export async function deleteTemplate(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await mustFind(ctx.db, auth, id);
  if (row.external_id && row.waba_id) {
    const { api } = cloudApi(ctx);
    await api.deleteTemplate(row.waba_id, row.name, row.external_id).catch(apiError);
  }
  await repo.remove(ctx.db, auth.accountId, id);
  return { id };
}

export async function submissionLimits(ctx: AppContext, auth: AuthContext, db: DbOrTx = ctx.db): Promise<WaSubmissionLimits> {
  const limit = ctx.config.whatsapp.submissionsPerDay;
  const { used, oldest } = await repo.submissionsSince(db, auth.accountId, new Date(Date.now() - WINDOW_HOURS * 3600_000));
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    window_hours: WINDOW_HOURS,
    resets_at: oldest ? new Date(oldest.getTime() + WINDOW_HOURS * 3600_000).toISOString() : null,
  };
}

/**
 * DRAFT → PENDING at the Cloud API. The slot and the PENDING state are committed before the call
 * (so parallel submits cannot overrun the limit and the webhook finds the row); a refused call
 * gives the slot back and restores the draft.
 */
export async function submitTemplate(ctx: AppContext, auth: AuthContext, id: number) {
  const { api, wabaId } = cloudApi(ctx);
  const now = new Date();
  const { row, submissionId } = await ctx.db.transaction(async (tx) => {
    await repo.lockAccountSubmissions(tx, auth.accountId);
    const row = await mustFind(tx, auth, id, true);
    if (row.status !== 'DRAFT') throw new AppError('TEMPLATE_INVALID_STATE');
    const limits = await submissionLimits(ctx, auth, tx);
    if (limits.remaining <= 0) throw new AppError('WHATSAPP_SUBMISSION_LIMIT', { data: limits });
    const submissionId = await repo.recordSubmission(tx, auth.accountId, id, auth.userId);
    await repo.update(tx, auth.accountId, id, { status: 'PENDING', submitted_at: now, status_updated_at: now });
    return { row, submissionId };
  });
  const definition = {
    name: row.name,
    language: row.language,
    category: row.category as WaTemplateInput['category'],
    components: row.components as WaTemplateInput['components'],
  };
  try {
    if (row.external_id) {
      await api.editTemplate(row.external_id, { category: definition.category, components: definition.components });
      return repo.toTemplate(await mustFind(ctx.db, auth, id));
    }
    const created = await api.createTemplate(wabaId, definition);
    const status = toLocalStatus(created.status) ?? 'PENDING';
    const updated = await repo.update(ctx.db, auth.accountId, id, { external_id: String(created.id), waba_id: wabaId, status });
    return repo.toTemplate(updated ?? row);
  } catch (err) {
    await ctx.db.transaction(async (tx) => {
      await repo.deleteSubmission(tx, submissionId);
      await repo.update(tx, auth.accountId, id, {
        status: 'DRAFT',
        submitted_at: row.submitted_at,
        status_updated_at: row.status_updated_at,
      });
    });
    return apiError(err);
  }
}

/** Reads the status from the Cloud API and applies it (notifying the author on a change). */
export async function checkStatus(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await mustFind(ctx.db, auth, id);
  if (!row.external_id) throw new AppError('TEMPLATE_INVALID_STATE');
  const { api } = cloudApi(ctx);
  const remote = await api.getTemplate(row.external_id).catch(apiError);
  const status = toLocalStatus(remote.status);
  if (status) {
    await ctx.db.transaction(async (tx) => {
      const locked = await mustFind(tx, auth, id, true);
      await applyCloudStatus(tx, locked, status, remote.rejected_reason, new Date());
    });
  }
  return repo.toTemplate(await mustFind(ctx.db, auth, id));
}
