/**
 * The AI service (spec §3, §7: `/api/ai/*`): the chat request and response, conversations, the
 * health check, the streamed events, the account's AI settings and the help corpus. Shared by the
 * server (route schemas) and the web (types).
 */
import { z } from 'zod';
import { CHAT } from '../constants.ts';
import { type MessageDraft, messageDraftSchema } from './ai-draft.ts';
import { queryRunSchema } from './ai-query.ts';
import { envelopeOf } from './common.ts';

export const AI_ENGINES = ['builtin', 'openai-compatible'] as const;
export type AiEngine = (typeof AI_ENGINES)[number];

/** §9: a chat answer may take up to 120 s; the health check 10 s (the web reads `CHAT` without zod). */
export const AI_CHAT_TIMEOUT_MS = CHAT.timeoutMs;
export const AI_HEALTH_TIMEOUT_MS = CHAT.healthTimeoutMs;
export const AI_QUERY_MAX = 4000;

const envelope = envelopeOf;

// ── chat ─────────────────────────────────────────────────────────────────────

/** §3 chat request: query, conversation_id (made by the client per session), context. */
export const chatRequestSchema = z.object({
  query: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(AI_QUERY_MAX, { error: 'validation.tooLong' }),
  conversation_id: z.uuid({ error: 'validation.invalid' }).optional(),
  context: z
    .object({
      platform: z.string().trim().max(40).optional(),
      user_type: z.string().trim().max(40).optional(),
      timestamp: z.string().trim().max(40).optional(),
      /** the screen the user asked from (a path), so "this campaign" can be understood */
      page: z.string().trim().max(300).optional(),
    })
    .optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** A draft the assistant prepared: the user opens it in its editor and confirms there. */
export const draftCardSchema = z.object({
  kind: z.enum(['campaign_draft', 'template_draft']),
  id: z.number(),
  title: z.string(),
  /** where it opens in the app (/campaign/12, /template/edit/7) */
  url: z.string(),
  channels: z.array(z.string()),
  audience: z.number().nullable(),
  schedule_at: z.string().nullable(),
});
export type DraftCard = z.infer<typeof draftCardSchema>;

/** A tool the answer used (the model's or the built-in engine's), for transparency and evaluation. */
export const toolUseSchema = z.object({ name: z.string(), ok: z.boolean() });
export type ToolUse = z.infer<typeof toolUseSchema>;

export const aiUsageSchema = z.object({ prompt_tokens: z.number(), completion_tokens: z.number() });

/** §3 chat response (`response`, `conversation_id`) plus what the answer rests on. */
export const chatResponseSchema = z.object({
  response: z.string(),
  conversation_id: z.string(),
  message_id: z.number(),
  /** which engine answered: every answer says so */
  engine: z.enum(AI_ENGINES),
  model: z.string().nullable(),
  language: z.enum(['en', 'ar']),
  cards: z.array(draftCardSchema),
  /** messages the assistant drafted: offered on a card, saved only when the user chooses */
  drafts: z.array(messageDraftSchema),
  tools: z.array(toolUseSchema),
  /** the typed questions the answer ran, each said in words with its screen link (shown under the answer) */
  queries: z.array(queryRunSchema),
  usage: aiUsageSchema,
  timestamp: z.string(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;
export const chatEnvelopeSchema = envelope(chatResponseSchema);

/** §3 chat message: sender (user or bot), text, timestamp — plus the engine and drafts of an answer. */
export const chatMessageSchema = z.object({
  id: z.number(),
  sender: z.enum(['user', 'bot']),
  text: z.string(),
  timestamp: z.string(),
  engine: z.enum(AI_ENGINES).nullable(),
  model: z.string().nullable(),
  cards: z.array(draftCardSchema),
  drafts: z.array(messageDraftSchema),
  tools: z.array(toolUseSchema),
  queries: z.array(queryRunSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * Streamed events of POST /api/ai/chat/stream (Server-Sent Events): `start`, then `delta` text as it
 * is written, `tool` when a tool runs, `card` for a saved draft, `draft` for a message drafted (not
 * saved), and `done` with the whole answer — or
 * `error` with the envelope's code and message.
 */
export type ChatStreamEvent =
  | { event: 'start'; data: { conversation_id: string; engine: AiEngine; model: string | null } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'tool'; data: { name: string; status: 'running' | 'done' | 'failed' } }
  | { event: 'card'; data: DraftCard }
  | { event: 'draft'; data: MessageDraft }
  | { event: 'done'; data: ChatResponse }
  | { event: 'error'; data: { statusCode: number; code: string; message: string } };

// ── conversations ────────────────────────────────────────────────────────────

export const conversationIdParamSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  message_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const conversationListEnvelopeSchema = envelope(
  z.object({ items: z.array(conversationSummarySchema), page: z.number(), limit: z.number(), total: z.number() }),
);
export const conversationSchema = conversationSummarySchema.extend({ messages: z.array(chatMessageSchema) });
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationEnvelopeSchema = envelope(conversationSchema);
export const clearedEnvelopeSchema = envelope(z.object({ id: z.string().nullable(), deleted: z.number() }));

// ── health ───────────────────────────────────────────────────────────────────

export const aiHealthSchema = z.object({
  status: z.literal('online'),
  engine: z.enum(AI_ENGINES),
  model: z.string().nullable(),
  checked_at: z.string(),
});
export type AiHealth = z.infer<typeof aiHealthSchema>;
export const aiHealthEnvelopeSchema = envelope(aiHealthSchema);

// ── the account's settings ───────────────────────────────────────────────────

/**
 * `auto`: the instance's model when one is configured (AI_BASE_URL), else the built-in engine.
 * `builtin`: always the built-in engine. `own`: the account's own OpenAI-compatible server or key.
 */
export const AI_ACCOUNT_ENGINES = ['auto', 'builtin', 'own'] as const;

export const aiSettingsUpdateSchema = z
  .object({
    engine: z.enum(AI_ACCOUNT_ENGINES, { error: 'validation.invalid' }).optional(),
    /** the account's own server; empty: the instance's AI_BASE_URL */
    base_url: z
      .string()
      .trim()
      .max(500, { error: 'validation.tooLong' })
      .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: 'validation.url' })
      .nullish(),
    model: z.string().trim().max(200, { error: 'validation.tooLong' }).nullish(),
    /** write-only: a new key, or null to remove it; never returned */
    api_key: z.string().trim().max(500, { error: 'validation.tooLong' }).nullish(),
    /** send customers' phone numbers and email addresses to an external model (off: aggregates, ids and names only) */
    share_contact_details: z.boolean().optional(),
  })
  .strict();
export type AiSettingsUpdate = z.infer<typeof aiSettingsUpdateSchema>;

export const aiSettingsSchema = z.object({
  engine: z.enum(AI_ACCOUNT_ENGINES),
  base_url: z.string().nullable(),
  model: z.string().nullable(),
  has_api_key: z.boolean(),
  share_contact_details: z.boolean(),
  /** what answers now: the resolved engine and model */
  active: z.object({ engine: z.enum(AI_ENGINES), model: z.string().nullable() }),
  /** the instance's model, if the operator configured one */
  instance: z.object({ configured: z.boolean(), model: z.string().nullable() }),
  usage_today: z.object({ requests: z.number(), tokens: z.number(), token_cap: z.number().nullable() }),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;
export const aiSettingsEnvelopeSchema = envelope(aiSettingsSchema);

// ── help corpus ──────────────────────────────────────────────────────────────

export const helpQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  lang: z.enum(['en', 'ar']).optional(),
});
export const helpSlugParamSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/, { error: 'validation.invalid' }) });

export const helpArticleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** the screen the article is about */
  screen: z.string(),
  topic: z.string(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;
export const helpArticleSchema = helpArticleSummarySchema.extend({ body: z.string(), language: z.enum(['en', 'ar']) });
export type HelpArticle = z.infer<typeof helpArticleSchema>;
export const helpListEnvelopeSchema = envelope(z.object({ items: z.array(helpArticleSummarySchema) }));
export const helpArticleEnvelopeSchema = envelope(helpArticleSchema);
