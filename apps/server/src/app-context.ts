/**
 * Builds the AppContext: the parts main.ts (or a test) opened — config, database, mailer, log,
 * storage — plus the process's long-running parts, created here once and started by whoever runs
 * them (buildApp when ready, main.ts in a worker-only process). Nothing is created on import.
 */
import { SmtpPool } from './channels/email/smtp-transport.ts';
import type { AppContext } from './context.ts';
import { BackgroundWork } from './lib/background.ts';
import { createPaymentProvider } from './modules/billing/index.ts';
import { onMessageStatuses, SmsRuntime } from './modules/messaging/index.ts';
import { keepSmppReceipts } from './modules/smpp-server/index.ts';

export function createAppContext(parts: Omit<AppContext, 'sms' | 'smtp' | 'background' | 'payments'>): AppContext {
  const ctx = { ...parts } as AppContext;
  ctx.sms = new SmsRuntime(ctx);
  ctx.smtp = new SmtpPool();
  ctx.background = new BackgroundWork(parts.log);
  ctx.payments = createPaymentProvider(parts.config);
  // receipts for SMPP clients are kept wherever a message reaches its final state
  onMessageStatuses(keepSmppReceipts);
  return ctx;
}
