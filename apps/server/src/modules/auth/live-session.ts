/**
 * A stream lives no longer than the session that opened it. A Server-Sent Events stream is
 * authenticated once, when it opens; after a logout (or a password change, an expired session, a
 * deactivated user) it must stop sending. So each open stream re-checks its session before it
 * writes events (one check answers for the events that arrived while it ran) and on a timer
 * (`SSE_SESSION_RECHECK_SECONDS`, at most 30 s) when nothing happens, and it ends after
 * `SSE_MAX_LIFETIME_SECONDS` whatever happens: the browser reconnects, and the reconnection is
 * authenticated like any request.
 */
import type { AppContext } from '../../context.ts';
import type { AuthContext } from './guard.ts';

/** Why a stream ends: its session is over (do not reconnect), or it should reconnect (its lifetime, a failed check). */
export type StreamEnd = 'session' | 'reconnect';

export interface LiveSession {
  /** Whether the stream may go on writing: the session is checked now. False once the stream has ended. */
  alive(): Promise<boolean>;
  /** Aborted when the stream must end, with the `StreamEnd` as its reason. */
  readonly ended: AbortSignal;
  /** Stops the timers (the stream closed on its own). */
  stop(): void;
}

async function sessionIsLive(ctx: AppContext, auth: AuthContext): Promise<boolean> {
  const { rows } = await ctx.db.$client.query(
    `select 1 from sessions s join users u on u.id = s.user_id and u.account_id = s.account_id
                    join accounts a on a.id = s.account_id
      where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.status = 'ACTIVE'
        and a.status = 'ACTIVE'`,
    [auth.sessionId, auth.userId],
  );
  return rows.length > 0;
}

/** Watches the session of a stream that has just opened (after `authenticate`). */
export function watchSession(ctx: AppContext, auth: AuthContext): LiveSession {
  const controller = new AbortController();
  const end = (reason: StreamEnd) => {
    if (controller.signal.aborted) return;
    stop();
    controller.abort(reason);
  };
  const alive = async () => {
    if (controller.signal.aborted) return false;
    try {
      if (!(await sessionIsLive(ctx, auth))) end('session');
    } catch (err) {
      // the database cannot say: the stream ends and the reconnection is authenticated again
      ctx.log.warn({ err }, 'stream: session check failed');
      end('reconnect');
    }
    return !controller.signal.aborted;
  };
  const recheck = setInterval(() => void alive(), ctx.config.sse.recheckMs);
  const lifetime = setTimeout(() => end('reconnect'), ctx.config.sse.maxLifetimeMs);
  function stop() {
    clearInterval(recheck);
    clearTimeout(lifetime);
  }
  return { alive, ended: controller.signal, stop };
}
