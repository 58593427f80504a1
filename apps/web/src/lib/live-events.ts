/**
 * Live message state changes: an EventSource on GET /api/dashboard/events (the browser resumes it
 * with Last-Event-ID after a drop). Each change event is handed to `onChange` at most once every
 * two seconds (the changes of the events in between together), so a screen refetches its figures
 * while a campaign runs without a reload and without a request per receipt.
 */
import type { DashboardEvent } from '@risala/shared/schemas/dashboard';
import { useEffect, useRef, useState } from 'react';

const REFRESH_MS = 2000;

export type LiveState = 'connecting' | 'live' | 'offline';
export type LiveChange = DashboardEvent['changes'][number];

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
