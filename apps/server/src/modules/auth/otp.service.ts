import { OTP, type OtpPurpose } from '@risala/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema/index.ts';
import { hmac, numericCode, safeEqualHex } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { otpMail } from '../../mail/templates.ts';
import { mailsSent } from '../../metrics.ts';
import type { UserRow } from './users.repo.ts';

const hashCode = (secret: string, email: string, purpose: string, code: string) =>
  hmac(secret, `${email.toLowerCase()}:${purpose}:${code}`);

/** Serialise OTP work per address, so parallel requests cannot slip past the limits. */
export async function lockEmail(tx: DbOrTx, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${email.toLowerCase()}`}))`);
}

/**
 * Issue a 6-digit code (stored hashed, 10-minute expiry) and mail it, inside the caller's
 * transaction: if the mail cannot be sent, nothing is kept. Enforces the 60 s resend cooldown per
 * purpose and the hourly cap per address (HIGH_FREQUENCY_OTP).
 */
export async function issueOtp(ctx: AppContext, tx: DbOrTx, user: UserRow, purpose: OtpPurpose, opts: { deliver?: boolean } = {}) {
  await lockEmail(tx, user.email);
  const hourAgo = new Date(Date.now() - 3600_000);
  const recent = await tx
    .select({ purpose: otpCodes.purpose, created_at: otpCodes.created_at })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, user.email.toLowerCase()), eq(otpCodes.purpose, purpose), gt(otpCodes.created_at, hourAgo)))
    .orderBy(desc(otpCodes.created_at));
  // capped per purpose: public reset requests cannot use up a user's sign-in codes
  if (recent.length >= OTP.maxPerHour) {
    throw new AppError('HIGH_FREQUENCY_OTP', {
      data: {
        error_type: 'HIGH_FREQUENCY_OTP',
        suggestions: ['wait_one_hour', 'check_spam_folder', 'contact_support'],
      },
    });
  }
  const last = recent[0];
  if (last) {
    const elapsed = Math.floor((Date.now() - last.created_at.getTime()) / 1000);
    if (elapsed < OTP.resendCooldownSeconds) {
      const retryAfter = OTP.resendCooldownSeconds - elapsed;
      throw new AppError('OTP_RESEND_COOLDOWN', {
        params: { seconds: retryAfter },
        data: { retry_after: retryAfter, error_type: 'OTP_RESEND_COOLDOWN' },
      });
    }
  }
  // a new code replaces any older one for the same purpose
  await tx
    .update(otpCodes)
    .set({ consumed_at: new Date() })
    .where(and(eq(otpCodes.email, user.email.toLowerCase()), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumed_at)));
  const code = numericCode(OTP.length);
  await tx.insert(otpCodes).values({
    account_id: user.account_id,
    user_id: user.id,
    email: user.email.toLowerCase(),
    purpose,
    code_hash: hashCode(ctx.config.jwtSecret, user.email, purpose, code),
    expires_at: new Date(Date.now() + OTP.ttlMinutes * 60_000),
  });
  // the caller delivers the code itself (e.g. inside the password-reset mail)
  if (opts.deliver === false) return { code };
  const result = await ctx.mailer.send(otpMail(user.language, user.email, user.first_name, purpose, code)).catch((err: Error) => {
    ctx.log.error({ err }, 'could not send a one-time code');
    throw new AppError('SERVICE_UNAVAILABLE');
  });
  mailsSent.inc({ kind: `otp_${purpose}` });
  // a developer's convenience: never in production, never with a real relay
  if (ctx.config.sandboxInbox) ctx.log.info({ email: user.email, purpose, otp: code }, `one-time code ${code}`);
  // the same keys as the answer for unknown addresses (no enumeration by shape)
  return { provider: result.provider, delivery_status: result.delivery_status, cooldown_seconds: OTP.resendCooldownSeconds };
}

type VerifyOutcome = 'ok' | 'invalid' | 'expired' | 'burned';

/**
 * Check a code. Wrong codes count; the fifth wrong try burns the code. The attempt count is
 * committed even though the caller then fails, so retries cannot reset it.
 */
export async function verifyOtp(ctx: AppContext, email: string, purpose: OtpPurpose, code: string): Promise<{ userId: number }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockEmail(tx, email);
    const [otp] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email.toLowerCase()), eq(otpCodes.purpose, purpose)))
      .orderBy(desc(otpCodes.created_at))
      .limit(1);
    if (!otp) return { result: 'invalid' as VerifyOutcome };
    if (otp.consumed_at) {
      return { result: (otp.attempts >= OTP.maxAttempts ? 'burned' : 'invalid') as VerifyOutcome };
    }
    if (otp.expires_at.getTime() <= Date.now()) return { result: 'expired' as VerifyOutcome };
    const expected = hashCode(ctx.config.jwtSecret, email, purpose, code);
    if (safeEqualHex(otp.code_hash, expected)) {
      await tx.update(otpCodes).set({ consumed_at: new Date() }).where(eq(otpCodes.id, otp.id));
      return { result: 'ok' as VerifyOutcome, userId: otp.user_id };
    }
    const attempts = otp.attempts + 1;
    const burned = attempts >= OTP.maxAttempts;
    await tx
      .update(otpCodes)
      .set({ attempts, ...(burned ? { consumed_at: new Date() } : {}) })
      .where(eq(otpCodes.id, otp.id));
    return {
      result: (burned ? 'burned' : 'invalid') as VerifyOutcome,
      attemptsLeft: OTP.maxAttempts - attempts,
    };
  });
  switch (outcome.result) {
    case 'ok':
      return { userId: outcome.userId as number };
    case 'expired':
      throw new AppError('OTP_EXPIRED');
    case 'burned':
      throw new AppError('OTP_ATTEMPTS_EXCEEDED');
    default:
      throw new AppError('OTP_INVALID', {
        data: 'attemptsLeft' in outcome ? { attempts_left: outcome.attemptsLeft } : undefined,
      });
  }
}

/** Whether `code` is the address's latest code of this purpose (used or not): proof of the mailbox. */
export async function isLastCode(ctx: AppContext, email: string, purpose: OtpPurpose, code: string) {
  const [otp] = await ctx.db
    .select({ code_hash: otpCodes.code_hash })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email.toLowerCase()), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.created_at))
    .limit(1);
  return Boolean(otp && safeEqualHex(otp.code_hash, hashCode(ctx.config.jwtSecret, email, purpose, code)));
}

/** True when a login code was issued recently (the password was proven just before). */
export async function hasRecentOtp(db: DbOrTx, email: string, purpose: OtpPurpose) {
  const since = new Date(Date.now() - OTP.ttlMinutes * 60_000);
  const [row] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email.toLowerCase()), eq(otpCodes.purpose, purpose), gt(otpCodes.created_at, since)))
    .limit(1);
  return Boolean(row);
}
