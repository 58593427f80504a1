/**
 * The account's AI settings and the provider that answers for it: the account's choice (`builtin`,
 * its `own` server or key) or the instance's (AI_BASE_URL, else the built-in engine). An account's
 * key is encrypted at rest and never returned; the instance's key never goes to an account's server.
 */
import type { AiSettings, AiSettingsUpdate } from '@risala/shared/schemas/ai';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { assertOutboundUrl } from '../../lib/outbound-url.ts';
import { safeFetch } from '../../lib/safe-fetch.ts';
import { audit, userActor } from '../audit/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { BuiltinEngine } from './builtin/engine.ts';
import type { AiProvider } from './provider.ts';
import { OpenAiCompatibleProvider } from './providers/openai-compatible.ts';
import { usageToday } from './usage.ts';

/** a streamed answer is a few kilobytes; a server sending more is cut off */
const AI_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export type SettingsRow = {
  engine: 'auto' | 'builtin' | 'own';
  base_url: string | null;
  model: string | null;
  api_key_enc: string | null;
  share_contact_details: boolean;
  timezone: string;
};

export async function loadSettings(ctx: AppContext, accountId: number): Promise<SettingsRow> {
  const { rows } = await ctx.db.execute<SettingsRow>(sql`
    select coalesce(s.engine, 'auto') as engine, s.base_url, s.model, s.api_key_enc,
           coalesce(s.share_contact_details, false) as share_contact_details, a.timezone
      from accounts a left join ai_account_settings s on s.account_id = a.id where a.id = ${accountId}`);
  return rows[0] ?? { engine: 'auto', base_url: null, model: null, api_key_enc: null, share_contact_details: false, timezone: 'UTC' };
}

/** What answers for the account: the built-in engine, the instance's model or the account's own. */
export async function resolveProvider(ctx: AppContext, s: SettingsRow): Promise<AiProvider> {
  const ai = ctx.config.ai;
  const common = {
    chatTimeoutMs: ai.chatTimeoutMs,
    healthTimeoutMs: ai.healthTimeoutMs,
    maxRetries: ai.maxRetries,
    maxToolRounds: ai.maxToolRounds,
    temperature: ai.temperature,
    account: { timeZone: s.timezone, shareContacts: s.share_contact_details },
  };
  if (s.engine === 'own' && (s.base_url || (s.api_key_enc && ai.baseUrl))) {
    const baseUrl = s.base_url ?? (ai.baseUrl as string);
    // a tenant's URL is checked now for a clear error, and again by every connection the guarded
    // client makes (resolved once, connected to the checked address); it follows no redirect
    if (s.base_url) await assertOutboundUrl(ctx.config, s.base_url, 'base_url');
    return new OpenAiCompatibleProvider({
      ...common,
      baseUrl,
      fetch: s.base_url
        ? safeFetch(ctx.config, {
            maxRedirects: 0,
            headersTimeoutMs: ai.chatTimeoutMs,
            bodyTimeoutMs: ai.chatTimeoutMs,
            maxResponseBytes: AI_MAX_RESPONSE_BYTES,
          })
        : undefined,
      model: s.model ?? ai.model ?? 'gpt-4o-mini',
      apiKey: s.api_key_enc ? decryptSecret(ctx.config.encryptionKey, s.api_key_enc) : s.base_url ? null : ai.apiKey,
      billing: s.api_key_enc || s.base_url ? 'account' : 'instance',
    });
  }
  if (s.engine !== 'builtin' && ai.baseUrl) {
    return new OpenAiCompatibleProvider({
      ...common,
      baseUrl: ai.baseUrl,
      model: ai.model ?? 'gpt-4o-mini',
      apiKey: ai.apiKey,
      billing: 'instance',
    });
  }
  return new BuiltinEngine();
}

export async function getSettings(ctx: AppContext, auth: AuthContext): Promise<AiSettings> {
  const s = await loadSettings(ctx, auth.accountId);
  const active = await resolveProvider(ctx, s).catch(() => null);
  const usage = await usageToday(ctx.db, auth.accountId);
  return {
    engine: s.engine,
    base_url: s.base_url,
    model: s.model,
    has_api_key: Boolean(s.api_key_enc),
    share_contact_details: s.share_contact_details,
    active: { engine: active?.engine ?? 'openai-compatible', model: active?.model ?? null },
    instance: { configured: Boolean(ctx.config.ai.baseUrl), model: ctx.config.ai.baseUrl ? ctx.config.ai.model : null },
    usage_today: { requests: usage.requests, tokens: usage.tokens, token_cap: ctx.config.ai.dailyTokenCap },
  };
}

export async function updateSettings(ctx: AppContext, auth: AuthContext, input: AiSettingsUpdate): Promise<AiSettings> {
  const current = await loadSettings(ctx, auth.accountId);
  const baseUrl = input.base_url === undefined ? current.base_url : input.base_url || null;
  if (baseUrl && baseUrl !== current.base_url) await assertOutboundUrl(ctx.config, baseUrl, 'base_url');
  const keyEnc =
    input.api_key === undefined ? current.api_key_enc : input.api_key ? encryptSecret(ctx.config.encryptionKey, input.api_key) : null;
  const model = input.model === undefined ? current.model : input.model || null;
  const engine = input.engine ?? current.engine;
  const share = input.share_contact_details ?? current.share_contact_details;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
    insert into ai_account_settings (account_id, engine, base_url, model, api_key_enc, share_contact_details, updated_by, updated_at)
    values (${auth.accountId}, ${engine}, ${baseUrl}, ${model}, ${keyEnc},
            ${share}, ${auth.userId}, now())
    on conflict (account_id) do update set engine = excluded.engine, base_url = excluded.base_url, model = excluded.model,
      api_key_enc = excluded.api_key_enc, share_contact_details = excluded.share_contact_details,
      updated_by = excluded.updated_by, updated_at = now()`);
    // what changed; of the API key only whether it was set, replaced or removed (never the key)
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'ai_settings.updated',
      target: { type: 'account', id: auth.accountId },
      data: {
        engine,
        base_url: baseUrl,
        model,
        share_contact_details: share,
        api_key: input.api_key === undefined ? 'unchanged' : input.api_key ? 'replaced' : 'removed',
      },
    });
  });
  return getSettings(ctx, auth);
}
