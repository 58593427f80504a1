/**
 * The AI service's own settings (documented in .env.example and README). No AI_BASE_URL: the
 * built-in engine answers (offline, no model). With one: any server speaking OpenAI chat
 * completions (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio, OpenRouter…).
 */
import { AI_CHAT_TIMEOUT_MS, AI_HEALTH_TIMEOUT_MS } from '@risala/shared/schemas/ai';
import { z } from 'zod';

const aiEnvSchema = z.object({
  AI_BASE_URL: z.string().url().optional(),
  AI_MODEL: z.string().optional(),
  AI_API_KEY: z.string().optional(),
  /** a whole answer, tool calls included (spec §7: 120 s) */
  AI_CHAT_TIMEOUT_MS: z.coerce.number().int().positive().default(AI_CHAT_TIMEOUT_MS),
  /** the health check (spec §7: 10 s) */
  AI_HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(AI_HEALTH_TIMEOUT_MS),
  /** retries of one model call on 429, 5xx and connection errors, with exponential backoff */
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** model ↔ tool round trips in one answer */
  AI_MAX_TOOL_ROUNDS: z.coerce.number().int().min(1).max(20).default(6),
  /** tokens per account per UTC day on the instance's model (0: no cap); an account's own key is not capped */
  AI_DAILY_TOKEN_CAP: z.coerce.number().int().min(0).default(200_000),
  /** requests per account per UTC day on the instance's model (0: no cap) */
  AI_DAILY_REQUEST_CAP: z.coerce.number().int().min(0).default(500),
  AI_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.2),
});

export type AiConfig = ReturnType<typeof loadAiConfig>;

export function loadAiConfig(given: Record<string, string | undefined>) {
  const parsed = aiEnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    /** the instance's model; null: the built-in engine */
    baseUrl: e.AI_BASE_URL ? e.AI_BASE_URL.replace(/\/$/, '') : null,
    model: e.AI_MODEL ?? (e.AI_BASE_URL ? 'gpt-4o-mini' : null),
    apiKey: e.AI_API_KEY ?? null,
    chatTimeoutMs: e.AI_CHAT_TIMEOUT_MS,
    healthTimeoutMs: e.AI_HEALTH_TIMEOUT_MS,
    maxRetries: e.AI_MAX_RETRIES,
    maxToolRounds: e.AI_MAX_TOOL_ROUNDS,
    dailyTokenCap: e.AI_DAILY_TOKEN_CAP || null,
    dailyRequestCap: e.AI_DAILY_REQUEST_CAP || null,
    temperature: e.AI_TEMPERATURE,
  };
}
