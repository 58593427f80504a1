/**
 * The chat window's state: the conversation (its id made here, per browser session, spec §3, and
 * read back from the server after a reload), sending with the streamed answer, the online/offline
 * indicator (health every 10 s while open; offline after a failed send, online after a success, §4).
 */
import type { AiEngine, DraftCard, ToolUse } from '@risala/shared/schemas/ai';
import type { MessageDraft } from '@risala/shared/schemas/ai-draft';
import type { QueryRun } from '@risala/shared/schemas/ai-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { ChatTimeout, clearConversation, getConversation, streamChat, useAiHealth } from './api/chat.ts';
import { type ChatFailure, chatFailure } from './chat-errors.ts';

export interface UiMessage {
  key: string;
  sender: 'user' | 'bot';
  text: string;
  timestamp: string;
  engine: AiEngine | null;
  model: string | null;
  cards: DraftCard[];
  /** messages drafted and offered (saved only when the user chooses on the card) */
  drafts: MessageDraft[];
  tools: ToolUse[];
  /** the typed questions the answer ran, shown under it in words with their screen links */
  queries: QueryRun[];
  pending: boolean;
  failure: ChatFailure | null;
}

const STORAGE_KEY = 'risala.ai.conversation';

function sessionConversationId(): string {
  try {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    if (saved) return saved;
    const id = crypto.randomUUID();
    sessionStorage.setItem(STORAGE_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

const localKey = () => `m${crypto.randomUUID()}`;

export function useChat(open: boolean) {
  const [conversationId, setConversationId] = useState(sessionConversationId);
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [waiting, setWaiting] = useState(false);
  const [tool, setTool] = useState<string | null>(null);
  const [online, setOnline] = useState<boolean | null>(null);
  const { pathname } = useLocation();
  const { permissions } = useSession();
  const loaded = useRef(false);
  const abort = useRef<AbortController | null>(null);
  const health = useAiHealth(open);

  // the health check decides the indicator; a send in between decides it until the next check
  useEffect(() => {
    if (health.dataUpdatedAt) setOnline(true);
  }, [health.dataUpdatedAt]);
  useEffect(() => {
    if (health.errorUpdatedAt) setOnline(false);
  }, [health.errorUpdatedAt]);

  // after a reload the conversation of this browser session comes back from the server
  useEffect(() => {
    if (!open || loaded.current) return;
    loaded.current = true;
    void getConversation(conversationId)
      .then((c) => {
        if (!c) return;
        setMessages((now) =>
          now.length > 0 ? now : c.messages.map((m) => ({ key: `s${m.id}`, ...m, drafts: m.drafts ?? [], pending: false, failure: null })),
        );
      })
      .catch(() => {});
  }, [open, conversationId]);

  useEffect(() => () => abort.current?.abort(), []);

  const send = useCallback(
    async (text: string) => {
      const query = text.trim();
      if (!query || waiting) return false;
      const now = new Date().toISOString();
      const botKey = localKey();
      setMessages((m) => [
        ...m,
        {
          key: localKey(),
          sender: 'user',
          text: query,
          timestamp: now,
          engine: null,
          model: null,
          cards: [],
          drafts: [],
          tools: [],
          queries: [],
          pending: false,
          failure: null,
        },
        {
          key: botKey,
          sender: 'bot',
          text: '',
          timestamp: now,
          engine: null,
          model: null,
          cards: [],
          drafts: [],
          tools: [],
          queries: [],
          pending: true,
          failure: null,
        },
      ]);
      const update = (patch: (m: UiMessage) => Partial<UiMessage>) =>
        setMessages((all) => all.map((m) => (m.key === botKey ? { ...m, ...patch(m) } : m)));
      setWaiting(true);
      const controller = new AbortController();
      abort.current = controller;
      try {
        const role = permissions?.sms_portal?.some((e) => e.entity === 'user_management') ? 'admin' : 'member';
        const done = await streamChat(
          { query, conversation_id: conversationId, context: { platform: 'web', user_type: role, timestamp: now, page: pathname } },
          {
            onStart: (s) => update(() => ({ engine: s.engine as AiEngine, model: s.model })),
            onDelta: (d) => {
              setTool(null);
              update((m) => ({ text: m.text + d }));
            },
            onTool: (name, status) => setTool(status === 'running' ? name : null),
            onCard: (card) => update((m) => ({ cards: [...m.cards, card] })),
            onDraft: (draft) => update((m) => ({ drafts: [...m.drafts, draft] })),
          },
          controller.signal,
        );
        update(() => ({
          text: done.response,
          timestamp: done.timestamp,
          engine: done.engine,
          model: done.model,
          cards: done.cards,
          drafts: done.drafts,
          tools: done.tools,
          queries: done.queries,
          pending: false,
        }));
        setOnline(true);
        return true;
      } catch (e) {
        if (controller.signal.aborted && !(e instanceof ChatTimeout)) return false;
        const failure =
          e instanceof ChatTimeout
            ? chatFailure('timeout')
            : isApiError(e)
              ? chatFailure(e)
              : chatFailure({ isError: true, statusCode: 0, message: '', errors: [], isNetworkError: true });
        update(() => ({ pending: false, failure }));
        if (failure.offline) setOnline(false);
        return false;
      } finally {
        setTool(null);
        setWaiting(false);
      }
    },
    [waiting, conversationId, pathname, permissions],
  );

  const clear = useCallback(async () => {
    abort.current?.abort();
    await clearConversation(conversationId).catch(() => {});
    const id = crypto.randomUUID();
    try {
      sessionStorage.setItem(STORAGE_KEY, id);
    } catch {
      // private mode: the id lives for this page only
    }
    setConversationId(id);
    setMessages([]);
  }, [conversationId]);

  return { messages, send, clear, waiting, tool, online: online ?? (health.isError ? false : null) };
}
