/**
 * The SMS side of the pipeline that lives beside the SMPP sessions: the connection manager (the
 * SMPP binds), the connection senders, the receipt applier and inbound SMS, wired to the manager's
 * events. One per process, created with the AppContext (app-context.ts) and started once: by the
 * app when it is ready (an API process) or by main.ts (a worker-only process); closed with it.
 */
import type { MoMessage, Receipt } from '../../../channels/sms/dlr.ts';
import { ConnectionManager } from '../../../channels/sms/connection-manager.ts';
import type { AppContext } from '../../../context.ts';
import { InboundSms } from '../inbound-sms.ts';
import { ReceiptApplier } from './receipts.ts';
import { SmsDispatcher } from './sms-sender.ts';

type Defer = (() => () => void) | undefined;

export class SmsRuntime {
  readonly connections: ConnectionManager;
  readonly dispatcher: SmsDispatcher;
  readonly receipts: ReceiptApplier;
  readonly inbound: InboundSms;
  private started = false;

  constructor(private readonly ctx: AppContext) {
    this.connections = new ConnectionManager(ctx);
    this.dispatcher = new SmsDispatcher(ctx, this.connections);
    this.receipts = new ReceiptApplier(ctx);
    this.inbound = new InboundSms(ctx);
  }

  /** Whether the senders run in this process (public receipt endpoints feed its applier then). */
  get running(): boolean {
    return this.started;
  }

  // deliver_sm is answered only once the receipt / message is stored (the SMSC keeps what we lose)
  private readonly onReceipt = (connectionId: number, _accountId: number, r: Receipt, defer: Defer) =>
    this.receipts.push(connectionId, r, defer?.());

  private readonly onMo = (connectionId: number, accountId: number, mo: MoMessage, defer: Defer) => {
    const answer = defer?.();
    this.inbound
      .receive(connectionId, accountId, mo)
      .then(() => answer?.())
      .catch((err) => this.ctx.log.error({ err, connectionId }, 'inbound SMS failed'));
  };

  /** Starts the senders and listens to the sessions; a second call does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.connections.on('receipt', this.onReceipt);
    this.connections.on('mo', this.onMo);
    this.dispatcher.start();
  }

  /** Closes the sessions, then what they fed; safe to call when never started. */
  async close(): Promise<void> {
    // sessions first: what they still hold comes back as outcomes the dispatcher writes before it stops
    await this.connections.close();
    if (!this.started) return;
    this.started = false;
    this.connections.off('receipt', this.onReceipt);
    this.connections.off('mo', this.onMo);
    await this.dispatcher.close();
    await this.receipts.close();
  }
}
