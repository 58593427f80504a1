/**
 * Any server that speaks OpenAI chat completions (OpenAI, Azure OpenAI's v1 endpoint, Ollama,
 * vLLM, LM Studio, OpenRouter), through the official `openai` client: streaming, tool calling,
 * retries with exponential backoff on 429/5xx/connection errors (honouring Retry-After), a
 * deadline for the whole answer, token usage. The tool loop is here: the model asks for tools by
 * name, the tool box runs them as the caller, their results go back as data, until it answers.
 */
import OpenAI from 'openai';
import type {
  ChatCompletionMessageParam,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { AppError } from '../../../lib/errors.ts';
import type { SafeFetch } from '../../../lib/safe-fetch.ts';
import type { AiProvider, Billing, ChatTurn, GenerateRequest, TurnResult } from '../provider.ts';
import { generationMessages, systemPrompt } from './prompt.ts';

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  billing: Billing;
  chatTimeoutMs: number;
  healthTimeoutMs: number;
  maxRetries: number;
  maxToolRounds: number;
  temperature: number;
  /** what the system prompt tells the model about the account */
  account: { timeZone: string; shareContacts: boolean };
  /** the HTTP client: the guarded one (lib/safe-fetch.ts) for an account's own server */
  fetch?: SafeFetch;
}

/** The client's failures as our stable codes; an abort caused by our own deadline is a timeout. */
export function providerError(err: unknown, deadline?: AbortSignal): AppError {
  if (err instanceof AppError) return err;
  if (deadline?.aborted || err instanceof OpenAI.APIConnectionTimeoutError) return new AppError('AI_TIMEOUT');
  if (err instanceof OpenAI.RateLimitError) return new AppError('AI_RATE_LIMITED');
  if (err instanceof OpenAI.AuthenticationError || err instanceof OpenAI.PermissionDeniedError) return new AppError('AI_AUTH_FAILED');
  if (err instanceof OpenAI.APIConnectionError || err instanceof OpenAI.InternalServerError) return new AppError('AI_UNAVAILABLE');
  if (err instanceof OpenAI.APIError && (err.status ?? 0) >= 500) return new AppError('AI_UNAVAILABLE');
  return new AppError('AI_BAD_RESPONSE');
}

/** A tool result as the model reads it: JSON data, clearly not instructions. */
function toolMessage(name: string, ok: boolean, data: unknown): string {
  return JSON.stringify({ tool: name, ok, data });
}

function parseArgs(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text.trim()) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Rough token count (≈4 characters a token) for servers that report no usage, so the cap still counts. */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

export class OpenAiCompatibleProvider implements AiProvider {
  readonly engine = 'openai-compatible' as const;
  readonly model: string;
  readonly billing: Billing;
  readonly local = false;
  private readonly client: OpenAI;

  constructor(private readonly opts: OpenAiCompatibleOptions) {
    this.model = opts.model;
    this.billing = opts.billing;
    this.client = new OpenAI({
      baseURL: opts.baseUrl,
      // local servers (Ollama, vLLM) take any key; the client insists on one
      apiKey: opts.apiKey ?? 'no-key',
      maxRetries: opts.maxRetries,
      timeout: opts.chatTimeoutMs,
      dangerouslyAllowBrowser: false,
      ...(opts.fetch ? { fetch: opts.fetch as unknown as typeof fetch } : {}),
    });
  }

  async health(signal: AbortSignal) {
    try {
      await this.client.models.list({ signal, timeout: this.opts.healthTimeoutMs, maxRetries: 0 });
    } catch (err) {
      // a server without GET /models (404/405) is up all the same
      if (err instanceof OpenAI.APIError && (err.status === 404 || err.status === 405)) return;
      const e = providerError(err);
      throw e.code === 'AI_AUTH_FAILED' ? e : new AppError('AI_UNAVAILABLE');
    }
  }

  async chat(turn: ChatTurn): Promise<TurnResult> {
    const deadline = AbortSignal.timeout(this.opts.chatTimeoutMs);
    const signal = AbortSignal.any([deadline, turn.signal]);
    const tools: ChatCompletionTool[] = turn.tools.specs().map((s) => ({
      type: 'function',
      function: { name: s.name, description: s.description, parameters: s.parameters },
    }));
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: systemPrompt({ language: turn.language, page: turn.page, ...this.opts.account }) },
      ...turn.history.slice(-12).map((h) => ({ role: h.role, content: h.text }) as ChatCompletionMessageParam),
      { role: 'user', content: turn.query },
    ];
    const usage = { prompt_tokens: 0, completion_tokens: 0 };
    let text = '';
    try {
      for (let round = 0; round < this.opts.maxToolRounds; round++) {
        const last = round === this.opts.maxToolRounds - 1;
        const step = await this.step(messages, last ? [] : tools, signal, turn);
        usage.prompt_tokens += step.usage?.prompt_tokens ?? estimateTokens(JSON.stringify(messages));
        usage.completion_tokens += step.usage?.completion_tokens ?? estimateTokens(step.text);
        text += step.text;
        if (step.calls.length === 0) return { text, usage };
        messages.push({ role: 'assistant', content: step.text || null, tool_calls: step.calls });
        for (const call of step.calls) {
          const name = call.function.name;
          turn.emit({ type: 'tool', name, status: 'running' });
          const args = parseArgs(call.function.arguments);
          const outcome = args.ok
            ? await turn.tools.run(name, args.value)
            : { ok: false, data: { error: 'invalid_arguments', message: 'The arguments were not valid JSON.' } };
          turn.emit({ type: 'tool', name, status: outcome.ok ? 'done' : 'failed' });
          messages.push({ role: 'tool', tool_call_id: call.id, content: toolMessage(name, outcome.ok, outcome.data) });
        }
        if (text && !/\s$/.test(text)) text += '\n\n';
      }
      return { text, usage };
    } catch (err) {
      throw providerError(err, deadline);
    }
  }

  /** One piece of writing from the facts and the product's own draft: no tools, streamed, within the same deadline. */
  async generate(req: GenerateRequest): Promise<TurnResult> {
    const deadline = AbortSignal.timeout(this.opts.chatTimeoutMs);
    const signal = AbortSignal.any([deadline, req.signal]);
    const messages = generationMessages(req, this.opts.account.timeZone) as ChatCompletionMessageParam[];
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: this.opts.model,
          messages,
          temperature: this.opts.temperature,
          stream: true,
          stream_options: { include_usage: true },
          ...(req.format === 'json' ? { response_format: { type: 'json_object' as const } } : {}),
        },
        { signal },
      );
      let text = '';
      let usage: TurnResult['usage'] | null = null;
      for await (const chunk of stream) {
        if (chunk.usage) usage = { prompt_tokens: chunk.usage.prompt_tokens, completion_tokens: chunk.usage.completion_tokens };
        const piece = chunk.choices?.[0]?.delta?.content;
        if (piece) {
          text += piece;
          if (req.format === 'text') req.emit(piece);
        }
      }
      return { text, usage: usage ?? { prompt_tokens: estimateTokens(JSON.stringify(messages)), completion_tokens: estimateTokens(text) } };
    } catch (err) {
      throw providerError(err, deadline);
    }
  }

  /** One streamed completion: its text (emitted as it comes), the tool calls it asks for, its usage. */
  private async step(messages: ChatCompletionMessageParam[], tools: ChatCompletionTool[], signal: AbortSignal, turn: ChatTurn) {
    const stream = await this.client.chat.completions.create(
      {
        model: this.opts.model,
        messages,
        ...(tools.length ? { tools, tool_choice: 'auto' as const } : {}),
        temperature: this.opts.temperature,
        stream: true,
        stream_options: { include_usage: true },
      },
      { signal },
    );
    let text = '';
    const calls = new Map<number, { id: string; name: string; arguments: string }>();
    let usage: { prompt_tokens: number; completion_tokens: number } | null = null;
    for await (const chunk of stream) {
      if (chunk.usage) usage = { prompt_tokens: chunk.usage.prompt_tokens, completion_tokens: chunk.usage.completion_tokens };
      const delta = chunk.choices?.[0]?.delta;
      if (!delta) continue;
      if (delta.content) {
        text += delta.content;
        turn.emit({ type: 'delta', text: delta.content });
      }
      for (const tc of delta.tool_calls ?? []) {
        const call = calls.get(tc.index) ?? { id: '', name: '', arguments: '' };
        if (tc.id) call.id = tc.id;
        if (tc.function?.name) call.name += tc.function.name;
        if (tc.function?.arguments) call.arguments += tc.function.arguments;
        calls.set(tc.index, call);
      }
    }
    const toolCalls: ChatCompletionMessageFunctionToolCall[] = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([i, c]) => ({ id: c.id || `call_${i}`, type: 'function', function: { name: c.name, arguments: c.arguments } }));
    return { text, calls: toolCalls, usage };
  }
}
