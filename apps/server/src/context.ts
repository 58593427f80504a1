import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { BackgroundWork } from './lib/background.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SmtpPool } from './channels/email/smtp-transport.ts';
import type { PaymentProvider } from './modules/billing/index.ts';
import type { SmsRuntime } from './modules/messaging/index.ts';
import type { Storage } from './storage/storage.ts';

/** What every module needs, built once by main.ts (or a test) with createAppContext and handed to buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** Uploaded files: local disk by default, S3-compatible when configured. */
  storage: Storage;
  /** The SMPP sessions and the SMS senders, receipts and inbound beside them (one per process). */
  sms: SmsRuntime;
  /** Pooled SMTP connections of the account senders that use their own relay. */
  smtp: SmtpPool;
  /** Work that runs after the answer to its request (lib/background.ts). */
  background: BackgroundWork;
  /** Who takes payments: Stripe, the sandbox payment peer (through the same SDK), or nobody (modules/billing). */
  payments: PaymentProvider;
}
