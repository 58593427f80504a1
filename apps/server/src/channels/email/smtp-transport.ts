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
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, ...POOL, maxConnections: SINK_POOL_CONNECTIONS } as SMTPPool.Options);
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

/** Per app context (tests run several apps in one process), per sender id. */
const pooled = new WeakMap<AppContext, Map<number, { version: number; transport: Transporter }>>();
const open = new Set<Transporter>();

/** The sender's pooled transport, made again when the sender row has changed since. */
export async function pooledSenderTransport(ctx: AppContext, row: EmailSenderRow): Promise<Transporter> {
  const version = row.updated_at.getTime();
  const cache = pooled.get(ctx) ?? new Map();
  pooled.set(ctx, cache);
  const cached = cache.get(row.id);
  if (cached?.version === version && open.has(cached.transport)) return cached.transport;
  const options = await senderSmtpOptions(ctx, row);
  const again = cache.get(row.id); // another chunk may have made it meanwhile
  if (again?.version === version && open.has(again.transport)) return again.transport;
  if (again) {
    again.transport.close();
    open.delete(again.transport);
  }
  const transport = nodemailer.createTransport({ ...options, ...POOL } as SMTPPool.Options);
  cache.set(row.id, { version, transport });
  open.add(transport);
  return transport;
}

/** Close every pooled sender transport (shutdown, tests). */
export function closeEmailTransports() {
  for (const transport of open) transport.close();
  open.clear();
}
