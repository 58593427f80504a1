import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { sinkTransport, urlTransport } from '../channels/email/smtp-transport.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

export interface MailResult {
  provider: 'sandbox' | 'smtp';
  delivery_status: 'sent' | 'failed';
  message_id?: string;
}

export interface Mailer {
  provider: 'sandbox' | 'smtp';
  send(message: MailMessage): Promise<MailResult>;
  close(): void;
}

/**
 * Every mail goes through nodemailer: to the real relay in `SMTP_URL`, or by default to the sandbox
 * SMTP sink on loopback, so the same code path is exercised in both modes.
 */
export function createMailer(opts: { smtpUrl?: string; sandboxPort: number; from: string; log: Logger }): Mailer {
  const provider = opts.smtpUrl ? 'smtp' : 'sandbox';
  const transport: Transporter = opts.smtpUrl ? urlTransport(opts.smtpUrl) : sinkTransport(opts.sandboxPort);
  return {
    provider,
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      opts.log.debug({ to: message.to, subject: message.subject, provider }, 'mail sent');
      return { provider, delivery_status: 'sent', message_id: info.messageId };
    },
    close() {
      transport.close();
    },
  };
}
