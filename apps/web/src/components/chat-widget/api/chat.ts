/** The AI service calls of the chat window: the streamed answer, health, a conversation, clearing it. */
import type { AiHealth, ChatResponse, ChatStreamEvent, Conversation, DraftCard } from '@risala/shared/schemas/ai';
import type { MessageDraft } from '@risala/shared/schemas/ai-draft';
import { CHAT } from '@risala/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { api, openStream } from '../../../lib/api-client.ts';
import type { ApiError } from '../../../lib/http.ts';

export const aiKeys = {
  health: ['ai', 'health'] as const,
  conversation: (id: string) => ['ai', 'conversation', id] as const,
};

/** GET /api/ai/health every 10 s while the window is open (spec §4, §9: 10 s). */
export function useAiHealth(enabled: boolean) {
  return useQuery({
    queryKey: aiKeys.health,
    queryFn: async () => (await api.get<AiHealth>('/api/ai/health', { silent: true, timeoutMs: CHAT.healthTimeoutMs })).data,
    enabled,
    refetchInterval: enabled ? 10_000 : false,
    retry: false,
    staleTime: 0,
  });
}

export async function getConversation(id: string): Promise<Conversation | null> {
  try {
    return (await api.get<Conversation>(`/api/ai/conversations/${id}`, { silent: true })).data;
  } catch (e) {
    if ((e as ApiError).statusCode === 404) return null;
    throw e;
  }
}

export async function clearConversation(id: string): Promise<void> {
  await api.delete(`/api/ai/conversations/${id}`, { silent: true }).catch((e: ApiError) => {
    if (e.statusCode !== 404) throw e;
  });
}

export interface StreamHandlers {
  onStart?(data: { engine: string; model: string | null }): void;
  onDelta(text: string): void;
  onTool(name: string, status: string): void;
  onCard(card: DraftCard): void;
  onDraft?(draft: MessageDraft): void;
}

export class ChatTimeout extends Error {}

/**
 * POST /api/ai/chat/stream and read its events until `done`; an `error` event or an HTTP refusal
 * rejects with the ApiError, the 120-second limit (§9) with ChatTimeout.
 */
export async function streamChat(body: unknown, handlers: StreamHandlers, signal: AbortSignal): Promise<ChatResponse> {
  const timeout = AbortSignal.timeout(CHAT.timeoutMs);
  const both = AbortSignal.any([signal, timeout]);
  let done: ChatResponse | null = null;
  let failure: ApiError | null = null;
  try {
    const res = await openStream('/api/ai/chat/stream', body, both);
    const parser = createParser({
      onEvent(ev) {
        const e = { event: ev.event, data: JSON.parse(ev.data) } as ChatStreamEvent;
        if (e.event === 'start') handlers.onStart?.(e.data);
        else if (e.event === 'delta') handlers.onDelta(e.data.text);
        else if (e.event === 'tool') handlers.onTool(e.data.name, e.data.status);
        else if (e.event === 'card') handlers.onCard(e.data);
        else if (e.event === 'draft') handlers.onDraft?.(e.data);
        else if (e.event === 'done') done = e.data;
        else if (e.event === 'error')
          failure = { isError: true, statusCode: e.data.statusCode, code: e.data.code, message: e.data.message, errors: [] };
      },
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch (e) {
    if (timeout.aborted) throw new ChatTimeout();
    throw e;
  }
  if (failure) throw failure;
  if (!done) throw { isError: true, statusCode: 0, message: '', errors: [], isNetworkError: true } satisfies ApiError;
  return done;
}
