import type { EmailAnalytics, EmailConfig, EmailConfigInput } from '@risala/shared/schemas/senders';
import { translate } from '@risala/shared/i18n/index.ts';
import type { AppContext } from '../../context.ts';
import { encryptSecret, hmac, safeEqualHex, urlToken } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { enforce } from '../../lib/rate-limit.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { type AuthContext, findInAccount } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';
import * as repo from './email.repo.ts';
import { sendWithSender } from './email-transport.ts';
import { assertPublicHost } from '../../lib/outbound-url.ts';

const VERIFY_TTL_MS = 24 * 3600_000;

export function toEmailConfigDto(row: repo.EmailSenderRow): EmailConfig {
  return {
    id: row.id,
    provider: row.provider as EmailConfig['provider'],
    from_name: row.from_name,
    from_email: row.from_email,
    reply_to: row.reply_to,
    smtp_host: row.smtp_host,
    smtp_port: row.smtp_port,
    smtp_user: row.smtp_user,
    smtp_security: row.smtp_security as EmailConfig['smtp_security'],
    has_password: Boolean(row.smtp_password_enc),
    has_api_key: Boolean(row.sendgrid_api_key_enc),
    sendgrid_webhook_key: row.sendgrid_webhook_key,
    tier: row.tier,
    daily_limit: row.daily_limit,
    status: row.status as EmailConfig['status'],
    verified_at: row.verified_at?.toISOString() ?? null,
    updated_at: row.updated_at.toISOString(),
  };
}

async function requireSender(ctx: AppContext, auth: AuthContext, lock = false) {
  const row = await repo.findDefaultEmailSender(ctx.db, auth.accountId, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getEmailConfig(ctx: AppContext, auth: AuthContext) {
  return toEmailConfigDto(await requireSender(ctx, auth));
}

/**
 * Save the account's email sender. A changed from-address (or provider) needs verifying again;
 * secrets left out keep their saved value; the sandbox provider exists only in sandbox mode.
 */
export async function saveEmailConfig(ctx: AppContext, auth: AuthContext, input: EmailConfigInput) {
  const field = (name: string, message = 'validation.required') => new AppError('VALIDATION_ERROR', { errors: [{ field: name, message }] });
  if (input.provider === 'sandbox' && !ctx.config.sandbox) throw field('provider', 'validation.invalid');
  if (input.provider === 'smtp' && input.smtp_host) await assertPublicHost(ctx.config, input.smtp_host, 'smtp_host');
  const enc = (v: string) => encryptSecret(ctx.config.encryptionKey, v);
  return ctx.db.transaction(async (tx) => {
    const current = await repo.findDefaultEmailSender(tx, auth.accountId, true);
    if (input.provider === 'sendgrid' && !input.sendgrid_api_key && !current?.sendgrid_api_key_enc) throw field('sendgrid_api_key');
    const smtp = input.provider === 'smtp';
    const values: repo.EmailSenderValues = {
      provider: input.provider,
      from_name: input.from_name,
      from_email: input.from_email,
      reply_to: input.reply_to ?? null,
      smtp_host: smtp ? (input.smtp_host ?? null) : null,
      smtp_port: smtp ? (input.smtp_port ?? null) : null,
      smtp_user: smtp ? (input.smtp_user ?? null) : null,
      smtp_security: input.smtp_security,
      sendgrid_webhook_key: input.sendgrid_webhook_key ?? current?.sendgrid_webhook_key ?? null,
      ...(smtp ? {} : { smtp_password_enc: null }),
      ...(smtp && input.smtp_password !== undefined ? { smtp_password_enc: input.smtp_password ? enc(input.smtp_password) : null } : {}),
      ...(input.sendgrid_api_key ? { sendgrid_api_key_enc: enc(input.sendgrid_api_key) } : {}),
    };
    const sameIdentity = current && current.from_email === input.from_email && current.provider === input.provider;
    if (!sameIdentity) {
      // the sandbox sender delivers only to the sink: nothing to prove
      Object.assign(
        values,
        input.provider === 'sandbox'
          ? { status: 'ACTIVE', verified_at: new Date(), verify_token_hash: null }
          : { status: 'PENDING_VERIFICATION', verified_at: null, verify_token_hash: null },
      );
    }
    const row = current
      ? await repo.updateEmailSender(tx, auth.accountId, current.id, values)
      : await repo.insertEmailSender(tx, {
          ...values,
          provider: input.provider,
          from_name: input.from_name,
          from_email: input.from_email,
          account_id: auth.accountId,
          is_default: true,
        });
    if (!row) throw new AppError('NOT_FOUND');
    return toEmailConfigDto(row);
  });
}

export async function getTierConfig(ctx: AppContext, auth: AuthContext) {
  const row = await requireSender(ctx, auth);
  return { tier: row.tier, daily_limit: row.daily_limit };
}

export async function saveTierConfig(ctx: AppContext, auth: AuthContext, input: { tier: string; daily_limit: number | null }) {
  const row = await requireSender(ctx, auth);
  const updated = await repo.updateEmailSender(ctx.db, auth.accountId, row.id, input);
  if (!updated) throw new AppError('NOT_FOUND');
  return { tier: updated.tier, daily_limit: updated.daily_limit };
}

function simpleMail(lang: string, to: string, key: string, params: Record<string, string | number>, replyTo?: string): MailMessage {
  const subject = translate(lang, `senders.mail.${key}.subject`, params);
  const text = translate(lang, `senders.mail.${key}.body`, params);
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:Arial,Tahoma,sans-serif">${text
    .split('\n')
    .map((l) => `<p>${esc(l)}</p>`)
    .join('')}</body></html>`;
  return { to, subject, text, html, replyTo };
}

/** A request to the platform team (SendGrid account, SMS setup): mail to SUPPORT_EMAIL and a notification. */
export async function requestFromPlatform(ctx: AppContext, auth: AuthContext, kind: 'sendgrid' | 'smsSupport', message: string) {
  // a mail to the platform team each time: bounded per user and per account, like support mails
  await enforce(
    ctx.db,
    [ctx.config.rateLimits.supportPerUser, String(auth.userId)],
    [ctx.config.rateLimits.supportPerAccount, String(auth.accountId)],
  );
  const found = await findInAccount(ctx.db, auth.accountId, auth.userId);
  if (!found) throw new AppError('NOT_FOUND');
  const params = { account: auth.accountId, email: found.user.email, name: `${found.user.first_name} ${found.user.last_name}`, message };
  try {
    await ctx.mailer.send(simpleMail('en', ctx.config.supportEmail, `${kind}Request`, params, found.user.email));
  } catch (err) {
    ctx.log.error({ err }, 'platform request mail failed');
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  await notify(ctx.db, auth, 'sender_status', kind === 'sendgrid' ? 'sendgridRequested' : 'smsSupportRequested');
  return { sent: true };
}

/** Mail a single-use, expiring link to the from-address; opening it marks the sender ACTIVE. */
export async function sendVerification(ctx: AppContext, auth: AuthContext, lang: string) {
  const row = await requireSender(ctx, auth);
  if (row.status === 'ACTIVE') return { sent: false, status: row.status };
  const token = `${row.id}.${Date.now() + VERIFY_TTL_MS}.${urlToken(24)}`;
  await repo.updateEmailSender(ctx.db, auth.accountId, row.id, { verify_token_hash: hmac(ctx.config.jwtSecret, token) });
  const link = `${ctx.config.publicUrl}/api/sender-management/email/verify?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(simpleMail(lang, row.from_email, 'verify', { email: row.from_email, link }));
  } catch (err) {
    ctx.log.error({ err }, 'verification mail failed');
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  return { sent: true, status: row.status };
}

/** GET …/verify?token=: true when the link was valid and unused (the sender is now ACTIVE). */
export async function confirmVerification(ctx: AppContext, token: string): Promise<boolean> {
  const [id, exp] = token.split('.');
  if (!/^\d+$/.test(id ?? '') || !/^\d+$/.test(exp ?? '') || Number(exp) < Date.now()) return false;
  const hash = hmac(ctx.config.jwtSecret, token);
  const current = await repo.findEmailSenderById(ctx.db, Number(id));
  if (!current?.verify_token_hash || !safeEqualHex(current.verify_token_hash, hash)) return false;
  const row = await repo.consumeVerifyToken(ctx.db, current.id, hash);
  return Boolean(row);
}

export async function sendTestEmail(ctx: AppContext, auth: AuthContext, to: string, lang: string) {
  // a test proves the relay settings, so it works before the from-address is verified
  const row = await requireSender(ctx, auth);
  const out = await sendWithSender(ctx, row, simpleMail(lang, to, 'test', { from: row.from_email }), lang);
  return { sent: true, provider: out.provider, message_id: out.message_id ?? null };
}

export async function emailAnalytics(ctx: AppContext, auth: AuthContext): Promise<EmailAnalytics> {
  const since = new Date(Date.now() - 30 * 24 * 3600_000);
  const rows = await repo.countEventsSince(ctx.db, auth.accountId, since);
  const totals = Object.fromEntries(rows.map((r) => [r.event, r.n]));
  return { since: since.toISOString(), totals, total: rows.reduce((s, r) => s + r.n, 0) };
}

export async function listWebhookEvents(ctx: AppContext, auth: AuthContext, page: number, limit: number) {
  const { rows, total } = await repo.listEvents(ctx.db, auth.accountId, page, limit);
  return {
    items: rows.map((e) => ({
      id: e.id,
      event: e.event,
      email: e.email,
      sg_message_id: e.sg_message_id,
      reason: e.reason,
      occurred_at: e.occurred_at.toISOString(),
    })),
    page,
    limit,
    total,
  };
}
