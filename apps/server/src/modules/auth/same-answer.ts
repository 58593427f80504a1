/**
 * Registration and code requests answer the same whether an address has an account or not (no
 * account enumeration, like forgot-password): what differs goes to the address's mailbox instead.
 * - A new address gets its registration code; an address with a verified account gets a mail
 *   saying it already has one (sign in, or reset the password); a pending (never verified)
 *   registration is replaced by the new one and gets a fresh code.
 * - send-otp / resend-otp refuse too-frequent requests by address and requested purpose for every
 *   address alike (the cooldown and the hourly cap), then send quietly: a known address's own
 *   limits, or a registration code asked for a verified address, never show in the answer.
 */
import { OTP, type OtpPurpose, type RegisterInput } from '@risala/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hit, type RateLimit } from '../../lib/rate-limit.ts';
import { accountExistsMail } from '../../mail/templates.ts';
import { mailsSent } from '../../metrics.ts';
import { signUpProfile } from '../accounts/index.ts';
import type { UserRow } from './users.repo.ts';

/** The answer to a code request, whatever the address (the keys of issueOtp's own answer). */
export const quietAnswer = (ctx: AppContext) => ({
  provider: ctx.mailer.provider,
  delivery_status: 'sent' as const,
  cooldown_seconds: OTP.resendCooldownSeconds,
});

const COOLDOWN: RateLimit = { bucket: 'otp-send:cooldown', max: 1, windowSeconds: OTP.resendCooldownSeconds };
const HOURLY: RateLimit = { bucket: 'otp-send:hour', max: OTP.maxPerHour, windowSeconds: 3600 };

const gateKey = (email: string, requested: OtpPurpose | undefined) => `${requested ?? 'any'}:${email.toLowerCase()}`;

/**
 * The limits issueOtp applies to known addresses, applied first to every address the same way.
 * Keyed by the purpose asked for, never the one the account implies (that would tell).
 */
export async function sendGate(ctx: AppContext, email: string, requested: OtpPurpose | undefined) {
  const key = gateKey(email, requested);
  const hourly = await hit(ctx.db, HOURLY, key);
  if (hourly.hits > HOURLY.max) {
    throw new AppError('HIGH_FREQUENCY_OTP', {
      data: { error_type: 'HIGH_FREQUENCY_OTP', suggestions: ['wait_one_hour', 'check_spam_folder', 'contact_support'] },
    });
  }
  const cooldown = await hit(ctx.db, COOLDOWN, key);
  if (cooldown.hits > COOLDOWN.max) {
    throw new AppError('OTP_RESEND_COOLDOWN', {
      params: { seconds: cooldown.retryAfter },
      data: { retry_after: cooldown.retryAfter, error_type: 'OTP_RESEND_COOLDOWN' },
    });
  }
}

/**
 * A sign-up mails the address (a code, or the account-exists mail) for every address alike: it
 * counts as a send, so "resend" right after it waits the cooldown whether the address was new or not.
 */
export async function countSignUpSend(ctx: AppContext, email: string) {
  for (const requested of ['register', undefined] as const) {
    await hit(ctx.db, HOURLY, gateKey(email, requested));
    await hit(ctx.db, COOLDOWN, gateKey(email, requested));
  }
}

/** A known address's own cooldown or hourly cap: the code is not sent, the answer stays the same. */
export const isSendLimit = (err: unknown) =>
  err instanceof AppError && (err.code === 'OTP_RESEND_COOLDOWN' || err.code === 'HIGH_FREQUENCY_OTP');

/** Tells the owner of an address with an account that someone asked to register it. */
export async function mailAccountExists(ctx: AppContext, user: UserRow) {
  const links = { signIn: `${ctx.config.publicUrl}/login`, reset: `${ctx.config.publicUrl}/forget-password` };
  await ctx.mailer.send(accountExistsMail(user.language, user.email, user.first_name, links)).catch((err: Error) => {
    ctx.log.error({ err }, 'could not send the account-exists mail');
    throw new AppError('SERVICE_UNAVAILABLE');
  });
  mailsSent.inc({ kind: 'account_exists' });
}

/**
 * A registration that was never verified is replaced by the new one (details and password): only
 * the mailbox's owner can verify it, so the latest sign-up made with the mailbox wins, and nobody
 * can plant a password on an address before its owner signs up.
 */
export async function replacePendingRegistration(
  tx: DbOrTx,
  user: UserRow,
  input: Omit<RegisterInput, 'password' | 'confirm_password'> & { passwordHash: string; language: 'en' | 'ar' },
) {
  const [updated] = await tx
    .update(users)
    .set({ password_hash: input.passwordHash, ...signUpProfile(input), updated_at: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  await tx
    .update(accounts)
    .set({ name: input.company_name || `${input.first_name} ${input.last_name}`, updated_at: new Date() })
    .where(eq(accounts.id, user.account_id));
  return updated as UserRow;
}
