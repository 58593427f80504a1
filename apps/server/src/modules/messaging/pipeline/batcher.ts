/**
 * Collects items and writes them in batches: after `delayMs` from the first item or at `max` items,
 * with at most `parallel` writes running (items arriving meanwhile wait for the next one).
 * `drain()` resolves when all is written.
 */
export class Batcher<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly flush: (items: T[]) => Promise<void>,
    private readonly onError: (err: unknown, items: T[]) => void,
    private readonly delayMs = 50,
    private readonly max = 500,
    private readonly parallel = 1,
  ) {}

  get size() {
    return this.items.length;
  }

  push(item: T) {
    this.items.push(item);
    if (this.items.length >= this.max) this.kick();
    else if (!this.timer) this.timer = setTimeout(() => this.kick(), this.delayMs);
  }

  private kick() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running.size >= this.parallel || this.items.length === 0) return;
    const batch = this.items.splice(0, this.max);
    const run: Promise<void> = this.flush(batch)
      .catch((err) => this.onError(err, batch))
      .finally(() => {
        this.running.delete(run);
        if (this.items.length >= this.max) this.kick();
        else if (this.items.length > 0 && !this.timer) this.timer = setTimeout(() => this.kick(), this.delayMs);
      });
    this.running.add(run);
    if (this.items.length > 0 && !this.timer) this.timer = setTimeout(() => this.kick(), this.delayMs);
  }

  async drain(): Promise<void> {
    while (this.items.length > 0 || this.running.size > 0) {
      if (this.running.size === 0) this.kick();
      await Promise.race(this.running);
    }
  }
}
