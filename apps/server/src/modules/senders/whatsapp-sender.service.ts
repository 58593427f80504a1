import type { AutoReplyConfig } from '@risala/shared/auto-reply';
import { translate } from '@risala/shared/i18n/index.ts';
import type { WhatsappSender, WhatsappSenderInput, WhatsappSetupStatus } from '@risala/shared/schemas/senders';
import { CloudApiError, createCloudApi } from '../../channels/whatsapp/cloud-api.ts';
import { setupFailureReason } from '../../channels/whatsapp/setup-reasons.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import * as repo from './whatsapp-sender.repo.ts';
import { sandboxWhatsAppIds } from './sandbox-seed.ts';

/**
 * On the sandbox Cloud API simulator, ids of the form 9 + 14 digits are accounts' sandbox numbers:
 * one account may not take another's (it would receive that account's simulated inbound messages,
 * and the other account's signup could not seed its number).
 */
function assertOwnSandboxId(ctx: AppContext, accountId: number, phoneNumberId: string | undefined) {
  if (!ctx.config.whatsapp.sandbox || phoneNumberId === undefined || !/^9\d{14}$/.test(phoneNumberId)) return;
  if (phoneNumberId === sandboxWhatsAppIds(accountId).phone_number_id) return;
  throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'phone_number_id', message: 'validation.phoneIdReserved' }] });
}

export function toWhatsappSenderDto(row: repo.WhatsappSenderRow): WhatsappSender {
  return {
    id: row.id,
    display_name: row.display_name,
    phone_number: row.phone_number,
    phone_number_id: row.phone_number_id,
    business_account_id: row.business_account_id,
    has_access_token: Boolean(row.access_token_enc),
    has_app_secret: Boolean(row.app_secret_enc),
    is_sandbox: row.is_sandbox,
    status: row.status as WhatsappSender['status'],
    setup_completed_at: row.setup_completed_at?.toISOString() ?? null,
    is_default: row.is_default,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function requireSender(db: DbOrTx, accountId: number, id: number, lock = false) {
  const row = await repo.findWhatsappSender(db, accountId, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listWhatsappSenders(ctx: AppContext, auth: AuthContext, page: number, limit: number) {
  const { rows, total } = await repo.listWhatsappSenders(ctx.db, auth.accountId, page, limit);
  return { items: rows.map(toWhatsappSenderDto), page, limit, total };
}

export async function getWhatsappSender(ctx: AppContext, auth: AuthContext, id: number) {
  return toWhatsappSenderDto(await requireSender(ctx.db, auth.accountId, id));
}

/** GET /config: the account's default WhatsApp sender (404 — which the web keeps silent — when none). */
export async function getDefaultConfig(ctx: AppContext, auth: AuthContext) {
  const row = await repo.findDefaultWhatsappSender(ctx.db, auth.accountId);
  if (!row) throw new AppError('NOT_FOUND');
  return toWhatsappSenderDto(row);
}

function secretColumns(ctx: AppContext, input: Partial<WhatsappSenderInput>) {
  const enc = (v: string) => encryptSecret(ctx.config.encryptionKey, v);
  return {
    ...(input.access_token ? { access_token_enc: enc(input.access_token) } : {}),
    ...(input.app_secret ? { app_secret_enc: enc(input.app_secret) } : {}),
  };
}

export async function createWhatsappSender(ctx: AppContext, auth: AuthContext, input: WhatsappSenderInput) {
  const { access_token: _, app_secret: __, is_default, ...fields } = input;
  assertOwnSandboxId(ctx, auth.accountId, fields.phone_number_id);
  return ctx.db.transaction(async (tx) => {
    const first = !(await repo.findDefaultWhatsappSender(tx, auth.accountId));
    const row = await repo.insertWhatsappSender(tx, {
      ...fields,
      ...secretColumns(ctx, input),
      account_id: auth.accountId,
      status: 'PENDING_SETUP',
      is_default: Boolean(is_default) || first,
    });
    if (row.is_default) await repo.clearOtherDefaults(tx, auth.accountId, row.id);
    return toWhatsappSenderDto(row);
  });
}

/** Changing the number or its credentials sends the sender back to PENDING_SETUP. */
export async function updateWhatsappSender(ctx: AppContext, auth: AuthContext, id: number, input: Partial<WhatsappSenderInput>) {
  const { access_token: _, app_secret: __, is_default, ...rest } = input;
  const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as repo.WhatsappSenderValues;
  assertOwnSandboxId(ctx, auth.accountId, fields.phone_number_id);
  return ctx.db.transaction(async (tx) => {
    const current = await requireSender(tx, auth.accountId, id, true);
    const identityChanged =
      Boolean(input.access_token || input.app_secret) ||
      (fields.phone_number_id !== undefined && fields.phone_number_id !== current.phone_number_id) ||
      (fields.business_account_id !== undefined && fields.business_account_id !== current.business_account_id);
    const values: repo.WhatsappSenderValues = {
      ...fields,
      ...secretColumns(ctx, input),
      ...(identityChanged ? { status: 'PENDING_SETUP', setup_completed_at: null, is_sandbox: false } : {}),
      ...(is_default !== undefined ? { is_default } : {}),
    };
    if (is_default) await repo.clearOtherDefaults(tx, auth.accountId, id);
    const row = await repo.updateWhatsappSender(tx, auth.accountId, id, values);
    if (!row) throw new AppError('NOT_FOUND');
    return toWhatsappSenderDto(row);
  });
}

export async function deleteWhatsappSender(ctx: AppContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    await requireSender(tx, auth.accountId, id, true);
    await repo.deleteWhatsappSender(tx, auth.accountId, id);
  });
  return { id };
}

function missingOf(row: repo.WhatsappSenderRow): string[] {
  const missing: string[] = [];
  if (!row.phone_number_id) missing.push('phone_number_id');
  if (!row.business_account_id) missing.push('business_account_id');
  if (!row.access_token_enc) missing.push('access_token');
  if (!row.app_secret_enc) missing.push('app_secret');
  if (!row.setup_completed_at) missing.push('complete_setup');
  return missing;
}

export async function setupStatus(ctx: AppContext, auth: AuthContext): Promise<WhatsappSetupStatus> {
  const row = await repo.findDefaultWhatsappSender(ctx.db, auth.accountId);
  if (!row) return { sender_id: null, complete: false, missing: ['sender'], status: null };
  const missing = missingOf(row);
  return {
    sender_id: row.id,
    complete: missing.length === 0 && row.status === 'ACTIVE',
    missing,
    status: row.status as WhatsappSender['status'],
  };
}

/** The account-level defaults from configuration (WHATSAPP_*), without secrets. */
export function legacyConfig(ctx: AppContext) {
  const wa = ctx.config.whatsapp;
  return {
    sandbox: wa.sandbox,
    api_version: wa.apiVersion,
    business_account_id: wa.wabaId,
    has_access_token: Boolean(wa.accessToken),
    has_app_secret: Boolean(wa.appSecret),
    webhook_path: '/webhooks/whatsapp',
  };
}

/** Prove the credentials: GET /{version}/{phone_number_id} with the sender's token → ACTIVE. */
export async function completeSetup(ctx: AppContext, auth: AuthContext, id: number, lang = 'en') {
  const row = await requireSender(ctx.db, auth.accountId, id);
  const missing = missingOf(row).filter((m) => m !== 'complete_setup');
  if (missing.length > 0) {
    throw new AppError('VALIDATION_ERROR', {
      errors: missing.map((field) => ({ field, message: 'validation.required' })),
      data: { missing },
    });
  }
  const base = ctx.config.whatsapp.apiBase;
  if (!base) throw new AppError('SERVICE_UNAVAILABLE');
  const api = createCloudApi({
    base,
    version: ctx.config.whatsapp.apiVersion,
    accessToken: decryptSecret(ctx.config.encryptionKey, row.access_token_enc as string),
    timeoutMs: 10_000,
  });
  let phone: Awaited<ReturnType<typeof api.getPhoneNumber>>;
  try {
    phone = await api.getPhoneNumber(row.phone_number_id);
  } catch (err) {
    // the message reads what to do in the caller's language; data keeps Meta's own words for API clients
    const reason = setupFailureReason(err, row.phone_number_id);
    const detail = err instanceof CloudApiError ? err.reason : (err as Error).message;
    throw new AppError('WHATSAPP_VERIFY_FAILED', {
      params: { reason },
      data: {
        reason: translate(lang, reason.key, reason.params),
        reason_key: reason.key,
        detail,
        meta_code: err instanceof CloudApiError ? (err.code ?? null) : null,
      },
    });
  }
  const updated = await repo.updateWhatsappSender(ctx.db, auth.accountId, id, { status: 'ACTIVE', setup_completed_at: new Date() });
  if (!updated) throw new AppError('NOT_FOUND');
  return {
    ...toWhatsappSenderDto(updated),
    verified_name: phone.verified_name ?? null,
    display_phone_number: phone.display_phone_number ?? null,
  };
}

export async function getAutoReply(ctx: AppContext, auth: AuthContext, id: number) {
  return (await requireSender(ctx.db, auth.accountId, id)).auto_reply as AutoReplyConfig;
}

export async function saveAutoReply(ctx: AppContext, auth: AuthContext, id: number, config: AutoReplyConfig) {
  const row = await repo.updateWhatsappSender(ctx.db, auth.accountId, id, { auto_reply: config });
  if (!row) throw new AppError('NOT_FOUND');
  return row.auto_reply as AutoReplyConfig;
}

/** A summary of the channel for the status badge. */
export async function channelStatus(ctx: AppContext, auth: AuthContext) {
  const counts = Object.fromEntries((await repo.countSendersByStatus(ctx.db, auth.accountId)).map((r) => [r.status, r.n]));
  const setup = await setupStatus(ctx, auth);
  return { ready: setup.complete, senders: counts, default_sender_id: setup.sender_id };
}

/** Analytics: senders and templates by status, and the last 30 days of WhatsApp messages by status. */
export async function analytics(ctx: AppContext, auth: AuthContext) {
  const since = new Date(Date.now() - 30 * 86_400_000);
  const [senders, templates, messages] = await Promise.all([
    repo.countSendersByStatus(ctx.db, auth.accountId),
    repo.countTemplatesByStatus(ctx.db, auth.accountId),
    repo.countMessagesByStatus(ctx.db, auth.accountId, since),
  ]);
  return {
    senders: Object.fromEntries(senders.map((r) => [r.status, r.n])),
    templates: Object.fromEntries(templates.map((r) => [r.status, r.n])),
    messages: Object.fromEntries(messages.map((r) => [r.status, r.n])),
  };
}
