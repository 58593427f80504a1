/**
 * A piece of writing streamed as Server-Sent Events (`@fastify/sse`, manual mode), as the chat's
 * stream does: whatever may refuse runs before the first event (an ordinary HTTP error), then
 * `start`, `delta`…, `replace` (the model's text failed the check), `done` with the result, or
 * `error` with the code and its text. The client going away aborts the writing.
 */
import { translate } from '@risala/shared/i18n/index.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { WriteEvent } from './generation.ts';
import type { Lang } from './language.ts';

export type StreamEvent =
  | WriteEvent
  | { event: 'done'; data: unknown }
  | { event: 'error'; data: { statusCode: number; code: string; message: string } };

export async function streamWriting(
  req: FastifyRequest,
  reply: FastifyReply,
  lang: Lang,
  run: (emit: (e: WriteEvent) => void, signal: AbortSignal) => Promise<unknown>,
) {
  const aborted = new AbortController();
  reply.sse.onClose(() => aborted.abort());
  let chain: Promise<unknown> = Promise.resolve();
  const send = (e: StreamEvent) => {
    chain = chain.then(() => (reply.sse.isConnected ? reply.sse.send({ event: e.event, data: e.data }) : undefined));
  };
  try {
    const result = await run(send, aborted.signal);
    if (!aborted.signal.aborted) send({ event: 'done', data: result });
  } catch (err) {
    const e = err instanceof AppError ? err : new AppError('INTERNAL_ERROR');
    if (!(err instanceof AppError)) req.log.error({ err }, 'AI writing failed');
    send({ event: 'error', data: { statusCode: e.statusCode, code: e.code, message: translate(lang, `errors.${e.code}`, e.params) } });
  }
  await chain;
}
