/**
 * Sending one mail through a tenant's email sender: its SMTP relay (nodemailer), SendGrid's Web
 * API v3 `/mail/send`, or — for the sandbox sender — the platform mailer, which delivers to the
 * SMTP sink. Failures become PROVIDER_TEST_FAILED with a reason people can act on (refused, host
 * not found, login or TLS refused…), in the caller's language, the server's own answer as its
 * detail. Transports and the SendGrid request live in channels/email, shared with the pipeline's
 * pooled email driver.
 */
import { type Reason, translate } from '@risala/shared/i18n/index.ts';
import nodemailer from 'nodemailer';
import { sendgridFailureReason, smtpFailureReason } from '../../channels/email/smtp-reasons.ts';
import { type EmailSenderRow, senderSmtpOptions } from '../../channels/email/smtp-transport.ts';
import { sendgridSend } from '../../channels/email/sendgrid.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** What went wrong, apart from the server's answer a reason may carry as its detail. */
const mainKey = (reason: Reason): string => (typeof reason.params?.reason === 'object' ? reason.params.reason.key : reason.key);

/** The message reads the reason in the caller's language; `data.reason` is that reason alone, `data.reason_key` what went wrong. */
const fail = (reason: Reason, lang: string) =>
  new AppError('PROVIDER_TEST_FAILED', {
    params: { reason },
    data: { reason: translate(lang, reason.key, reason.params), reason_key: mainKey(reason) },
  });

async function viaSmtp(ctx: AppContext, row: EmailSenderRow, mail: MailMessage, lang: string) {
  let options: Awaited<ReturnType<typeof senderSmtpOptions>>;
  try {
    options = await senderSmtpOptions(ctx, row);
  } catch (err) {
    if (err instanceof AppError) throw err; // the SSRF guard's own code
    throw fail({ key: 'senders.email.reasons.failed', params: { detail: `\u2068${(err as Error).message}\u2069` } }, lang);
  }
  const transport = nodemailer.createTransport(options);
  try {
    const info = await transport.sendMail({
      from: { name: row.from_name, address: row.from_email },
      replyTo: row.reply_to ?? undefined,
      ...mail,
    });
    return { provider: 'smtp' as const, message_id: info.messageId };
  } catch (err) {
    throw fail(smtpFailureReason(err, options.host, options.port), lang);
  } finally {
    transport.close();
  }
}

async function viaSendgrid(ctx: AppContext, row: EmailSenderRow, mail: MailMessage, lang: string) {
  const out = await sendgridSend(ctx, row, mail);
  if (!out.ok) throw fail(sendgridFailureReason(out.status, out.reason), lang);
  return { provider: 'sendgrid' as const, message_id: out.message_id ?? undefined };
}

export async function sendWithSender(ctx: AppContext, row: EmailSenderRow, mail: MailMessage, lang = 'en') {
  if (row.provider === 'smtp') return viaSmtp(ctx, row, mail, lang);
  if (row.provider === 'sendgrid') return viaSendgrid(ctx, row, mail, lang);
  try {
    const out = await ctx.mailer.send({ ...mail, replyTo: row.reply_to ?? undefined });
    return { provider: 'sandbox' as const, message_id: out.message_id };
  } catch (err) {
    // the platform's own sink: nothing for the user to fix, the detail is for support
    throw fail({ key: 'senders.email.reasons.failed', params: { detail: `\u2068${(err as Error).message}\u2069` } }, lang);
  }
}
