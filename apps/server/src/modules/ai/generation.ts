/**
 * Writing for the AI features (plans, analytics, content) with the account's engine: the plan gate
 * and the daily cap before anything starts, the provider's `generate`, metering under the feature's
 * name, and the rule checked on the way out — a model's text whose numbers are not all among the
 * facts (or with a foreign link, or in the wrong language) is replaced by the product's own text,
 * and the reader is told.
 */
import { checkGrounding, type GroundingCheck } from '@risala/shared/grounding';
import { trialDaysRemaining, trialState } from '@risala/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAuth } from '../auth/index.ts';
import type { Lang } from './language.ts';
import type { AiProvider, GenerateRequest } from './provider.ts';
import { loadSettings, resolveProvider } from './settings.service.ts';
import { type AiFeature, checkDailyCap, recordUsage } from './usage.ts';

/**
 * preHandler of every AI plan, analytics and content route: a trial past its end is
 * SUBSCRIPTION_REQUIRED (as every write), a plan without AI is FEATURE_NOT_AVAILABLE (§6).
 */
export async function aiFeatureGate(request: FastifyRequest) {
  const auth = requireAuth(request);
  const state = trialState(auth.plan, trialDaysRemaining(auth.userCreatedAt));
  if (state === 'expired' || state === 'blocked') throw new AppError('SUBSCRIPTION_REQUIRED');
  // from the plan's data (plans.ai_enabled, loaded with the session), not a list in code
  if (!auth.aiIncluded) throw new AppError('FEATURE_NOT_AVAILABLE');
}

export interface Writer {
  provider: AiProvider;
  /** customers' contact details may reach it (never used by these features: their facts hold none) */
  local: boolean;
}

/** The account's engine, refused before anything streams when today's allowance is spent. */
export async function prepareWriter(ctx: AppContext, accountId: number): Promise<Writer> {
  const provider = await resolveProvider(ctx, await loadSettings(ctx, accountId));
  await checkDailyCap(ctx, accountId, provider.billing);
  return { provider, local: provider.local };
}

export type WriteEvent =
  | { event: 'start'; data: { engine: string; model: string | null } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'replace'; data: { text: string; reason: string } };

export interface WriteOptions {
  feature: AiFeature;
  task: GenerateRequest['task'];
  language: Lang;
  facts: unknown;
  draft: string;
  instructions: string;
  /** links the text may carry besides the app's own (relative) ones */
  links?: readonly string[];
  format?: 'text' | 'json';
  emit?: (e: WriteEvent) => void;
  signal?: AbortSignal;
}

export interface Written {
  text: string;
  engine: AiProvider['engine'];
  model: string | null;
  /** the built-in text was kept: the model failed (code) or broke the rule (what it broke) */
  fallback: boolean;
  reason: string | null;
  check: GroundingCheck | null;
  cancelled: boolean;
}

function reasonOf(check: GroundingCheck): string {
  if (check.numbers.length) return `numbers:${check.numbers.join(',')}`;
  if (check.links.length) return 'links';
  return 'language';
}

/**
 * One piece of writing. Text is checked here; JSON (content variants) is returned as the model
 * wrote it for the caller to check variant by variant. A model that fails (down, timeout) leaves
 * the built-in text in place: the figures are computed either way, only the phrasing is missing.
 */
export async function write(ctx: AppContext, accountId: number, writer: Writer, o: WriteOptions): Promise<Written> {
  const { provider } = writer;
  const format = o.format ?? 'text';
  const emit = o.emit ?? (() => {});
  const signal = o.signal ?? new AbortController().signal;
  emit({ event: 'start', data: { engine: provider.engine, model: provider.model } });
  const base = { engine: provider.engine, model: provider.model };
  let result: Awaited<ReturnType<AiProvider['generate']>>;
  try {
    result = await provider.generate({
      task: o.task,
      language: o.language,
      facts: o.facts,
      draft: o.draft,
      format,
      instructions: o.instructions,
      signal,
      emit: (text) => emit({ event: 'delta', data: { text } }),
    });
  } catch (err) {
    await recordUsage(ctx.db, accountId, { feature: o.feature, billing: provider.billing, prompt_tokens: 0, completion_tokens: 0 }).catch(
      () => {},
    );
    if (signal.aborted) return { ...base, text: '', fallback: false, reason: null, check: null, cancelled: true };
    const code = err instanceof AppError ? err.code : 'AI_BAD_RESPONSE';
    if (!(err instanceof AppError)) ctx.log.error({ err }, 'AI generation failed');
    if (format === 'text') emit({ event: 'replace', data: { text: o.draft, reason: code } });
    return { ...base, text: o.draft, fallback: true, reason: code, check: null, cancelled: false };
  }
  await recordUsage(ctx.db, accountId, { feature: o.feature, billing: provider.billing, ...result.usage });
  if (signal.aborted) return { ...base, text: result.text, fallback: false, reason: null, check: null, cancelled: true };
  if (format === 'json' || provider.engine === 'builtin') {
    return { ...base, text: result.text, fallback: false, reason: null, check: null, cancelled: false };
  }
  const text = result.text.trim();
  const check = checkGrounding(text, o.facts, { language: o.language, links: o.links });
  if (!text || !check.ok) {
    const reason = text ? reasonOf(check) : 'empty';
    ctx.log.warn(
      { reason, engine: provider.engine, model: provider.model, task: o.task },
      "a model's text broke the grounding rule; the built-in text is kept",
    );
    emit({ event: 'replace', data: { text: o.draft, reason } });
    return { ...base, text: o.draft, fallback: true, reason, check, cancelled: false };
  }
  return { ...base, text, fallback: false, reason: null, check, cancelled: false };
}
