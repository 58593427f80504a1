/**
 * Sends a key's waiting receipts to its receiver binds in this process: claims due ones (a lease,
 * so another process or a second round does not send them too), spreads them over the binds,
 * drops each once its deliver_sm_resp says OK. A refused or unanswered receipt stays and is sent
 * again when its lease ends; the receipts of a bind that closes are due again at once.
 */
import type { AppContext } from '../../context.ts';
import { claimReceipts, dropReceipts, type ReceiptRow, releaseReceipts } from './smpp-server.repo.ts';

/** how long a sent receipt is claimed (and an unanswered one waits before it goes again) */
export const LEASE_SECONDS = 30;
/** unanswered deliver_sm per bind at most */
export const RECEIPT_WINDOW = 100;

export interface ReceiverBind {
  /**
   * sends one receipt; `answered` once: 'ok' (deliver_sm_resp OK), 'retry' (refused or not
   * answered in time: sent again when its lease ends), 'closed' (the bind went first)
   */
  deliver(r: ReceiptRow, answered: (outcome: 'ok' | 'retry' | 'closed') => void): boolean;
  readonly outstanding: number;
}

export class ReceiptPump {
  private running = false;
  private again = false;
  private acked: string[] = [];
  private released: string[] = [];
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: AppContext,
    readonly accountId: number,
    readonly keyId: number,
    private readonly binds: () => ReceiverBind[],
  ) {}

  /** Send what is due (coalesced: a call while running makes one more round). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.round()
      .catch((err) => this.ctx.log.warn({ err, keyId: this.keyId }, 'SMPP receipts: a round failed'))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async round() {
    for (;;) {
      const binds = this.binds();
      const room = binds.reduce((n, b) => n + Math.max(0, RECEIPT_WINDOW - b.outstanding), 0);
      if (room === 0) return;
      const rows = await claimReceipts(this.ctx.db, this.accountId, this.keyId, room, LEASE_SECONDS);
      if (rows.length === 0) return;
      let i = 0;
      for (const row of rows) {
        // the bind with the most room takes the next one
        const bind = binds.reduce((a, b) => (b.outstanding < a.outstanding ? b : a), binds[i++ % binds.length] as ReceiverBind);
        const sent = bind.deliver(row, (outcome) => {
          if (outcome === 'ok') this.ack(row.id);
          else if (outcome === 'closed') this.release(row.id);
        });
        if (!sent) this.release(row.id);
      }
      if (rows.length < room) return;
    }
  }

  private ack(id: string) {
    this.acked.push(id);
    this.scheduleFlush();
  }

  private release(id: string) {
    this.released.push(id);
    this.scheduleFlush();
  }

  private scheduleFlush() {
    this.flushTimer ??= setTimeout(() => void this.flush(), 20);
  }

  /** Answered receipts go (one statement per 20 ms); released ones are due again. */
  async flush(): Promise<void> {
    this.flushTimer = null;
    const acked = this.acked.splice(0);
    const released = this.released.splice(0);
    try {
      await dropReceipts(this.ctx.db, this.accountId, acked);
      await releaseReceipts(this.ctx.db, this.accountId, released);
    } catch (err) {
      // their leases end on their own: an acknowledged one may then be sent twice, never lost
      this.ctx.log.warn({ err, keyId: this.keyId }, 'SMPP receipts: could not record answers');
    }
    if (acked.length) this.kick();
  }

  async close(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    await this.flush();
  }
}
