import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getPendingUrlSession, subscribeSession } from '../../lib/session-store.ts';

// The modal (focus trap, scroll lock, portal) is not part of every page's first load: it is
// needed only when a link carries a session.
const SessionSwitchDialog = lazy(() => import('./SessionSwitchDialog.tsx').then((m) => ({ default: m.SessionSwitchDialog })));

/**
 * A link that carries another user's session (?token=…&user_id=…) opened in a browser that is
 * signed in: asks before switching accounts; staying keeps the current session and drops the link's.
 */
export function SessionSwitchPrompt() {
  const pending = useSyncExternalStore(subscribeSession, getPendingUrlSession);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <SessionSwitchDialog />
    </Suspense>
  );
}
