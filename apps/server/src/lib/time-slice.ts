/**
 * Cooperative time slicing for CPU work done in a loop on the event loop (routing a chunk of
 * messages through a tenant's rules): `pause()` answers null while the slice lasts, then a promise
 * that resolves on the loop's next turn, after HTTP requests, receipts and timers have run.
 */
export function timeSlice(ms = 10): () => Promise<void> | null {
  let start = performance.now();
  return () => {
    if (performance.now() - start < ms) return null;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        start = performance.now();
        resolve();
      }),
    );
  };
}
