/**
 * The SMS side of the pipeline that lives beside the SMPP sessions (the API process for now): the
 * connection senders, the receipt applier and inbound SMS, wired to the connection manager's
 * events. Started once per process when the app is ready, closed with it.
 */
import type { Receipt, MoMessage } from '../../../channels/sms/dlr.ts';
import { getConnectionManager } from '../../../channels/sms/connection-manager.ts';
import type { AppContext } from '../../../context.ts';
import { InboundSms } from '../inbound-sms.ts';
import { ReceiptApplier } from './receipts.ts';
import { SmsDispatcher } from './sms-sender.ts';

export interface SmsRuntime {
  dispatcher: SmsDispatcher;
  receipts: ReceiptApplier;
  inbound: InboundSms;
  close(): Promise<void>;
}

const runtimes = new WeakMap<AppContext, SmsRuntime>();

export function startSmsRuntime(ctx: AppContext): SmsRuntime {
  const existing = runtimes.get(ctx);
  if (existing) return existing;
  const manager = getConnectionManager(ctx);
  const dispatcher = new SmsDispatcher(ctx, manager);
  const receipts = new ReceiptApplier(ctx);
  const inbound = new InboundSms(ctx);
  // deliver_sm is answered only once the receipt / message is stored (the SMSC keeps what we lose)
  type Defer = (() => () => void) | undefined;
  const onReceipt = (connectionId: number, _accountId: number, r: Receipt, defer: Defer) => receipts.push(connectionId, r, defer?.());
  const onMo = (connectionId: number, accountId: number, mo: MoMessage, defer: Defer) => {
    const answer = defer?.();
    inbound
      .receive(connectionId, accountId, mo)
      .then(() => answer?.())
      .catch((err) => ctx.log.error({ err, connectionId }, 'inbound SMS failed'));
  };
  manager.on('receipt', onReceipt);
  manager.on('mo', onMo);
  dispatcher.start();
  const runtime: SmsRuntime = {
    dispatcher,
    receipts,
    inbound,
    async close() {
      // sessions first: what they still hold comes back as outcomes the dispatcher writes before it stops
      await manager.close();
      manager.off('receipt', onReceipt);
      manager.off('mo', onMo);
      await dispatcher.close();
      await receipts.close();
      runtimes.delete(ctx);
    },
  };
  runtimes.set(ctx, runtime);
  return runtime;
}

/** The process's SMS runtime, if it is running (public receipt endpoints feed its applier). */
export function smsRuntime(ctx: AppContext): SmsRuntime | undefined {
  return runtimes.get(ctx);
}

/** Closes the process's SMS runtime, if it was started. */
export async function stopSmsRuntime(ctx: AppContext): Promise<void> {
  await runtimes.get(ctx)?.close();
}
