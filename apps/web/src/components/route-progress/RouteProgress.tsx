import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { shouldShowRouteProgress } from './skip.ts';
import './route-progress.css';

type Phase = 'idle' | 'loading' | 'done';

/**
 * A thin bar at the top while a route change is under way (lazy page chunks, loaders), finishing
 * with a short sweep when the new page is shown. Skipped for targets with q=, login or monitoring.
 */
export function RouteProgress() {
  const navigation = useNavigation();
  const location = useLocation();
  const [phase, setPhase] = useState<Phase>('idle');
  const lastKey = useRef(location.key);

  useEffect(() => {
    const next = navigation.location;
    if (navigation.state !== 'idle' && next && shouldShowRouteProgress(`${next.pathname}${next.search}`)) {
      setPhase('loading');
    }
  }, [navigation.state, navigation.location]);

  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    if (!shouldShowRouteProgress(`${location.pathname}${location.search}`)) {
      setPhase('idle');
      return;
    }
    setPhase('done');
    const timer = window.setTimeout(() => setPhase('idle'), 450);
    return () => window.clearTimeout(timer);
  }, [location]);

  if (phase === 'idle') return null;
  return <div className="route-progress" data-phase={phase} data-testid="route-progress" role="progressbar" aria-hidden="true" />;
}
