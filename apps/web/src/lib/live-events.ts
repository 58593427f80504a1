/**
 * The live dashboard: an EventSource on GET /api/dashboard/events (the browser resumes it with
 * Last-Event-ID after a drop); each change event refreshes the dashboard's queries, at most once
 * every two seconds, so the counts move while a campaign runs without a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { dashboardKeys } from './keys.ts';

const REFRESH_MS = 2000;

export type LiveState = 'connecting' | 'live' | 'offline';

export function useLiveEvents(enabled = true): { state: LiveState; lastAt: Date | null } {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const [lastAt, setLastAt] = useState<Date | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/dashboard/events');
    const refresh = () => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        void client.invalidateQueries({ queryKey: dashboardKeys.all });
      }, REFRESH_MS);
    };
    source.onopen = () => setState('live');
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
    source.addEventListener('change', () => {
      setLastAt(new Date());
      refresh();
    });
    return () => {
      source.close();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [client, enabled]);
  return { state, lastAt };
}
