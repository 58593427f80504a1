/**
 * Platform operators and their sign-in. An operator is not a user of any account:
 * created only from the command line (admin:create), signed in by a one-time code mailed to them
 * (stored as an HMAC, 10 minutes, 5 wrong tries burn it, send limits per address and per IP), and
 * holding a session token signed with a key of its own — a tenant token never verifies here, and an
 * operator token never verifies as a tenant one. Every address gets the same answer to send-otp.
 */
import { randomUUID } from 'node:crypto';
import { OPERATOR_OTP, type Operator } from '@risala/shared/schemas/admin';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { hmac, numericCode, safeEqualHex } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { enforce, type RateLimit } from '../../lib/rate-limit.ts';
import { operatorCodeMail } from '../../mail/templates.ts';
import { mailsSent } from '../../metrics.ts';
import type { AuditActor } from '../audit/index.ts';

export const OPERATOR_COOKIE = 'admin_token';
const AUDIENCE = 'risala-platform-operator';

/** Send limits: per address (counted for unknown addresses alike) and per IP; verify tries per IP. */
export const OPERATOR_LIMITS = {
  sendPerAddress: { bucket: 'admin-otp:address', max: 5, windowSeconds: 3600 },
  sendCooldown: { bucket: 'admin-otp:cooldown', max: 1, windowSeconds: 30 },
  sendPerIp: { bucket: 'admin-otp:ip', max: 20, windowSeconds: 3600 },
  verifyPerIp: { bucket: 'admin-otp-verify:ip', max: 30, windowSeconds: 3600 },
} satisfies Record<string, RateLimit>;

/** A key of its own, derived from the server secret: operator and tenant tokens never verify as each other. */
const tokenKey = (ctx: AppContext) => new TextEncoder().encode(hmac(ctx.config.jwtSecret, 'platform-operator-session'));
const codeHash = (ctx: AppContext, operatorId: number, code: string) => hmac(ctx.config.jwtSecret, `operator-otp:${operatorId}:${code}`);

interface OperatorRow {
  id: number;
  email: string;
  name: string;
  status: string;
}

export async function findOperatorByEmail(db: DbOrTx, email: string): Promise<OperatorRow | null> {
  const { rows } = await db.execute<OperatorRow & Record<string, unknown>>(
    sql`select id, email, name, status from platform_operators where lower(email) = ${email.trim().toLowerCase()}`,
  );
  return rows[0] ?? null;
}

/**
 * Create an operator, or re-activate and rename one that exists (admin:create is idempotent).
 * There is no password: the operator signs in with a code mailed to this address.
 */
export async function createOperator(db: DbOrTx, input: { email: string; name?: string }) {
  const email = input.email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'email', message: 'validation.email' }] });
  const { rows } = await db.execute<{ id: number; created: boolean } & Record<string, unknown>>(sql`
    insert into platform_operators (email, name, status) values (${email}, ${input.name?.trim() ?? ''}, 'ACTIVE')
    on conflict ((lower(email))) do update set status = 'ACTIVE',
      name = case when ${input.name ?? null}::text is null then platform_operators.name else excluded.name end
    returning id, (xmax = 0) as created`);
  const row = rows[0] as { id: number; created: boolean };
  return { id: row.id, email, created: row.created };
}

/** POST /api/admin/send-otp: the same answer for every address; only an active operator gets a mail. */
export async function sendOperatorOtp(ctx: AppContext, email: string, ip: string) {
  const address = email.trim().toLowerCase();
  await enforce(
    ctx.db,
    [OPERATOR_LIMITS.sendPerIp, ip],
    [OPERATOR_LIMITS.sendPerAddress, address],
    [OPERATOR_LIMITS.sendCooldown, address],
  );
  const answer = { ttl_minutes: OPERATOR_OTP.ttlMinutes };
  const operator = await findOperatorByEmail(ctx.db, address);
  if (operator?.status !== 'ACTIVE') return answer;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`operator-otp:${operator.id}`}))`);
    // a new code replaces the older ones
    await tx.execute(sql`update operator_otp_codes set consumed_at = now() where operator_id = ${operator.id} and consumed_at is null`);
    const code = numericCode(OPERATOR_OTP.length);
    await tx.execute(sql`
      insert into operator_otp_codes (operator_id, code_hash, expires_at)
      values (${operator.id}, ${codeHash(ctx, operator.id, code)}, now() + make_interval(mins => ${OPERATOR_OTP.ttlMinutes}))`);
    // inside the transaction: a code that could not be mailed is not kept
    await ctx.mailer.send(operatorCodeMail(operator.email, operator.name, code, OPERATOR_OTP.ttlMinutes)).catch((err: Error) => {
      ctx.log.error({ err }, 'could not send an operator sign-in code');
      throw new AppError('SERVICE_UNAVAILABLE');
    });
    mailsSent.inc({ kind: 'operator_otp' });
  });
  return answer;
}

type Outcome = { result: 'ok'; operatorId: number } | { result: 'invalid' | 'expired' | 'burned' };

/** POST /api/admin/verify-otp: the latest code of the operator, once; wrong tries are committed. */
export async function verifyOperatorOtp(
  ctx: AppContext,
  email: string,
  code: string,
  meta: { ip: string; userAgent?: string | undefined },
) {
  await enforce(ctx.db, [OPERATOR_LIMITS.verifyPerIp, meta.ip]);
  const operator = await findOperatorByEmail(ctx.db, email);
  if (operator?.status !== 'ACTIVE') throw new AppError('OTP_INVALID');
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`operator-otp:${operator.id}`}))`);
    const { rows } = await tx.execute<{ id: number; code_hash: string; attempts: number; expired: boolean; consumed: boolean }>(sql`
      select id, code_hash, attempts, expires_at <= now() as expired, consumed_at is not null as consumed
        from operator_otp_codes where operator_id = ${operator.id} order by created_at desc, id desc limit 1`);
    const otp = rows[0];
    if (!otp) return { result: 'invalid' };
    if (otp.consumed) return { result: otp.attempts >= OPERATOR_OTP.maxAttempts ? 'burned' : 'invalid' };
    if (otp.expired) return { result: 'expired' };
    if (safeEqualHex(otp.code_hash, codeHash(ctx, operator.id, code))) {
      await tx.execute(sql`update operator_otp_codes set consumed_at = now() where id = ${otp.id}`);
      return { result: 'ok', operatorId: operator.id };
    }
    const attempts = otp.attempts + 1;
    const burned = attempts >= OPERATOR_OTP.maxAttempts;
    await tx.execute(sql`
      update operator_otp_codes set attempts = ${attempts}, consumed_at = ${burned ? sql`now()` : sql`null`} where id = ${otp.id}`);
    return { result: burned ? 'burned' : 'invalid' };
  });
  if (outcome.result === 'expired') throw new AppError('OTP_EXPIRED');
  if (outcome.result === 'burned') throw new AppError('OTP_ATTEMPTS_EXCEEDED');
  // no attempts count in the answer: an unknown address must read the same as a known one
  if (outcome.result !== 'ok') throw new AppError('OTP_INVALID');
  return startOperatorSession(ctx, operator, meta);
}

async function startOperatorSession(ctx: AppContext, operator: OperatorRow, meta: { ip: string; userAgent?: string | undefined }) {
  const jti = randomUUID();
  const expiresAt = new Date(Date.now() + OPERATOR_OTP.sessionHours * 3600_000);
  await ctx.db.execute(sql`
    insert into operator_sessions (id, operator_id, ip, user_agent, expires_at)
    values (${jti}, ${operator.id}, ${meta.ip}, ${meta.userAgent?.slice(0, 300) ?? null}, ${expiresAt})`);
  await ctx.db.execute(sql`update platform_operators set last_sign_in_at = now() where id = ${operator.id}`);
  const token = await new SignJWT({ op: operator.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(AUDIENCE)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(tokenKey(ctx));
  return { token, expires_at: expiresAt.toISOString(), operator: toOperator(operator) };
}

const toOperator = (o: OperatorRow): Operator => ({ id: o.id, email: o.email, name: o.name });

export interface OperatorAuth {
  operatorId: number;
  sessionId: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorAuth | null;
  }
}

/** The operator token from `Authorization: Bearer` or the admin cookie (never the tenant `token` cookie). */
function readOperatorToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies?.[OPERATOR_COOKIE] ?? null;
}

/** onRequest for /api/admin/*: a live session of an active operator, or 401. */
export function authenticateOperator(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const token = readOperatorToken(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    let claims: { op: number; jti: string };
    try {
      const { payload } = await jwtVerify(token, tokenKey(ctx), { algorithms: ['HS256'], audience: AUDIENCE });
      if (typeof payload.op !== 'number' || typeof payload.jti !== 'string') throw new AppError('INVALID_TOKEN');
      claims = { op: payload.op, jti: payload.jti };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new AppError('SESSION_EXPIRED');
      throw new AppError('INVALID_TOKEN');
    }
    const { rows } = await ctx.db.execute<{ email: string; name: string; status: string; live: boolean }>(sql`
      select o.email, o.name, o.status, (s.revoked_at is null and s.expires_at > now()) as live
        from operator_sessions s join platform_operators o on o.id = s.operator_id
       where s.id = ${claims.jti} and s.operator_id = ${claims.op}`);
    const row = rows[0];
    if (!row?.live || row.status !== 'ACTIVE') throw new AppError('SESSION_EXPIRED');
    request.operator = { operatorId: claims.op, sessionId: claims.jti, email: row.email, name: row.name };
  };
}

/** An operator as the actor of an account's audit entry. */
export const operatorActor = (op: OperatorAuth): AuditActor => ({ type: 'operator', id: op.operatorId, label: op.name || op.email });

export function requireOperator(request: FastifyRequest): OperatorAuth {
  if (!request.operator) throw new AppError('UNAUTHORIZED');
  return request.operator;
}

export async function signOutOperator(ctx: AppContext, op: OperatorAuth) {
  await ctx.db.execute(sql`update operator_sessions set revoked_at = now() where id = ${op.sessionId} and revoked_at is null`);
}
