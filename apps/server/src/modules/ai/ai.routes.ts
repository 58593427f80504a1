import fastifySse from '@fastify/sse';
import { pageQuerySchema } from '@risala/shared';
import {
  type AiHealth,
  aiHealthEnvelopeSchema,
  aiSettingsEnvelopeSchema,
  aiSettingsUpdateSchema,
  type ChatStreamEvent,
  chatEnvelopeSchema,
  chatRequestSchema,
  clearedEnvelopeSchema,
  conversationEnvelopeSchema,
  conversationIdParamSchema,
  conversationListEnvelopeSchema,
  helpArticleEnvelopeSchema,
  helpListEnvelopeSchema,
  helpQuerySchema,
  helpSlugParamSchema,
} from '@risala/shared/schemas/ai';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import { prepareTurn, runTurn } from './chat.service.ts';
import * as conversations from './conversations.repo.ts';
import { errorEvent, sessionStream } from './sse.ts';
import { helpArticle, helpArticles, searchHelp } from './help/help-index.ts';
import { getSettings, loadSettings, resolveProvider, updateSettings } from './settings.service.ts';

const tags = ['ai'];

/** The stream's events, as the OpenAPI document describes the 200 of /chat/stream. */
const streamDescription = z
  .string()
  .describe(
    'text/event-stream: `start`, `delta` {text}, `tool` {name,status}, `card` (a draft), `done` (the chat response) or `error` {statusCode,code,message}',
  );

/**
 * The AI service (spec §7, under /api/ai): chat (whole or streamed), health, the caller's
 * conversations, the account's AI settings, and the help corpus the assistant answers from.
 */
export function aiRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifySse, { heartbeatInterval: 15_000 });
    // an "online" per engine, kept briefly: every open chat window asks every 10 s (a failure is
    // never kept, so "back online" shows at the next check)
    const healthCache = new Map<string, { at: number; result: AiHealth }>();

    app.post(
      '/chat',
      { schema: { tags, summary: 'Ask the assistant', body: chatRequestSchema, response: { 200: chatEnvelopeSchema } } },
      async (req, reply) => {
        const turn = await prepareTurn(ctx, requireAuth(req), req.body, requestLanguage(req));
        // the caller went away before the answer: stop the model call (the response's close, not the
        // request's, which fires once the body is read)
        const aborted = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) aborted.abort();
        });
        return ok(reply, await runTurn(ctx, turn, () => {}, aborted.signal));
      },
    );

    app.post(
      '/chat/stream',
      {
        sse: { kind: 'manual', heartbeat: true },
        schema: {
          tags,
          summary: 'Ask the assistant, the answer streamed (SSE)',
          body: chatRequestSchema,
          response: { 200: streamDescription },
        },
      },
      async (req, reply) => {
        // refusals (someone else's conversation, the daily cap) answer as HTTP errors before the stream opens
        const turn = await prepareTurn(ctx, requireAuth(req), req.body, requestLanguage(req));
        // events only while the session lives (checked before they are written), at most the stream lifetime
        const stream = sessionStream<ChatStreamEvent>(ctx, req, reply, turn.language);
        try {
          await runTurn(ctx, turn, stream.send, stream.signal);
        } catch (err) {
          const e = err instanceof AppError ? err : new AppError('INTERNAL_ERROR');
          if (!(err instanceof AppError) && !stream.signal.aborted) req.log.error({ err }, 'AI chat failed');
          stream.send(errorEvent(e, turn.language));
        }
        await stream.finish();
      },
    );

    app.get(
      '/health',
      { schema: { tags, summary: 'Whether the AI engine answers', response: { 200: aiHealthEnvelopeSchema } } },
      async (req, reply) => {
        const auth = requireAuth(req);
        const settings = await loadSettings(ctx, auth.accountId);
        // one answer for a refused address and a server that is down: no oracle of what is inside
        const provider = await resolveProvider(ctx, settings).catch(() => {
          throw new AppError('AI_UNAVAILABLE');
        });
        const key = `${provider.engine}|${provider.billing === 'account' ? auth.accountId : 'instance'}|${provider.model}`;
        const cached = healthCache.get(key);
        if (cached && Date.now() - cached.at < 5000) return ok(reply, cached.result);
        try {
          await provider.health(AbortSignal.timeout(ctx.config.ai.healthTimeoutMs));
        } catch (err) {
          healthCache.delete(key);
          throw err instanceof AppError ? err : new AppError('AI_UNAVAILABLE');
        }
        const result: AiHealth = { status: 'online', engine: provider.engine, model: provider.model, checked_at: new Date().toISOString() };
        healthCache.set(key, { at: Date.now(), result });
        return ok(reply, result);
      },
    );

    app.get(
      '/conversations',
      {
        schema: {
          tags,
          summary: 'List the conversations',
          querystring: pageQuerySchema,
          response: { 200: conversationListEnvelopeSchema },
        },
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        return ok(reply, await conversations.listConversations(ctx.db, auth, req.query.page, req.query.limit));
      },
    );
    app.get(
      '/conversations/:id',
      {
        schema: {
          tags,
          summary: 'A conversation with its messages',
          params: conversationIdParamSchema,
          response: { 200: conversationEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await conversations.readConversation(ctx.db, requireAuth(req), req.params.id)),
    );
    app.delete(
      '/conversations/:id',
      { schema: { tags, summary: 'Delete a conversation', params: conversationIdParamSchema, response: { 200: clearedEnvelopeSchema } } },
      async (req, reply) =>
        ok(reply, await conversations.deleteConversations(ctx.db, requireAuth(req), req.params.id), 'Conversation cleared'),
    );
    app.delete(
      '/conversations',
      { schema: { tags, summary: 'Delete every conversation', response: { 200: clearedEnvelopeSchema } } },
      async (req, reply) => ok(reply, await conversations.deleteConversations(ctx.db, requireAuth(req), null), 'Conversations cleared'),
    );

    app.get(
      '/settings',
      {
        schema: { tags, summary: 'The AI settings of the account', response: { 200: aiSettingsEnvelopeSchema } },
        preHandler: requirePermission('user_management', 'view'),
      },
      async (req, reply) => ok(reply, await getSettings(ctx, requireAuth(req))),
    );
    app.put(
      '/settings',
      {
        schema: {
          tags,
          summary: 'Save the AI settings of the account',
          body: aiSettingsUpdateSchema,
          response: { 200: aiSettingsEnvelopeSchema },
        },
        preHandler: requirePermission('user_management', 'update'),
      },
      async (req, reply) => ok(reply, await updateSettings(ctx, requireAuth(req), req.body), 'AI settings saved'),
    );

    app.get(
      '/help',
      { schema: { tags, summary: 'List the help articles', querystring: helpQuerySchema, response: { 200: helpListEnvelopeSchema } } },
      async (req, reply) => {
        const lang = req.query.lang ?? requestLanguage(req);
        const docs = req.query.q ? searchHelp(req.query.q, lang, 10) : helpArticles(lang);
        return ok(reply, {
          items: docs.map((d) => ({ slug: d.slug, title: d.title, summary: d.summary, screen: d.screen, topic: d.topic })),
        });
      },
    );
    app.get(
      '/help/:slug',
      {
        schema: {
          tags,
          summary: 'A help article',
          params: helpSlugParamSchema,
          querystring: helpQuerySchema,
          response: { 200: helpArticleEnvelopeSchema },
        },
      },
      async (req, reply) => {
        const lang = req.query.lang ?? requestLanguage(req);
        const doc = helpArticle(req.params.slug, lang);
        if (!doc) throw new AppError('NOT_FOUND');
        return ok(reply, {
          slug: doc.slug,
          title: doc.title,
          summary: doc.summary,
          screen: doc.screen,
          topic: doc.topic,
          body: doc.body,
          language: doc.language,
        });
      },
    );
  };
}
