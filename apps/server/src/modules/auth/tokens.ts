import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export interface TokenClaims {
  id: number;
  jti: string;
  exp: number;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/** Issue a JWT (payload `id`, `exp`, `jti`) and record its session so it can be revoked. */
export async function issueToken(
  ctx: AppContext,
  user: { id: number; account_id: number },
  meta: { ip?: string; userAgent?: string },
  tx: DbOrTx = ctx.db,
) {
  const jti = randomUUID();
  const expiresAt = new Date(Date.now() + ctx.config.jwtTtlSeconds * 1000);
  await tx.insert(sessions).values({
    id: jti,
    account_id: user.account_id,
    user_id: user.id,
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    expires_at: expiresAt,
  });
  const token = await new SignJWT({ id: user.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(ctx.config.jwtSecret));
  return { token, expiresAt };
}

/** Verify signature and expiry; INVALID_TOKEN when unreadable, SESSION_EXPIRED when stale. */
export async function verifyToken(ctx: AppContext, token: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key(ctx.config.jwtSecret), { algorithms: ['HS256'] });
    if (typeof payload.id !== 'number' || typeof payload.jti !== 'string' || !payload.exp) {
      throw new AppError('INVALID_TOKEN');
    }
    return { id: payload.id, jti: payload.jti, exp: payload.exp };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new AppError('SESSION_EXPIRED');
    throw new AppError('INVALID_TOKEN');
  }
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Revoke every live session of a user (after a password change or reset), optionally sparing one. */
export async function revokeUserSessions(db: DbOrTx, userId: number, except?: string) {
  const rows = await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  if (except && rows.some((r) => r.id === except)) {
    await db.update(sessions).set({ revoked_at: null }).where(eq(sessions.id, except));
  }
}
