/**
 * Sending one mail through a tenant's email sender: its SMTP relay (nodemailer), SendGrid's Web
 * API v3 `/mail/send` (fetch; base URL from SENDGRID_API_BASE), or — for the sandbox sender — the
 * platform mailer, which delivers to the SMTP sink. Failures become PROVIDER_TEST_FAILED with the
 * provider's own reason. The send pipeline reuses `sendWithSender` for pooled sending later.
 */
import nodemailer from 'nodemailer';
import type { AppContext } from '../../context.ts';
import type { emailSenders } from '../../db/schema/index.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { assertPublicHost } from '../../lib/outbound-url.ts';

type EmailSenderRow = typeof emailSenders.$inferSelect;

const fail = (reason: string) => new AppError('PROVIDER_TEST_FAILED', { data: { reason }, params: { reason } });

async function viaSmtp(ctx: AppContext, row: EmailSenderRow, mail: MailMessage) {
  if (!row.smtp_host || !row.smtp_port) throw fail('SMTP host and port are not configured');
  await assertPublicHost(ctx.config, row.smtp_host, 'smtp_host');
  const password = row.smtp_password_enc ? decryptSecret(ctx.config.encryptionKey, row.smtp_password_enc) : undefined;
  const transport = nodemailer.createTransport({
    host: row.smtp_host,
    port: row.smtp_port,
    secure: row.smtp_security === 'tls',
    requireTLS: row.smtp_security === 'starttls',
    ignoreTLS: row.smtp_security === 'none',
    auth: row.smtp_user ? { user: row.smtp_user, pass: password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  try {
    const info = await transport.sendMail({ from: { name: row.from_name, address: row.from_email }, replyTo: row.reply_to ?? undefined, ...mail });
    return { provider: 'smtp' as const, message_id: info.messageId };
  } catch (err) {
    throw fail((err as Error).message);
  } finally {
    transport.close();
  }
}

async function viaSendgrid(ctx: AppContext, row: EmailSenderRow, mail: MailMessage) {
  if (!row.sendgrid_api_key_enc) throw fail('SendGrid API key is not configured');
  const key = decryptSecret(ctx.config.encryptionKey, row.sendgrid_api_key_enc);
  let res: Response;
  try {
    res = await fetch(`${ctx.config.sendgridApiBase}/v3/mail/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        personalizations: [{ to: [{ email: mail.to }] }],
        from: { email: row.from_email, name: row.from_name },
        ...(row.reply_to ? { reply_to: { email: row.reply_to } } : {}),
        subject: mail.subject,
        content: [
          { type: 'text/plain', value: mail.text },
          { type: 'text/html', value: mail.html },
        ],
        // the Event Webhook echoes these: events find their account and sender
        custom_args: { risala_account_id: String(row.account_id), risala_sender_id: String(row.id) },
      }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw fail(`SendGrid unreachable: ${(err as Error).message}`);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { errors?: { message?: string }[] };
    throw fail(body.errors?.map((e) => e.message).filter(Boolean).join('; ') || `SendGrid answered HTTP ${res.status}`);
  }
  return { provider: 'sendgrid' as const, message_id: res.headers.get('x-message-id') ?? undefined };
}

export async function sendWithSender(ctx: AppContext, row: EmailSenderRow, mail: MailMessage) {
  if (row.provider === 'smtp') return viaSmtp(ctx, row, mail);
  if (row.provider === 'sendgrid') return viaSendgrid(ctx, row, mail);
  try {
    const out = await ctx.mailer.send({ ...mail, replyTo: row.reply_to ?? undefined });
    return { provider: 'sandbox' as const, message_id: out.message_id };
  } catch (err) {
    throw fail((err as Error).message);
  }
}
