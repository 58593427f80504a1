import { useCallback, useRef } from 'react';

/**
 * One run at a time for a user action (a send, a review step): a second call before the first
 * settles — a double-click, which arrives before React re-renders the button as loading — is ignored.
 * `run(start)` calls `start(done)`; the action calls `done()` when it settles.
 */
export function useSingleFlight() {
  const busy = useRef(false);
  return useCallback((start: (done: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}
