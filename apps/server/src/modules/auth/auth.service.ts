import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import {
  type ChangePasswordInput,
  type LoginInput,
  landingPath,
  type OtpPurpose,
  type RegisterInput,
  type ResetPasswordInput,
} from '@risala/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { loginAttempts, otpCodes, passwordResets, users } from '../../db/schema/index.ts';
import { mailsSent } from '../../metrics.ts';
import { hmac, urlToken } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { enforce, purgeRateLimits, rateLimited } from '../../lib/rate-limit.ts';
import { resetMail } from '../../mail/templates.ts';
import { createAccountWithOwner } from '../accounts/index.ts';
import { notify } from '../notifications/index.ts';
import { audit, userActor } from '../audit/index.ts';
import { assertAccountActive } from './guard.ts';
import { hasRecentOtp, isLastCode, issueOtp, lockEmail, verifyOtp } from './otp.service.ts';
import { countSignUpSend, isSendLimit, mailAccountExists, quietAnswer, replacePendingRegistration, sendGate } from './same-answer.ts';
import { issueToken, revokeUserSessions } from './tokens.ts';
import { findByEmail, findInAccount, toUserDto, type UserRow, type UserWithRole } from './users.repo.ts';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  lang: 'en' | 'ar';
}

// argon2id parameters: OWASP's minimum (19 MiB, 2 iterations)
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;
export const hashPassword = (password: string) => argonHash(password, ARGON);
// verifying against this keeps unknown-email logins as slow as real ones
let dummyHash: Promise<string> | null = null;

async function passwordMatches(stored: string | null, password: string) {
  if (!stored) {
    dummyHash ??= hashPassword('Dummy@Password1');
    await argonVerify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argonVerify(stored, password).catch(() => false);
}

/**
 * Sign-up answers the same for every address (same-answer.ts): a new address gets its code, one
 * with an account gets a mail saying so, a pending sign-up is replaced. Every request mails the
 * address, so the per-address limit of code mails applies too.
 */
export async function register(ctx: AppContext, input: RegisterInput, meta: RequestMeta) {
  await enforce(ctx.db, [ctx.config.rateLimits.registerPerIp, meta.ip], [ctx.config.rateLimits.otpPerAddress, input.email]);
  const passwordHash = await hashPassword(input.password);
  const { confirm_password: _, password: __, ...rest } = input;
  const details = { ...rest, passwordHash, language: input.language ?? meta.lang };
  const answer = { email: input.email, otp_sent: true, ...quietAnswer(ctx) };
  await countSignUpSend(ctx, input.email);
  return ctx.db.transaction(async (tx) => {
    await lockEmail(tx, input.email);
    const found = await findByEmail(tx, input.email);
    if (found?.user.email_verified_at) {
      if (found.user.status === 'ACTIVE') await mailAccountExists(ctx, found.user);
      return answer;
    }
    if (found && found.user.status !== 'ACTIVE') return answer;
    const user = found
      ? await replacePendingRegistration(tx, found.user, details)
      : await createAccountWithOwner(tx, { ...details, password: '' }, { config: ctx.config });
    // a sign-up repeated within the cooldown keeps the code mailed a moment ago
    await issueOtp(ctx, tx, user, 'register').catch((err) => {
      if (!found || !isSendLimit(err)) throw err;
    });
    return answer;
  });
}

/** The purpose a request without one means: verifying the address until it is verified, a password reset after. */
function impliedPurpose(found: Awaited<ReturnType<typeof findByEmail>>): 'register' | 'reset' {
  return found?.user.email_verified_at ? 'reset' : 'register';
}

/**
 * send-otp / resend-otp. Every address gets the same answer (no account enumeration): the limits
 * are applied to all alike first, then a known address's own limits stay silent, and a
 * registration code asked for a verified address becomes a mail telling its owner to sign in.
 */
export async function sendOtp(ctx: AppContext, email: string, meta: Pick<RequestMeta, 'ip'>, requested?: OtpPurpose) {
  // counted for known and unknown addresses alike (the answer must not tell them apart)
  await enforce(ctx.db, [ctx.config.rateLimits.otpPerIp, meta.ip], [ctx.config.rateLimits.otpPerAddress, email]);
  await sendGate(ctx, email, requested);
  const found = await findByEmail(ctx.db, email);
  const purpose = requested ?? impliedPurpose(found);
  const quiet = quietAnswer(ctx);
  if (found?.user.status !== 'ACTIVE') return quiet;
  if (purpose === 'register' && found.user.email_verified_at) {
    await mailAccountExists(ctx, found.user);
    return quiet;
  }
  // a login code can only be re-sent after the password was proven (login-with-otp)
  if (purpose === 'login' && !(await hasRecentOtp(ctx.db, email, 'login'))) return quiet;
  try {
    await ctx.db.transaction((tx) => issueOtp(ctx, tx, found.user, purpose));
  } catch (err) {
    if (!isSendLimit(err)) throw err;
  }
  return quiet;
}

async function createResetToken(ctx: AppContext, tx: DbOrTx, user: UserRow) {
  const token = urlToken();
  await tx.insert(passwordResets).values({
    account_id: user.account_id,
    user_id: user.id,
    token_hash: hmac(ctx.config.jwtSecret, token),
    expires_at: new Date(Date.now() + ctx.config.resetTokenTtlMinutes * 60_000),
  });
  return token;
}

/**
 * The mailed code proves the mailbox: a registration code verifies the address and signs the new
 * owner in (the same session as a sign-in, no second password); a reset code gives a reset token.
 * Only the call that verified the address gets a session: the code is single-use and bound to
 * the user it was issued to.
 */
export async function verifyRegistrationOrReset(
  ctx: AppContext,
  input: { email: string; otp: string; purpose?: 'register' | 'reset' | undefined },
  meta: RequestMeta,
) {
  await enforce(ctx.db, [ctx.config.rateLimits.otpVerifyPerIp, meta.ip]);
  const found = await findByEmail(ctx.db, input.email);
  const purpose = input.purpose ?? impliedPurpose(found);
  // back on the code page after verifying (Back, a second tab): say so, not "wrong code" — but only
  // to whoever holds the code that verified it; any other code is wrong, as for an unknown address
  if (purpose === 'register' && found?.user.status === 'ACTIVE' && found.user.email_verified_at) {
    if (await isLastCode(ctx, input.email, 'register', input.otp)) throw new AppError('EMAIL_ALREADY_VERIFIED');
    throw new AppError('OTP_INVALID');
  }
  const { userId } = await verifyOtp(ctx, input.email, purpose, input.otp);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('OTP_INVALID');
    if (purpose === 'register') {
      if (user.email_verified_at) return { verified: true, signIn: false };
      await tx.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, user.id));
      await notify(tx, { accountId: user.account_id, userId: user.id }, 'system', 'welcome');
      return { verified: true, signIn: true };
    }
    return { reset_token: await createResetToken(ctx, tx, user) };
  });
  if (!('signIn' in outcome)) return outcome;
  const owner = outcome.signIn ? await findByEmail(ctx.db, input.email) : null;
  // the same gates as a sign-in; an owner just created passes them (else: verified, sign in as usual)
  if (owner?.user.id !== userId || owner.user.status !== 'ACTIVE' || !owner.permissions?.sms_portal?.length) return { verified: true };
  return { verified: true, ...(await startSession(ctx, owner, meta)) };
}

/**
 * Reserves a sign-in attempt before the password is hashed: under a lock on the IP and on the
 * address+IP pair, the window's failures are counted and, when under the limits, the attempt is
 * stored as a failure until the password is proven — so concurrent wrong passwords cannot all slip
 * under the limit. Refused attempts are not stored (hammering neither grows the table nor moves
 * the window). Locks are per address *and* IP (a stranger's wrong passwords from elsewhere never
 * lock a user out) and per IP; past `stepUpPerEmail` failures of an address from anywhere, even the
 * right password also needs a mailed code (LOGIN_WITH_OTP_REQUIRED).
 */
async function reserveAttempt(ctx: AppContext, email: string, ip: string): Promise<{ id: number; stepUp: boolean }> {
  const { maxFailuresPerEmail, maxFailuresPerIp, stepUpPerEmail, windowMinutes } = ctx.config.login;
  const address = email.toLowerCase();
  type Counts = { pair: number; by_ip: number; by_email: number; pair_oldest: number | null; ip_oldest: number | null };
  return ctx.db.transaction(async (tx) => {
    // always the IP first, then the pair: one order, no deadlock
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${address}|${ip}`}))`);
    const { rows } = await tx.execute<Counts>(sql`
      select count(*) filter (where email = ${address} and ip = ${ip})::int as pair,
             count(*) filter (where ip = ${ip})::int as by_ip,
             count(*) filter (where email = ${address})::int as by_email,
             extract(epoch from min(created_at) filter (where email = ${address} and ip = ${ip}))::float8 as pair_oldest,
             extract(epoch from min(created_at) filter (where ip = ${ip}))::float8 as ip_oldest
        from login_attempts
       where (email = ${address} or ip = ${ip}) and not success
         and created_at > now() - make_interval(mins => ${windowMinutes})`);
    const c = rows[0] as Counts;
    // seconds until the oldest failure that counts leaves the window
    const wait = (oldest: number | null) => Math.ceil((oldest ?? Date.now() / 1000) + windowMinutes * 60 - Date.now() / 1000);
    const waits = [c.pair >= maxFailuresPerEmail ? wait(c.pair_oldest) : 0, c.by_ip >= maxFailuresPerIp ? wait(c.ip_oldest) : 0];
    if (Math.max(...waits) > 0) throw rateLimited(Math.max(1, ...waits));
    const [attempt] = await tx.insert(loginAttempts).values({ email: address, ip, success: false }).returning({ id: loginAttempts.id });
    return { id: attempt?.id as number, stepUp: c.by_email >= stepUpPerEmail };
  });
}

/** Password check with rate limits and the login error codes of §8, shared by both login paths. */
async function checkCredentials(ctx: AppContext, input: LoginInput, meta: RequestMeta): Promise<UserWithRole & { stepUp: boolean }> {
  const attempt = await reserveAttempt(ctx, input.email, meta.ip);
  const found = await findByEmail(ctx.db, input.email);
  const valid = await passwordMatches(found?.user.password_hash ?? null, input.password);
  if (!found || !valid) throw new AppError('INVALID_LOGIN_DATA');
  await ctx.db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attempt.id));
  if (found.user.status !== 'ACTIVE') throw new AppError('USER_INACTIVE');
  assertAccountActive(found.account);
  if (!found.user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED');
  if (!found.permissions?.sms_portal?.length) throw new AppError('NO_PERMISSIONS_TO_LOGIN');
  return { ...found, stepUp: attempt.stepUp };
}

/** A session for a user who proved who they are (sign-in, a verified sign-up, an accepted invitation). */
export async function startSession(ctx: AppContext, found: UserWithRole, meta: RequestMeta) {
  const { token, expiresAt } = await issueToken(ctx, found.user, meta);
  await audit(ctx.db, { accountId: found.user.account_id, actor: userActor(found.user.id), action: 'auth.login', ip: meta.ip });
  return {
    token,
    expires_at: expiresAt.toISOString(),
    user: toUserDto(found.user, found.roleKey),
    permissions: found.permissions,
    landing: landingPath(found.permissions),
  };
}

export async function login(ctx: AppContext, input: LoginInput, meta: RequestMeta) {
  const found = await checkCredentials(ctx, input, meta);
  // two-step sign-in, or an address under a password-guessing attack: the mailbox must answer too
  if (found.user.two_factor_enabled || found.stepUp) throw new AppError('LOGIN_WITH_OTP_REQUIRED');
  return startSession(ctx, found, meta);
}

export async function loginWithOtp(ctx: AppContext, input: LoginInput, meta: RequestMeta) {
  const found = await checkCredentials(ctx, input, meta);
  const sent = await ctx.db.transaction((tx) => issueOtp(ctx, tx, found.user, 'login'));
  return { otp_sent: true, ...sent };
}

export async function verifyLoginOtp(ctx: AppContext, input: { email: string; otp: string }, meta: RequestMeta) {
  await enforce(ctx.db, [ctx.config.rateLimits.otpVerifyPerIp, meta.ip]);
  const { userId } = await verifyOtp(ctx, input.email, 'login', input.otp);
  const found = await findByEmail(ctx.db, input.email);
  if (!found || found.user.id !== userId) throw new AppError('OTP_INVALID');
  if (found.user.status !== 'ACTIVE') throw new AppError('USER_INACTIVE');
  assertAccountActive(found.account);
  if (!found.permissions?.sms_portal?.length) throw new AppError('NO_PERMISSIONS_TO_LOGIN');
  return startSession(ctx, found, meta);
}

/**
 * Always answers the same, and in the same time: the answer goes out once the rate limits (kept
 * for every address alike) have passed, before the address is even looked up; the link and the
 * code are mailed after it when the address is known (a relay failure is logged, not answered).
 */
export async function forgotPassword(ctx: AppContext, email: string, meta: Pick<RequestMeta, 'ip'>) {
  await enforce(ctx.db, [ctx.config.rateLimits.otpPerIp, meta.ip], [ctx.config.rateLimits.otpPerAddress, email]);
  ctx.background.run('password reset mail', () => mailResetLink(ctx, email));
  return { sent: true };
}

/** The reset mail, with a single-use link and a code, for an active account's address; nothing otherwise. */
async function mailResetLink(ctx: AppContext, email: string) {
  const found = await findByEmail(ctx.db, email);
  if (found?.user.status !== 'ACTIVE') return;
  const user = found.user;
  await ctx.db.transaction(async (tx) => {
    await lockEmail(tx, email);
    // The code lets a user finish on another device (/otp-verify). Its cooldown and hourly cap
    // also bound how often this mail goes out, so nobody can flood an inbox with resets.
    const code = await issueResetCode(ctx, tx, user);
    if (!code) return;
    const token = await createResetToken(ctx, tx, user);
    const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // a mail that cannot be sent rolls the link and the code back (BackgroundWork logs why)
    await ctx.mailer.send(resetMail(user.language, user.email, user.first_name, link, code, ctx.config.resetTokenTtlMinutes));
    mailsSent.inc({ kind: 'password_reset' });
  });
}

/** A reset code stored like any OTP but delivered inside the reset mail (no second mail). */
async function issueResetCode(ctx: AppContext, tx: DbOrTx, user: UserRow): Promise<string | null> {
  try {
    const issued = await issueOtp(ctx, tx, user, 'reset', { deliver: false });
    return ('code' in issued && issued.code) || null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return null; // cooldown or hourly cap: the link alone still works
  }
}

export async function resetPassword(ctx: AppContext, input: ResetPasswordInput, meta: RequestMeta) {
  const passwordHash = await hashPassword(input.password);
  const tokenHash = hmac(ctx.config.jwtSecret, input.token);
  await ctx.db.transaction(async (tx) => {
    const [reset] = await tx
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.token_hash, tokenHash), isNull(passwordResets.used_at), gt(passwordResets.expires_at, new Date())))
      .for('update');
    if (!reset) throw new AppError('RESET_TOKEN_INVALID');
    // every outstanding link of this user dies with this one
    await tx
      .update(passwordResets)
      .set({ used_at: new Date() })
      .where(and(eq(passwordResets.user_id, reset.user_id), isNull(passwordResets.used_at)));
    // …and so does the reset code mailed with it
    await tx
      .update(otpCodes)
      .set({ consumed_at: new Date() })
      .where(and(eq(otpCodes.user_id, reset.user_id), eq(otpCodes.purpose, 'reset'), isNull(otpCodes.consumed_at)));
    await tx
      .update(users)
      .set({ password_hash: passwordHash, password_changed_at: new Date(), updated_at: new Date() })
      .where(eq(users.id, reset.user_id));
    await revokeUserSessions(tx, reset.user_id);
    await notify(tx, { accountId: reset.account_id, userId: reset.user_id }, 'system', 'passwordReset');
    await audit(tx, { accountId: reset.account_id, actor: userActor(reset.user_id), action: 'auth.password_reset', ip: meta.ip });
  });
  return { reset: true };
}

export async function changePassword(
  ctx: AppContext,
  auth: { accountId: number; userId: number; sessionId: string },
  input: ChangePasswordInput,
  meta: RequestMeta,
) {
  const found = await findInAccount(ctx.db, auth.accountId, auth.userId);
  if (!found) throw new AppError('NOT_FOUND');
  if (!(await passwordMatches(found.user.password_hash, input.old_password))) {
    throw new AppError('OLD_PASSWORD_INCORRECT', { errors: [{ field: 'old_password', message: 'errors.OLD_PASSWORD_INCORRECT' }] });
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: passwordHash, password_changed_at: new Date(), updated_at: new Date() })
      .where(and(eq(users.id, auth.userId), eq(users.account_id, auth.accountId)));
    await revokeUserSessions(tx, auth.userId, auth.sessionId);
    await notify(tx, auth, 'system', 'passwordChanged');
    await audit(tx, { accountId: auth.accountId, actor: userActor(auth.userId), action: 'auth.password_changed', ip: meta.ip });
  });
  return { changed: true };
}

/** Housekeeping for the worker: drop expired codes, tokens and old attempts. */
export async function purgeExpired(db: DbOrTx) {
  await db.execute(sql`delete from otp_codes where created_at < now() - interval '2 days'`);
  await db.execute(sql`delete from password_resets where expires_at < now() - interval '2 days'`);
  await db.execute(sql`delete from login_attempts where created_at < now() - interval '2 days'`);
  await purgeRateLimits(db);
  await db.execute(sql`delete from sessions where expires_at < now() - interval '2 days'`);
}
