import { SESSION } from '@risala/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { endedByLogout, userProfileQuery, useSession } from '../lib/session.ts';
import { endSession, hasSession, parseToken, saveSession } from '../lib/session-store.ts';

/**
 * Protected routes: no session → /login. With a stored user_id the profile loads on start (401/403
 * log out through the API client; other failures keep the session). A token without a user_id is
 * re-checked every 5 s (spec §4, §5).
 */
export function SessionGate() {
  const session = useSession();
  const location = useLocation();
  const { userId, token } = session;
  useQuery({ ...userProfileQuery(userId ?? ''), enabled: Boolean(userId) });

  useEffect(() => {
    if (userId || !token) return;
    const check = () => {
      const payload = parseToken(token);
      if (!payload)
        endSession(); // neither a readable token nor a user id: logged out
      else if (payload.id) saveSession({ userId: String(payload.id) });
    };
    check();
    const timer = window.setInterval(check, SESSION.userIdRefreshMs);
    return () => window.clearInterval(timer);
  }, [userId, token]);

  // the whole address comes back after signing in (a shared link keeps its query); not after
  // the user's own log out: the next person to sign in starts on their own page
  if (!hasSession(session)) {
    const from = endedByLogout() ? undefined : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={from} />;
  }
  return <Outlet />;
}
