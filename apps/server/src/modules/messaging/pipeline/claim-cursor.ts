/** a claim scans from the start of its connection's queue at least this often (see ClaimCursor) */
const RESCAN_MS = 30_000;

/**
 * Where a connection's next claim starts. Sent rows leave dead index entries behind until vacuum,
 * and a claim that always scanned the queue from its first id would walk all of them (quadratic over
 * a big send). Ids only grow, so claims continue after the last id claimed; whatever puts an older
 * id back in the queue (filter stage after a resume, failover, release, recovery) rewinds the
 * cursor through its NOTIFY or the results writer, and a periodic full rescan is the safety net.
 */
export class ClaimCursor {
  private after = 0;
  private rewindTo: number | null = null;
  private scannedAt = Date.now();

  rewind(fromId = 0) {
    this.rewindTo = Math.min(this.rewindTo ?? Number.POSITIVE_INFINITY, fromId - 1);
  }

  /** The id to claim after; takes a pending rewind. */
  start(): number {
    if (Date.now() - this.scannedAt > RESCAN_MS) this.rewind(0);
    if (this.rewindTo !== null) {
      this.after = Math.max(0, Math.min(this.after, this.rewindTo));
      this.rewindTo = null;
    }
    if (this.after === 0) this.scannedAt = Date.now();
    return this.after;
  }

  claimed(lastId: number | undefined) {
    if (lastId !== undefined) this.after = Math.max(this.after, lastId);
  }
}
