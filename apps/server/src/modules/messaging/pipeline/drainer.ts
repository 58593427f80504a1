/**
 * What the SMPP and HTTP connection senders share: the claimed-but-not-yet-sent buffer, a sleep
 * that a NOTIFY (or a pump running low) cuts short, and a stop that puts the buffer back in the
 * queue. The dispatcher drives them through `Drainer`.
 */
import type { ClaimedSms } from './sms-results.ts';
import type { SmsDispatcher } from './sms-sender.ts';

/** What drains one connection's queue (SMPP: ConnectionSender, HTTP: HttpSender). */
export interface Drainer {
  run(recover: boolean): Promise<void>;
  stop(): void;
  wake(): void;
  /** resolves once what it started has its outcome written (bounded) */
  idle?(ms: number): Promise<void>;
}

export abstract class QueueDrainer implements Drainer {
  protected buffer: ClaimedSms[] = [];
  protected stopped = false;
  private wakeUp: (() => void) | null = null;

  constructor(
    protected readonly dispatcher: SmsDispatcher,
    readonly id: number,
  ) {}

  abstract run(recover: boolean): Promise<void>;

  wake() {
    this.wakeUp?.();
  }

  /** Stops claiming; claimed rows never handed on go back to the queue. */
  stop() {
    this.stopped = true;
    for (const row of this.buffer.splice(0)) this.dispatcher.results.push({ kind: 'release', row, submitted: false });
    this.wake();
  }

  protected sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wakeUp = done;
    }).finally(() => {
      this.wakeUp = null;
    });
  }
}
