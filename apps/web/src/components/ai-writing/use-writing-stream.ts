/**
 * A piece of AI writing read as it is written (POST … Server-Sent Events): the text grows with each
 * `delta`, a `replace` swaps in the built-in text (the model's text failed the numbers check, or
 * the model failed), `done` carries the result, `error` the refusal. Cancel aborts the request,
 * which stops the model on the server.
 */
import { AI_CHAT_TIMEOUT_MS } from '@risala/shared/schemas/ai';
import { createParser } from 'eventsource-parser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { openStream } from '../../lib/api-client.ts';
import type { ApiError } from '../../lib/http.ts';

export type WritingStatus = 'idle' | 'writing' | 'done' | 'cancelled' | 'error';

export interface WritingState<T> {
  status: WritingStatus;
  text: string;
  engine: string | null;
  model: string | null;
  /** why the built-in text replaced the model's (numbers:…, AI_UNAVAILABLE…), if it did */
  replaced: string | null;
  result: T | null;
  error: ApiError | null;
}

const initial = { status: 'idle', text: '', engine: null, model: null, replaced: null, result: null, error: null } as const;

export function useWritingStream<T>() {
  const [state, setState] = useState<WritingState<T>>(initial);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async (path: string, body: unknown = {}) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ ...initial, status: 'writing' });
    const timeout = AbortSignal.timeout(AI_CHAT_TIMEOUT_MS);
    try {
      const res = await openStream(path, body, AbortSignal.any([controller.signal, timeout]));
      const parser = createParser({
        onEvent(ev) {
          const data = JSON.parse(ev.data);
          if (ev.event === 'start') setState((s) => ({ ...s, engine: data.engine, model: data.model }));
          else if (ev.event === 'delta') setState((s) => ({ ...s, text: s.text + data.text }));
          else if (ev.event === 'replace') setState((s) => ({ ...s, text: data.text, replaced: data.reason }));
          else if (ev.event === 'done') setState((s) => ({ ...s, status: 'done', result: data as T }));
          else if (ev.event === 'error')
            setState((s) => ({
              ...s,
              status: 'error',
              error: { isError: true, statusCode: data.statusCode, code: data.code, message: data.message, errors: [] },
            }));
        },
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
      setState((s) => (s.status === 'writing' ? { ...s, status: 'done' } : s));
    } catch (e) {
      if (controller.signal.aborted) setState((s) => ({ ...s, status: 'cancelled' }));
      else setState((s) => ({ ...s, status: 'error', error: e as ApiError }));
    }
  }, []);

  const cancel = useCallback(() => abort.current?.abort(), []);
  const reset = useCallback(() => setState(initial), []);
  return { ...state, start, cancel, reset };
}
