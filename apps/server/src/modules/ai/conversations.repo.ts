/** Conversations and their messages: each one belongs to one user of one account, and only they read it. */
import type { ChatMessage, DraftCard, ToolUse } from '@risala/shared/schemas/ai';
import type { MessageDraft } from '@risala/shared/schemas/ai-draft';
import type { QueryRun } from '@risala/shared/schemas/ai-query';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { HistoryItem } from './provider.ts';

interface Owner {
  accountId: number;
  userId: number;
}

const iso = (v: unknown) => new Date(v as string).toISOString();

/**
 * The conversation with this id, made on its first message (the client generates the id, §3);
 * someone else's id is NOT_FOUND, as if it did not exist. The key is (id, account_id) (tenant keys,
 * migration 0029), so another account's use of the same id is looked for first, across accounts —
 * a point lookup by the key's first column — rather than left to a key conflict.
 */
export async function ensureConversation(db: DbOrTx, o: Owner, id: string, context: object, title: string) {
  await db.execute(sql`
    insert into ai_conversations (id, account_id, user_id, title, context)
    select ${id}::uuid, ${o.accountId}, ${o.userId}, ${title.slice(0, 120)}, ${JSON.stringify(context)}::jsonb
     where not exists (select 1 from ai_conversations where id = ${id}::uuid)
    on conflict (id, account_id) do nothing`);
  const { rows } = await db.execute<{ user_id: number; account_id: number }>(
    sql`select user_id, account_id from ai_conversations where id = ${id}::uuid`,
  );
  if (rows.length === 0 || rows.some((r) => r.user_id !== o.userId || r.account_id !== o.accountId)) throw new AppError('NOT_FOUND');
}

/** The last `limit` questions and answers, oldest first (what a model is given as the conversation so far). */
export async function recentHistory(db: DbOrTx, o: Owner, id: string, limit = 12): Promise<HistoryItem[]> {
  const { rows } = await db.execute<{ role: 'user' | 'assistant'; text: string }>(sql`
    select role, text from (select id, role, text from ai_messages
      where account_id = ${o.accountId} and conversation_id = ${id}::uuid order by id desc limit ${limit}) m order by id`);
  return rows;
}

/**
 * An answer's saved campaign drafts and its offered message drafts share the `cards` column (a
 * message draft as `{ kind: 'message_draft', draft }`), so a reloaded conversation shows both.
 */
const packCards = (cards: DraftCard[], drafts: MessageDraft[]) => [...cards, ...drafts.map((draft) => ({ kind: 'message_draft', draft }))];
function unpackCards(raw: unknown): { cards: DraftCard[]; drafts: MessageDraft[] } {
  const all = Array.isArray(raw) ? (raw as { kind?: string; draft?: MessageDraft }[]) : [];
  return {
    cards: all.filter((c) => c.kind !== 'message_draft') as DraftCard[],
    drafts: all.flatMap((c) => (c.kind === 'message_draft' && c.draft ? [c.draft] : [])),
  };
}

export async function addMessage(
  db: DbOrTx,
  o: Owner,
  conversationId: string,
  m: {
    role: 'user' | 'assistant';
    text: string;
    engine?: string | null;
    model?: string | null;
    language?: string | null;
    cards?: DraftCard[];
    drafts?: MessageDraft[];
    tools?: ToolUse[];
    queries?: QueryRun[];
    prompt_tokens?: number;
    completion_tokens?: number;
    latency_ms?: number | null;
  },
) {
  const { rows } = await db.execute<{ id: number; created_at: string }>(sql`
    insert into ai_messages (account_id, conversation_id, role, text, engine, model, language, cards, tools, queries, prompt_tokens, completion_tokens, latency_ms)
    values (${o.accountId}, ${conversationId}::uuid, ${m.role}, ${m.text}, ${m.engine ?? null}, ${m.model ?? null}, ${m.language ?? null},
            ${JSON.stringify(packCards(m.cards ?? [], m.drafts ?? []))}::jsonb, ${JSON.stringify(m.tools ?? [])}::jsonb, ${JSON.stringify(m.queries ?? [])}::jsonb, ${m.prompt_tokens ?? 0}, ${m.completion_tokens ?? 0}, ${m.latency_ms ?? null})
    returning id, created_at`);
  await db.execute(sql`update ai_conversations set updated_at = now() where id = ${conversationId}::uuid and account_id = ${o.accountId}`);
  const row = rows[0] as { id: number; created_at: string };
  return { id: Number(row.id), timestamp: iso(row.created_at) };
}

export async function listConversations(db: DbOrTx, o: Owner, page: number, limit: number) {
  const { rows } = await db.execute<{
    id: string;
    title: string;
    created_at: string;
    updated_at: string;
    message_count: number;
    total: number;
  }>(sql`
    select c.id, c.title, c.created_at, c.updated_at,
           (select count(*)::int from ai_messages m where m.conversation_id = c.id and m.account_id = c.account_id) as message_count,
           count(*) over ()::int as total
      from ai_conversations c where c.account_id = ${o.accountId} and c.user_id = ${o.userId}
     order by c.updated_at desc limit ${limit} offset ${(page - 1) * limit}`);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      message_count: Number(r.message_count),
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    })),
    page,
    limit,
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function readConversation(db: DbOrTx, o: Owner, id: string) {
  const { rows: convs } = await db.execute<{ id: string; title: string; created_at: string; updated_at: string }>(sql`
    select id, title, created_at, updated_at from ai_conversations where id = ${id}::uuid and account_id = ${o.accountId} and user_id = ${o.userId}`);
  const c = convs[0];
  if (!c) throw new AppError('NOT_FOUND');
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select id, role, text, engine, model, cards, tools, queries, created_at from ai_messages
     where account_id = ${o.accountId} and conversation_id = ${id}::uuid order by id limit 500`);
  const messages: ChatMessage[] = rows.map((r) => ({
    id: Number(r.id),
    sender: r.role === 'user' ? 'user' : 'bot',
    text: String(r.text),
    timestamp: iso(r.created_at),
    engine: (r.engine as ChatMessage['engine']) ?? null,
    model: (r.model as string | null) ?? null,
    ...unpackCards(r.cards),
    tools: (r.tools as ToolUse[]) ?? [],
    queries: (r.queries as QueryRun[]) ?? [],
  }));
  return {
    id: c.id,
    title: c.title,
    message_count: messages.length,
    created_at: iso(c.created_at),
    updated_at: iso(c.updated_at),
    messages,
  };
}

/** Clear one conversation (its id) or all of the user's (null). */
export async function deleteConversations(db: DbOrTx, o: Owner, id: string | null) {
  const { rows } = await db.execute<{ id: string }>(sql`
    delete from ai_conversations where account_id = ${o.accountId} and user_id = ${o.userId}
     ${id ? sql`and id = ${id}::uuid` : sql``} returning id`);
  if (id && rows.length === 0) throw new AppError('NOT_FOUND');
  return { id, deleted: rows.length };
}
