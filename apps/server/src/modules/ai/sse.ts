/**
 * The AI's answers streamed as Server-Sent Events (`@fastify/sse`, manual mode): whatever may
 * refuse runs before the first event (an ordinary HTTP error), then `start`, `delta`…, `done` with
 * the result, or `error` with the code and its text. The client going away aborts the work.
 *
 * A stream lives no longer than its session (auth's `watchSession`): events are written only after
 * a session check that started once they were queued — one check for all the events that arrived
 * while the previous one ran, their text deltas joined — and on a timer meanwhile. A session that
 * ends stops the work and the stream with `SESSION_EXPIRED`; the stream's lifetime with `AI_TIMEOUT`.
 */
import { translate } from '@risala/shared/i18n/index.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAuth, type StreamEnd, watchSession } from '../auth/index.ts';
import type { WriteEvent } from './generation.ts';
import type { Lang } from './language.ts';

type ErrorEvent = { event: 'error'; data: { statusCode: number; code: string; message: string } };
type AnyEvent = { event: string; data: unknown };

export type StreamEvent = WriteEvent | { event: 'done'; data: unknown } | ErrorEvent;

export function errorEvent(err: AppError, lang: Lang): ErrorEvent {
  return {
    event: 'error',
    data: { statusCode: err.statusCode, code: err.code, message: translate(lang, `errors.${err.code}`, err.params) },
  };
}

/** Consecutive text deltas as one (they were waiting for the same session check). */
function joinDeltas(events: AnyEvent[]): AnyEvent[] {
  const out: AnyEvent[] = [];
  for (const e of events) {
    const prev = out.at(-1);
    if (e.event === 'delta' && prev?.event === 'delta') {
      out[out.length - 1] = { event: 'delta', data: { text: (prev.data as { text: string }).text + (e.data as { text: string }).text } };
    } else out.push(e);
  }
  return out;
}

export interface SessionStream<E extends AnyEvent> {
  /** Aborted when the client goes away or the stream must end: the work stops. */
  readonly signal: AbortSignal;
  send(e: E): void;
  /** Waits until every queued event is written (or refused), then stops watching. */
  finish(): Promise<void>;
}

/** The sending side of one AI stream, bound to the session of the request that opened it. */
export function sessionStream<E extends AnyEvent>(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, lang: Lang): SessionStream<E> {
  const live = watchSession(ctx, requireAuth(req));
  const aborted = new AbortController();
  reply.sse.onClose(() => aborted.abort());
  const queue: AnyEvent[] = [];
  let pumping = false;
  let pumped: Promise<void> = Promise.resolve();
  const write = async (events: AnyEvent[]) => {
    for (const e of joinDeltas(events)) if (reply.sse.isConnected) await reply.sse.send({ event: e.event, data: e.data });
  };
  const pump = async () => {
    try {
      while (queue.length && !live.ended.aborted) {
        const batch = queue.splice(0);
        if (await live.alive()) await write(batch);
      }
    } finally {
      pumping = false;
    }
  };
  let ending: Promise<void> = Promise.resolve();
  live.ended.addEventListener('abort', () => {
    aborted.abort();
    queue.length = 0;
    const code = (live.ended.reason as StreamEnd) === 'session' ? 'SESSION_EXPIRED' : 'AI_TIMEOUT';
    ending = pumped.then(() => write([errorEvent(new AppError(code), lang)]));
  });
  return {
    signal: aborted.signal,
    send(e) {
      if (live.ended.aborted) return;
      queue.push(e);
      if (pumping) return;
      pumping = true;
      pumped = pump();
    },
    async finish() {
      do await pumped;
      while (pumping);
      await ending;
      live.stop();
    },
  };
}

export async function streamWriting(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  lang: Lang,
  run: (emit: (e: WriteEvent) => void, signal: AbortSignal) => Promise<unknown>,
) {
  const stream = sessionStream<StreamEvent>(ctx, req, reply, lang);
  try {
    const result = await run(stream.send, stream.signal);
    if (!stream.signal.aborted) stream.send({ event: 'done', data: result });
  } catch (err) {
    const e = err instanceof AppError ? err : new AppError('INTERNAL_ERROR');
    if (!(err instanceof AppError) && !stream.signal.aborted) req.log.error({ err }, 'AI writing failed');
    stream.send(errorEvent(e, lang));
  }
  await stream.finish();
}
