/**
 * Sending one mail through a tenant's email sender: its SMTP relay (nodemailer), SendGrid's Web
 * API v3 `/mail/send`, or — for the sandbox sender — the platform mailer, which delivers to the
 * SMTP sink. Failures become PROVIDER_TEST_FAILED with the provider's own reason. Transports and
 * the SendGrid request live in channels/email, shared with the pipeline's pooled email driver.
 */
import nodemailer from 'nodemailer';
import { type EmailSenderRow, senderSmtpOptions } from '../../channels/email/smtp-transport.ts';
import { sendgridSend } from '../../channels/email/sendgrid.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailMessage } from '../../mail/mailer.ts';

const fail = (reason: string) => new AppError('PROVIDER_TEST_FAILED', { data: { reason }, params: { reason } });

async function viaSmtp(ctx: AppContext, row: EmailSenderRow, mail: MailMessage) {
  let options: Awaited<ReturnType<typeof senderSmtpOptions>>;
  try {
    options = await senderSmtpOptions(ctx, row);
  } catch (err) {
    if (err instanceof AppError) throw err; // the SSRF guard's own code
    throw fail((err as Error).message);
  }
  const transport = nodemailer.createTransport(options);
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
  const out = await sendgridSend(ctx, row, mail);
  if (!out.ok) throw fail(out.reason);
  return { provider: 'sendgrid' as const, message_id: out.message_id ?? undefined };
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
