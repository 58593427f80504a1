import type { Action, EntityName, PermissionTree } from '@risala/shared';
import { can, trialDaysRemaining, trialState } from '@risala/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { assertSameSite } from '../../lib/cross-site.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyToken } from './tokens.ts';

export interface AuthContext {
  userId: number;
  accountId: number;
  sessionId: string;
  role: string;
  permissions: PermissionTree;
  plan: string;
  userCreatedAt: Date;
  language: string;
  /** the plan's data includes AI features (plans.ai_enabled); read by the AI gate (§6 FEATURE_NOT_AVAILABLE) */
  aiIncluded?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The bearer token from `Authorization: Bearer` or the `token` cookie. */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies?.token ?? null;
}

/** The session cookie authenticates this request (no bearer header): a browser may have sent it for another site. */
export function cookieAuthenticates(request: FastifyRequest): boolean {
  return !request.headers.authorization?.startsWith('Bearer ') && Boolean(request.cookies?.token);
}

/** A state-changing request that the session cookie authenticates must come from our own origin (lib/cross-site.ts). */
export function assertCookieSameSite(ctx: AppContext, request: FastifyRequest) {
  if (cookieAuthenticates(request)) assertSameSite(request, ctx.config.publicUrl);
}

/** preHandler: a live session of an active user, or 401. Loads role permissions and plan in one query. */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    // an API key (Basic, or Bearer rk_…) works on /api/v1 only: never as a session
    if (/^(basic\s|bearer\s+rk_)/i.test(request.headers.authorization ?? '')) throw new AppError('API_KEY_NOT_ACCEPTED');
    const token = readToken(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    assertCookieSameSite(ctx, request);
    const claims = await verifyToken(ctx, token);
    const { rows } = await ctx.db.$client.query<{
      session_id: string;
      revoked_at: Date | null;
      expires_at: Date;
      user_id: number;
      account_id: number;
      status: string;
      created_at: Date;
      language: string;
      role_key: string | null;
      role_name: string;
      permissions: PermissionTree;
      plan: string;
      account_status: string;
      suspended_reason: string | null;
      ai_enabled: boolean;
    }>(
      `select s.id as session_id, s.revoked_at, s.expires_at, u.id as user_id, u.account_id,
              u.status, u.created_at, u.language, r.key as role_key, r.role_name, r.permissions, a.plan,
              a.status as account_status, a.suspended_reason, coalesce(p.ai_enabled, false) as ai_enabled
         from sessions s
         join users u on u.id = s.user_id and u.account_id = s.account_id
         join roles r on r.id = u.role_id and r.account_id = u.account_id
         join accounts a on a.id = u.account_id
         left join plans p on p.key = a.plan
        where s.id = $1 and s.user_id = $2`,
      [claims.jti, claims.id],
    );
    const row = rows[0];
    if (!row) throw new AppError('SESSION_EXPIRED');
    // a deactivated user's sessions are revoked at once; their open tab is told why (not "expired")
    if (row.status !== 'ACTIVE') throw new AppError('USER_INACTIVE');
    assertAccountActive({ status: row.account_status, suspended_reason: row.suspended_reason });
    if (row.revoked_at || row.expires_at.getTime() <= Date.now()) throw new AppError('SESSION_EXPIRED');
    request.auth = {
      userId: row.user_id,
      accountId: row.account_id,
      sessionId: row.session_id,
      role: row.role_key ?? row.role_name,
      permissions: row.permissions,
      plan: row.plan,
      userCreatedAt: row.created_at,
      language: row.language,
      aiIncluded: row.ai_enabled,
    };
  };
}

/** A platform operator suspended the account: its users are told so, with the operator's reason. */
export function assertAccountActive(account: { status: string; suspended_reason: string | null }) {
  if (account.status !== 'SUSPENDED') return;
  const reason = account.suspended_reason ?? '';
  throw new AppError('ACCOUNT_SUSPENDED', { params: { reason }, data: { reason } });
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

/** preHandler: the caller's role grants `action` on `entity`, else 403 FORBIDDEN. */
export function requirePermission(entity: EntityName, action: Action) {
  return async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    if (!can(auth.permissions, entity, action)) throw new AppError('FORBIDDEN');
  };
}

/**
 * preHandler for plan-gated actions: a free or trial plan whose trial has ended gets
 * SUBSCRIPTION_REQUIRED (the web shows it without logging out). Paid plans pass.
 */
export async function planGate(request: FastifyRequest, _reply?: FastifyReply) {
  const auth = requireAuth(request);
  const state = trialState(auth.plan, trialDaysRemaining(auth.userCreatedAt));
  if (state === 'expired' || state === 'blocked') throw new AppError('SUBSCRIPTION_REQUIRED');
}
