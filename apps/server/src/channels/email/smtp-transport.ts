/**
 * SMTP transports through nodemailer, in one place: the platform mailer (relay or sandbox sink),
 * a tenant's SMTP relay for one-off sends (test send) and the pooled transports of the send
 * pipeline — one per email sender, reused until the sender row changes (its updated_at), closed on
 * shutdown. Every host is checked by the SSRF guard before a transport is made.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { AppContext } from '../../context.ts';
import type { emailSenders } from '../../db/schema/index.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { assertPublicHost } from '../../lib/outbound-url.ts';

export type EmailSenderRow = typeof emailSenders.$inferSelect;

/** Connections per pooled transport of a tenant's relay (relays limit concurrent connections, often to 5–10). */
export const SMTP_POOL_CONNECTIONS = 5;
/** Connections to the sandbox SMTP sink on loopback (the platform mailer; the benchmark's raw rate uses the same). */
export const SINK_POOL_CONNECTIONS = 10;
const POOL = { pool: true, maxConnections: SMTP_POOL_CONNECTIONS, maxMessages: Number.POSITIVE_INFINITY } as const;

/** The sandbox SMTP sink on loopback (plain, no TLS). */
export function sinkTransport(port: number): Transporter {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    ...POOL,
    maxConnections: SINK_POOL_CONNECTIONS,
  } as SMTPPool.Options);
}

/** The platform relay from SMTP_URL, pooled. */
export function urlTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl, { pool: true } as never);
}

/** A tenant's relay; throws when the host is missing or not public (unless allowed in config). */
export async function senderSmtpOptions(ctx: AppContext, row: EmailSenderRow) {
  if (!row.smtp_host || !row.smtp_port) throw new Error('SMTP host and port are not configured');
  await assertPublicHost(ctx.config, row.smtp_host, 'smtp_host');
  const password = row.smtp_password_enc ? decryptSecret(ctx.config.encryptionKey, row.smtp_password_enc) : undefined;
  return {
    host: row.smtp_host,
    port: row.smtp_port,
    secure: row.smtp_security === 'tls',
    requireTLS: row.smtp_security === 'starttls',
    ignoreTLS: row.smtp_security === 'none',
    auth: row.smtp_user ? { user: row.smtp_user, pass: password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  };
}

/**
 * The process's pooled SMTP transports, one per sender (kept in the AppContext, closed with it):
 * made again when the sender row has changed since.
 */
export class SmtpPool {
  private readonly bySender = new Map<number, { version: number; transport: Transporter }>();

  async forSender(ctx: AppContext, row: EmailSenderRow): Promise<Transporter> {
    const version = row.updated_at.getTime();
    const cached = this.bySender.get(row.id);
    if (cached?.version === version) return cached.transport;
    const options = await senderSmtpOptions(ctx, row);
    const again = this.bySender.get(row.id); // another chunk may have made it meanwhile
    if (again?.version === version) return again.transport;
    again?.transport.close();
    const transport = nodemailer.createTransport({ ...options, ...POOL } as SMTPPool.Options);
    this.bySender.set(row.id, { version, transport });
    return transport;
  }

  /** Closes every pooled transport (shutdown, tests); the next send opens new ones. */
  close(): void {
    for (const { transport } of this.bySender.values()) transport.close();
    this.bySender.clear();
  }
}
