/**
 * API keys: created with a name, an integration type, scopes, an optional IP allow-list and expiry;
 * the password is answered once and stored as its SHA-256. Rules (spec §8 where they apply): an
 * active key's name is unique in the account (SUB_API_KEY_EXISTS); at most MAX_ACTIVE_API_KEYS
 * active keys (API_KEY_LIMIT); a key is rotated only once its previous password has stopped
 * working, so no more than two passwords are ever valid together (API_KEY_ANOTHER_ACTIVE). Create,
 * rotate and revoke write their audit entry in the same transaction.
 */
import {
  type ApiKey,
  type ApiKeyScope,
  type ApiKeySecret,
  type ApiKeyType,
  type CreateApiKeyInput,
  DEFAULT_KEY_RATE,
  MAX_ACTIVE_API_KEYS,
  type RotateApiKeyInput,
} from '@risala/shared/schemas/api-keys';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, userActor } from '../audit/index.ts';
import type { AuthContext } from '../auth/index.ts';
import * as repo from './api-keys.repo.ts';
import { hashSecret, newClientId, newPassword, secretMatches } from './credentials.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const past = (v: Date | string | null) => v !== null && new Date(v).getTime() <= Date.now();

function present(r: repo.KeyRow): ApiKey {
  return {
    id: r.id,
    name: r.name,
    integration_type: r.integration_type,
    client_id: r.client_id,
    scopes: r.scopes as ApiKeyScope[],
    ip_allow_list: r.ip_allow_list,
    rate_per_second: r.rate_per_second,
    expires_at: iso(r.expires_at),
    last_used_at: iso(r.last_used_at),
    last_used_ip: r.last_used_ip,
    previous_expires_at: past(r.previous_expires_at) ? null : iso(r.previous_expires_at),
    revoked_at: iso(r.revoked_at),
    created_at: iso(r.created_at) as string,
    created_by_name: r.created_by_name,
    status: r.revoked_at ? 'REVOKED' : past(r.expires_at) ? 'EXPIRED' : 'ACTIVE',
  };
}

export async function listKeys(ctx: AppContext, auth: AuthContext) {
  return { keys: (await repo.listKeys(ctx.db, auth.accountId)).map(present) };
}

async function keyOr404(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const key = await repo.findKey(db, accountId, id, forUpdate);
  if (!key) throw new AppError('NOT_FOUND');
  return key;
}

export async function getKey(ctx: AppContext, auth: AuthContext, id: number) {
  return present(await keyOr404(ctx.db, auth.accountId, id));
}

export async function createKey(ctx: AppContext, auth: AuthContext, input: CreateApiKeyInput, ip: string): Promise<ApiKeySecret> {
  const clientId = newClientId();
  const password = newPassword();
  const id = await ctx.db.transaction(async (tx) => {
    if (await repo.activeNameTaken(tx, auth.accountId, input.name)) {
      throw new AppError('SUB_API_KEY_EXISTS', { errors: [{ field: 'name', message: 'errors.SUB_API_KEY_EXISTS' }] });
    }
    if ((await repo.countActive(tx, auth.accountId)) >= MAX_ACTIVE_API_KEYS) {
      throw new AppError('API_KEY_LIMIT', { params: { max: MAX_ACTIVE_API_KEYS }, data: { max: MAX_ACTIVE_API_KEYS } });
    }
    const keyId = await repo.insertKey(tx, auth.accountId, {
      name: input.name,
      integration_type: input.integration_type,
      client_id: clientId,
      secret_hash: hashSecret(password),
      scopes: input.scopes,
      ip_allow_list: input.ip_allow_list,
      rate_per_second: input.rate_per_second ?? DEFAULT_KEY_RATE,
      expires_at: input.expires_at ?? null,
      created_by: auth.userId,
    });
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'api_key.created',
      target: { type: 'api_key', id: keyId, label: input.name },
      ip,
      data: {
        client_id: clientId,
        integration_type: input.integration_type,
        scopes: input.scopes,
        ip_allow_list: input.ip_allow_list,
        expires_at: input.expires_at ?? null,
      },
    });
    return keyId;
  });
  return { key: await getKey(ctx, auth, id), client_id: clientId, password };
}

export async function rotateKey(ctx: AppContext, auth: AuthContext, id: number, input: RotateApiKeyInput, ip: string) {
  const password = newPassword();
  const key = await ctx.db.transaction(async (tx) => {
    const row = await keyOr404(tx, auth.accountId, id, true);
    if (row.revoked_at || past(row.expires_at)) throw new AppError('API_KEY_NOT_ACTIVE');
    if (row.previous_expires_at && !past(row.previous_expires_at)) {
      throw new AppError('API_KEY_ANOTHER_ACTIVE', { data: { previous_expires_at: iso(row.previous_expires_at) } });
    }
    await repo.rotateKey(tx, auth.accountId, id, hashSecret(password), input.grace_hours);
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'api_key.rotated',
      target: { type: 'api_key', id, label: row.name },
      ip,
      data: { client_id: row.client_id, grace_hours: input.grace_hours },
    });
    return row;
  });
  return { key: await getKey(ctx, auth, id), client_id: key.client_id, password };
}

export async function revokeKey(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await keyOr404(tx, auth.accountId, id, true);
    if (row.revoked_at) return;
    await repo.revokeKey(tx, auth.accountId, id);
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'api_key.revoked',
      target: { type: 'api_key', id, label: row.name },
      ip,
      data: { client_id: row.client_id },
    });
  });
  return getKey(ctx, auth, id);
}

/** Who an API key authenticates as: the account, with exactly the key's scopes. */
export interface ApiKeyPrincipal {
  keyId: number;
  accountId: number;
  name: string;
  scopes: ApiKeyScope[];
  type: ApiKeyType;
  ratePerSecond: number;
  /** addresses or CIDR blocks the key may be used from (empty: anywhere) */
  ipAllowList: string[];
  plan: string;
  accountCreatedAt: Date;
}

export type KeyCheck =
  | { ok: true; principal: ApiKeyPrincipal }
  | {
      ok: false;
      code: 'API_KEY_INVALID' | 'API_KEY_EXPIRED' | 'API_KEY_REVOKED' | 'API_KEY_WRONG_TYPE' | 'ACCOUNT_SUSPENDED';
      reason?: string;
    };

/**
 * Checks a client_id and password: the current password, or the previous one within its grace
 * period; not revoked, not expired, of the wanted type, of an account that is not suspended.
 */
export async function checkApiKey(db: DbOrTx, clientId: string, password: string, types?: readonly ApiKeyType[]): Promise<KeyCheck> {
  const row = await repo.keyForAuth(db, clientId);
  if (!row) return { ok: false, code: 'API_KEY_INVALID' };
  const current = secretMatches(row.secret_hash, password);
  const previous =
    !current && row.previous_expires_at !== null && !past(row.previous_expires_at) && secretMatches(row.previous_secret_hash, password);
  if (!current && !previous) return { ok: false, code: 'API_KEY_INVALID' };
  if (row.revoked_at) return { ok: false, code: 'API_KEY_REVOKED' };
  if (past(row.expires_at)) return { ok: false, code: 'API_KEY_EXPIRED' };
  if (types && !types.includes(row.integration_type)) return { ok: false, code: 'API_KEY_WRONG_TYPE' };
  if (row.account_status === 'SUSPENDED') return { ok: false, code: 'ACCOUNT_SUSPENDED', reason: row.suspended_reason ?? '' };
  return {
    ok: true,
    principal: {
      keyId: row.id,
      accountId: row.account_id,
      name: row.name,
      scopes: row.scopes as ApiKeyScope[],
      type: row.integration_type,
      ratePerSecond: row.rate_per_second,
      ipAllowList: row.ip_allow_list,
      plan: row.plan,
      accountCreatedAt: new Date(row.account_created_at),
    },
  };
}

/** The contract for other entry points (the SMPP server for clients): the principal, or null for any refusal. */
export async function verifyApiKey(db: DbOrTx, clientId: string, password: string, type?: ApiKeyType): Promise<ApiKeyPrincipal | null> {
  const check = await checkApiKey(db, clientId, password, type ? [type] : undefined);
  return check.ok ? check.principal : null;
}

/**
 * The key as the send services' caller (the public API and the SMPP server): the account, without a user (messages.user_id and
 * credit_ledger.user_id stay null: the audit log names the key).
 */
export function keyCaller(key: ApiKeyPrincipal): AuthContext {
  return {
    userId: null as unknown as number,
    accountId: key.accountId,
    sessionId: `api-key:${key.keyId}`,
    role: 'api_key',
    permissions: { sms_portal: [] },
    plan: key.plan,
    userCreatedAt: key.accountCreatedAt,
    language: 'en',
  };
}
