/**
 * One interface for everything that answers: the built-in engine and any OpenAI-compatible model.
 * A provider gets the conversation and a tool box that runs as the caller (account, permissions);
 * it never touches the database itself (neither does the built-in engine), so every figure it
 * shows came through a tool.
 */
import type { AiEngine, DraftCard } from '@risala/shared/schemas/ai';
import type { MessageDraft } from '@risala/shared/schemas/ai-draft';
import type { QueryRun } from '@risala/shared/schemas/ai-query';
import type { Lang } from './language.ts';

export interface HistoryItem {
  role: 'user' | 'assistant';
  text: string;
}

/** What a tool run gives back: the data (JSON) the answer may use, and a draft card or message draft if it made one. */
export interface ToolOutcome {
  ok: boolean;
  data: unknown;
  card?: DraftCard;
  /** a message drafted for the user to save or use (nothing saved) */
  draft?: MessageDraft;
  /** a typed question it ran (query_account): shown under the answer in words, with its screen link */
  query?: QueryRun;
}

/** The JSON-schema description of a tool, as chat-completion `tools` want it. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** The tools of one turn: bound to the caller, recording every call. */
export interface ToolBox {
  specs(): ToolSpec[];
  run(name: string, args: unknown): Promise<ToolOutcome>;
}

export type TurnEvent = { type: 'delta'; text: string } | { type: 'tool'; name: string; status: 'running' | 'done' | 'failed' };

export interface ChatTurn {
  language: Lang;
  /** earlier questions and answers of the conversation (oldest first) */
  history: HistoryItem[];
  query: string;
  /** the screen the question came from, if the client said */
  page: string | null;
  tools: ToolBox;
  emit(event: TurnEvent): void;
  signal: AbortSignal;
}

export interface TurnResult {
  text: string;
  usage: { prompt_tokens: number; completion_tokens: number };
}

/** Who pays for the tokens: nobody (built-in), the operator (instance model, capped daily), the account (its own key). */
export type Billing = 'builtin' | 'instance' | 'account';

/**
 * One piece of writing for the AI features (a plan's text, insights' summary, message variants).
 * The product computes the facts and writes its own text from bilingual templates (`draft`); the
 * built-in engine returns that draft, a model rewrites it from the facts. Either way the caller
 * checks the result against the facts before anyone sees it.
 */
export interface GenerateRequest {
  task: 'plan' | 'insights' | 'performance' | 'content';
  language: Lang;
  /** the computed facts the text may use (JSON; never customers' contact details) */
  facts: unknown;
  /** the product's own text: the built-in engine's answer and a model's starting point */
  draft: string;
  /** text: Markdown, streamed; json: one JSON document (content variants) */
  format: 'text' | 'json';
  /** what the model is asked to write, and how */
  instructions: string;
  emit(delta: string): void;
  signal: AbortSignal;
}

export interface AiProvider {
  readonly engine: AiEngine;
  readonly model: string | null;
  readonly billing: Billing;
  /** false: an external service, so customers' contact details stay out of what it is sent (unless the account allows) */
  readonly local: boolean;
  /** resolves when the engine can answer; throws AppError(AI_UNAVAILABLE | AI_TIMEOUT | AI_AUTH_FAILED) */
  health(signal: AbortSignal): Promise<void>;
  /** one answer, streamed through `turn.emit`; throws AppError(AI_*) */
  chat(turn: ChatTurn): Promise<TurnResult>;
  /** one piece of writing, streamed through `req.emit`; throws AppError(AI_*) */
  generate(req: GenerateRequest): Promise<TurnResult>;
}
