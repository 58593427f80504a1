/**
 * Work that follows an answer instead of delaying it: when how long an answer takes would tell
 * something (a reset mail goes out for an address with an account only), the request answers
 * first, the same for everyone, and the work runs once the answer is on its way. A failure is
 * logged, never thrown at a caller who has been answered; `drain()` waits for what is running
 * (the app's close, and tests that read what the work wrote). Work lost with the process (a
 * SIGKILL in the milliseconds after the answer) is asked for again by the user.
 */
import type { Logger } from 'pino';

export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  /** Runs `work` after the current answer has been written (a later turn of the event loop). */
  run(what: string, work: () => Promise<unknown>): void {
    const done = new Promise<void>((resolve) => {
      setImmediate(() => {
        work()
          .catch((err: unknown) => this.log.error({ err, work: what }, 'background work failed'))
          .finally(resolve);
      });
    });
    this.running.add(done);
    void done.then(() => this.running.delete(done));
  }

  /** Resolves once everything started so far (and anything it started) has finished. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
