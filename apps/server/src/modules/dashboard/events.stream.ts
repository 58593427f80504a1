/**
 * GET /api/dashboard/events as Server-Sent Events: the backlog after the client's last id, then
 * live, for as long as the session that opened it lives (checked before each page of events and
 * on a timer) and at most the stream lifetime. Its end is announced (`event: end`, `{ reason }`):
 * `reconnect` — the browser's EventSource reconnects by itself and resumes after its last id;
 * `session` — the session is over, the client stops.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type EventsHub, eventsAfter } from '../analytics/index.ts';
import { type AuthContext, type StreamEnd, watchSession } from '../auth/index.ts';

const PING_MS = 15_000;

export function streamEvents(
  ctx: AppContext,
  hub: EventsHub,
  streams: Set<() => void>,
  req: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  after: number,
) {
  const accountId = auth.accountId;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no', // proxies must pass each event on at once
  });
  raw.write('retry: 3000\n\n');
  let last = after;
  let closed = false;
  let busy = false;
  let again = false;
  // one reader at a time; a wake-up while reading reads again afterwards
  const flush = async () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const page = await eventsAfter(ctx.db, accountId, last, 200);
        // nothing is written for a session that has ended (logged out since the stream opened)
        if (page.items.length && !(await live.alive())) return;
        for (const e of page.items) {
          if (closed) return;
          raw.write(`id: ${e.id}\nevent: change\ndata: ${JSON.stringify(e)}\n\n`);
          last = e.id;
        }
        if (page.has_more) again = true;
      } while (again && !closed);
    } catch (err) {
      ctx.log.warn({ err }, 'dashboard events: read failed');
    } finally {
      busy = false;
    }
  };
  const live = watchSession(ctx, auth);
  const sub = { accountId, wake: () => void flush() };
  const ping = setInterval(() => raw.write(': ping\n\n'), PING_MS);
  const end = () => {
    if (closed) return;
    closed = true;
    live.stop();
    clearInterval(ping);
    hub.remove(sub);
    streams.delete(end);
    raw.end();
  };
  live.ended.addEventListener('abort', () => {
    if (!closed) raw.write(`event: end\ndata: ${JSON.stringify({ reason: live.ended.reason as StreamEnd })}\n\n`);
    end();
  });
  streams.add(end);
  req.raw.on('close', end);
  hub
    .add(sub)
    .then(flush)
    .catch((err) => {
      ctx.log.warn({ err }, 'dashboard events: could not listen');
      end();
    });
}
