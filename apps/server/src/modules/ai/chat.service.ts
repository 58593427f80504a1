/**
 * One chat turn: check everything that can be refused before anything streams (the conversation is
 * the caller's, the daily cap), then let the account's provider answer through the tool box, and
 * keep the question, the answer (engine, model, drafts, tools, tokens, latency) and the usage. A
 * message the assistant drafts is offered in the answer (`drafts`); the chat itself saves none.
 */
import { randomUUID } from 'node:crypto';
import type { ChatRequest, ChatResponse, ChatStreamEvent, DraftCard, ToolUse } from '@risala/shared/schemas/ai';
import type { MessageDraft } from '@risala/shared/schemas/ai-draft';
import type { QueryRun } from '@risala/shared/schemas/ai-query';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/index.ts';
import * as repo from './conversations.repo.ts';
import { type Lang, questionLanguage } from './language.ts';
import type { AiProvider, ToolBox } from './provider.ts';
import { loadSettings, resolveProvider } from './settings.service.ts';
import { createToolBox, TOOLS } from './tools/index.ts';
import { checkDailyCap, recordUsage } from './usage.ts';

export interface PreparedTurn {
  auth: AuthContext;
  input: ChatRequest;
  conversationId: string;
  language: Lang;
  provider: AiProvider;
  shareContacts: boolean;
}

/** Everything that may refuse the question, before an answer starts (these are HTTP errors, not stream events). */
export async function prepareTurn(ctx: AppContext, auth: AuthContext, input: ChatRequest, requestLang: Lang): Promise<PreparedTurn> {
  const conversationId = input.conversation_id ?? randomUUID();
  const owner = { accountId: auth.accountId, userId: auth.userId };
  await repo.ensureConversation(ctx.db, owner, conversationId, input.context ?? {}, input.query);
  const settings = await loadSettings(ctx, auth.accountId);
  const provider = await resolveProvider(ctx, settings);
  await checkDailyCap(ctx, auth.accountId, provider.billing);
  // the question's own language wins over the interface's ("answers in the user's language")
  const language = questionLanguage(input.query, requestLang);
  return { auth, input, conversationId, language, provider, shareContacts: provider.local || settings.share_contact_details };
}

export async function runTurn(
  ctx: AppContext,
  t: PreparedTurn,
  emit: (event: ChatStreamEvent) => void,
  signal: AbortSignal,
): Promise<ChatResponse> {
  const owner = { accountId: t.auth.accountId, userId: t.auth.userId };
  const history = await repo.recentHistory(ctx.db, owner, t.conversationId);
  await repo.addMessage(ctx.db, owner, t.conversationId, { role: 'user', text: t.input.query, language: t.language });
  emit({ event: 'start', data: { conversation_id: t.conversationId, engine: t.provider.engine, model: t.provider.model } });

  const record: { uses: ToolUse[]; cards: DraftCard[]; drafts: MessageDraft[]; queries: QueryRun[] } = {
    uses: [],
    cards: [],
    drafts: [],
    queries: [],
  };
  const box = createToolBox(TOOLS, { ctx, auth: t.auth, lang: t.language, shareContacts: t.shareContacts }, record);
  // cards are shown as soon as a draft exists
  const tools: ToolBox = {
    specs: box.specs,
    async run(name, args) {
      const out = await box.run(name, args);
      if (out.card) emit({ event: 'card', data: out.card });
      if (out.draft) emit({ event: 'draft', data: out.draft });
      return out;
    },
  };
  const started = Date.now();
  let result: Awaited<ReturnType<AiProvider['chat']>>;
  try {
    result = await t.provider.chat({
      language: t.language,
      history,
      query: t.input.query,
      page: t.input.context?.page ?? null,
      tools,
      signal,
      emit: (e) =>
        emit(e.type === 'delta' ? { event: 'delta', data: { text: e.text } } : { event: 'tool', data: { name: e.name, status: e.status } }),
    });
  } catch (err) {
    // a refused or failed call still counts as a request against the cap
    await recordUsage(ctx.db, owner.accountId, {
      feature: 'chat',
      billing: t.provider.billing,
      prompt_tokens: 0,
      completion_tokens: 0,
    }).catch(() => {});
    throw err;
  }
  const text = result.text.trim() || '…';
  const saved = await repo.addMessage(ctx.db, owner, t.conversationId, {
    role: 'assistant',
    text,
    engine: t.provider.engine,
    model: t.provider.model,
    language: t.language,
    cards: record.cards,
    drafts: record.drafts,
    tools: record.uses,
    queries: record.queries,
    prompt_tokens: result.usage.prompt_tokens,
    completion_tokens: result.usage.completion_tokens,
    latency_ms: Date.now() - started,
  });
  await recordUsage(ctx.db, owner.accountId, { feature: 'chat', billing: t.provider.billing, ...result.usage });
  const response: ChatResponse = {
    response: text,
    conversation_id: t.conversationId,
    message_id: saved.id,
    engine: t.provider.engine,
    model: t.provider.model,
    language: t.language,
    cards: record.cards,
    drafts: record.drafts,
    tools: record.uses,
    queries: record.queries,
    usage: result.usage,
    timestamp: saved.timestamp,
  };
  emit({ event: 'done', data: response });
  return response;
}
