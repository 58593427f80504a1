/**
 * The email channel driver: a chunk of QUEUED email messages goes out through each row's email
 * sender — its pooled SMTP transport (one per sender, kept until the sender changes), SendGrid's
 * Web API (one request per message, several at a time) or, for the sandbox sender, the platform
 * mailer to the SMTP sink. The message is `subject`, `body` (text part), `payload.html` and
 * `payload.headers`.
 * Outcomes: the Message-ID (SMTP) or X-Message-Id (SendGrid) on success; SMTP 4xx, HTTP 429/5xx
 * and network failures are retryable; SMTP 5xx and SendGrid 4xx fail the message with the
 * server's reason (a bounce at submission). Later bounces come from the Event Webhook.
 */
import pLimit from 'p-limit';
import { storeReason } from '@risala/shared/i18n/index.ts';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { emailSenders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { ChannelDriver, MessageRow, SendOutcome } from '../../modules/messaging/index.ts';
import { reason } from '../reason.ts';
import { sendgridSend } from './sendgrid.ts';
import type { EmailSenderRow } from './smtp-transport.ts';
import { mailFailureReason, sendgridFailureReason, smtpFailureReason } from './smtp-reasons.ts';

/** messages.payload of an email message: the html part and extra headers (e.g. List-Unsubscribe). */
export interface EmailPayload {
  html?: string | null;
  headers?: Record<string, string>;
}

const CONCURRENCY = 50;

interface SmtpError extends Error {
  responseCode?: number;
  response?: string;
  code?: string;
}

/**
 * SMTP: 5xx is the server's final word; 4xx and anything without a reply code may pass later. The
 * reason is the one the test send gives (smtp-reasons.ts): what to fix, in the reader's language.
 */
export function smtpOutcome(err: unknown, relay?: { host: string; port: number }): SendOutcome {
  const e = err as SmtpError;
  if (err instanceof AppError) {
    return { ok: false, retryable: false, error_code: err.code, error_message: reason('email.hostNotAllowed', { code: err.code }) };
  }
  const why = storeReason(relay ? smtpFailureReason(err, relay.host, relay.port) : mailFailureReason(err));
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) {
    return { ok: false, retryable: false, error_code: `SMTP_${e.responseCode}`, error_message: why };
  }
  const code = typeof e.responseCode === 'number' ? `SMTP_${e.responseCode}` : (e.code ?? 'SMTP_NETWORK');
  return { ok: false, retryable: true, error_code: code, error_message: why };
}

function mailOf(row: MessageRow, sender: EmailSenderRow) {
  const { html, headers } = (row.payload ?? {}) as EmailPayload;
  return {
    from: { name: sender.from_name, address: sender.from_email },
    ...(sender.reply_to ? { replyTo: sender.reply_to } : {}),
    to: row.recipient,
    subject: row.subject ?? '',
    text: row.body,
    ...(html ? { html } : {}),
    ...(headers && Object.keys(headers).length ? { headers } : {}),
  };
}

async function sendOne(ctx: AppContext, row: MessageRow, sender: EmailSenderRow | undefined): Promise<SendOutcome> {
  if (!sender || sender.account_id !== row.account_id || sender.status === 'INACTIVE') {
    return { ok: false, retryable: false, error_code: 'NO_ACTIVE_SENDER', error_message: reason('email.senderGone') };
  }
  const mail = mailOf(row, sender);
  if (sender.provider === 'sendgrid') {
    const out = await sendgridSend(ctx, sender, {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    });
    if (out.ok) return { ok: true, provider_message_id: out.message_id ?? `sendgrid-${row.id}` };
    const retryable = out.status === 0 || out.status === 429 || out.status >= 500;
    return {
      ok: false,
      retryable,
      error_code: out.status ? `SENDGRID_${out.status}` : 'SENDGRID_NETWORK',
      error_message: storeReason(sendgridFailureReason(out.status, out.reason)),
    };
  }
  try {
    if (sender.provider === 'smtp') {
      const transport = await ctx.smtp.forSender(ctx, sender);
      const info = await transport.sendMail(mail);
      return { ok: true, provider_message_id: info.messageId };
    }
    // the sandbox sender: the platform mailer, which delivers to the SMTP sink
    const out = await ctx.mailer.send(mail as unknown as MailMessage);
    return { ok: true, provider_message_id: out.message_id ?? `sandbox-${row.id}` };
  } catch (err) {
    return smtpOutcome(err, sender.provider === 'smtp' ? { host: sender.smtp_host ?? '', port: sender.smtp_port ?? 0 } : undefined);
  }
}

export const emailDriver: ChannelDriver = {
  async send(ctx, rows) {
    const ids = [...new Set(rows.map((r) => r.email_sender_id).filter((id): id is number => id !== null))];
    const senders = ids.length ? await ctx.db.select().from(emailSenders).where(inArray(emailSenders.id, ids)) : [];
    const byId = new Map(senders.map((s) => [s.id, s]));
    return pLimit(CONCURRENCY).map(rows, (row) =>
      sendOne(ctx, row, row.email_sender_id === null ? undefined : byId.get(row.email_sender_id)),
    );
  },
};
