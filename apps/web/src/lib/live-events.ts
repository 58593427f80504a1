/**
 * Live message state changes: an EventSource on GET /api/dashboard/events (the browser resumes it
 * with Last-Event-ID after a drop). Each change event is handed to `onChange` at most once every
 * two seconds (the changes of the events in between together), so a screen refetches its figures
 * while a campaign runs without a reload and without a request per receipt.
 *
 * The server ends every stream after its lifetime and when its session ends, announcing it with an
 * `end` event: `reconnect` — the EventSource reconnects by itself, signed in again and resuming
 * after its last event; `session` — the session is over: the stream is closed, not retried.
 */
import type { DashboardEvent } from '@risala/shared/schemas/dashboard';
import { useEffect, useRef, useState } from 'react';

const REFRESH_MS = 2000;

export type LiveState = 'connecting' | 'live' | 'offline';
export type LiveChange = DashboardEvent['changes'][number];

/** What the client does when the server ends the stream (the `end` event's data). */
export function afterStreamEnd(data: string): 'reconnect' | 'close' {
  try {
    return (JSON.parse(data) as { reason?: string }).reason === 'session' ? 'close' : 'reconnect';
  } catch {
    return 'reconnect';
  }
}

export function useLiveEvents(onChange: (changes: LiveChange[]) => void, enabled = true): { state: LiveState; lastAt: Date | null } {
  const [state, setState] = useState<LiveState>('connecting');
  const [lastAt, setLastAt] = useState<Date | null>(null);
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/dashboard/events');
    let pending: LiveChange[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const changes = pending;
      pending = [];
      handler.current(changes);
    };
    source.onopen = () => setState('live');
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
    source.addEventListener('end', (e) => {
      if (afterStreamEnd((e as MessageEvent<string>).data) === 'close') {
        source.close();
        setState('offline');
      }
    });
    source.addEventListener('change', (e) => {
      setLastAt(new Date());
      try {
        pending.push(...((JSON.parse((e as MessageEvent<string>).data) as DashboardEvent).changes ?? []));
      } catch {
        // an event we cannot read still means something moved
      }
      timer ??= setTimeout(flush, REFRESH_MS);
    });
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [enabled]);
  return { state, lastAt };
}
