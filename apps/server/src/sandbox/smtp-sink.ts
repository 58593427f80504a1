import { simpleParser } from 'mailparser';
import type { Logger } from 'pino';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../db/client.ts';
import { sandboxMails } from '../db/schema/index.ts';

export interface SmtpSink {
  port: number;
  close(): Promise<void>;
}

/** Finds a 6-digit one-time code in a mail (subject first, then body). */
export function findOtp(subject: string, text: string | undefined): string | null {
  const match = /\b(\d{6})\b/.exec(subject) ?? /\b(\d{6})\b/.exec(text ?? '');
  return match ? match[1] : null;
}

/**
 * The sandbox mail peer: a real SMTP server on loopback that stores every message it receives in
 * PostgreSQL, where the Sandbox inbox (and the E2E tests) read them.
 */
export async function startSmtpSink(opts: { db: Db; port: number; log: Logger }): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 25 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const subject = mail.subject ?? '';
          const text = mail.text ?? null;
          const otp = findOtp(subject, text ?? undefined);
          await opts.db.insert(sandboxMails).values({
            to_addresses: to,
            from_address: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject,
            text,
            html: typeof mail.html === 'string' ? mail.html : null,
            otp_code: otp,
            headers: Object.fromEntries(
              [...mail.headers.entries()].filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, v as string]),
            ),
          });
          if (otp) opts.log.info({ to: to.join(','), otp }, `sandbox mail: one-time code ${otp}`);
          callback();
        })
        .catch((err: Error) => {
          opts.log.error({ err }, 'sandbox SMTP sink could not store a message');
          callback(err);
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  server.on('error', (err) => opts.log.error({ err }, 'sandbox SMTP sink error'));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
