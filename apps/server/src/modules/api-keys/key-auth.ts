/**
 * Authentication of the public API (/api/v1): every request carries an API key (Basic or Bearer
 * form, credentials.ts); the key must be current (or its previous password within the grace
 * period), not revoked or expired, used from an allowed address, hold the route's scope, and stay
 * under its rate. No session is opened or read. `last_used_at` is written at most once a minute per
 * key per process, not on every call. Every call is recorded in the account's audit log with the
 * key's name once it is answered — in batches (one insert per flush, not one per call: at hundreds
 * of calls a second the per-call insert was a statement per request for a row nobody waits for).
 */
import type { ApiKeyScope } from '@risala/shared/schemas/api-keys';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditEntry, auditMany } from '../audit/index.ts';
import { touchKey } from './api-keys.repo.ts';
import { type ApiKeyPrincipal, checkApiKey } from './api-keys.service.ts';
import { ipAllowed, readKeyCredentials } from './credentials.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyPrincipal | null;
  }
  interface FastifyContextConfig {
    /** the scope an API key needs for this /api/v1 operation */
    scope?: ApiKeyScope;
  }
}

/** Token buckets per key, in this process: `rate` requests a second with a burst of one second's worth. */
export class KeyRateLimiter {
  private buckets = new Map<number, { tokens: number; at: number }>();

  /** Seconds to wait when over the rate, else 0 (and the request is counted). */
  take(keyId: number, rate: number, now = Date.now()): number {
    let b = this.buckets.get(keyId);
    if (!b) {
      if (this.buckets.size > 50_000) this.buckets.clear();
      b = { tokens: rate, at: now };
      this.buckets.set(keyId, b);
    }
    b.tokens = Math.min(rate, b.tokens + ((now - b.at) / 1000) * rate);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / rate));
  }
}

const TOUCH_EVERY_MS = 60_000;

/**
 * The calls' audit entries, written together: every FLUSH_MS, or at once when BATCH are waiting;
 * closing the app writes what is left (a crash loses at most FLUSH_MS of call records).
 */
export class AuditBatcher {
  private pending: AuditEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  static readonly FLUSH_MS = 200;
  static readonly BATCH = 500;

  constructor(
    private readonly write: (entries: AuditEntry[]) => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  add(entry: AuditEntry) {
    this.pending.push(entry);
    if (this.pending.length >= AuditBatcher.BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), AuditBatcher.FLUSH_MS);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) this.writing = this.writing.then(() => this.write(batch).catch(this.onError));
    return this.writing;
  }
}

/** The principal of an authenticated /api/v1 request. */
export function requireApiKey(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.apiKey) throw new AppError('API_KEY_REQUIRED');
  return request.apiKey;
}

/** Registers the key hooks on the /api/v1 scope. */
export function registerKeyAuth(app: FastifyInstance, ctx: AppContext) {
  const limiter = new KeyRateLimiter();
  const touched = new Map<number, number>();
  const audits = new AuditBatcher(
    (entries) => auditMany(ctx.db, entries),
    (err) => app.log.warn({ err }, 'api call audit failed'),
  );
  app.addHook('onClose', async () => audits.flush());

  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const creds = readKeyCredentials(request.headers.authorization);
    if (!creds) {
      reply.header('www-authenticate', 'Basic realm="Risala API", charset="UTF-8"');
      throw new AppError('API_KEY_REQUIRED');
    }
    const check = await checkApiKey(ctx.db, creds.clientId, creds.password, ['rest', 'webhook']);
    if (!check.ok) {
      if (check.code === 'ACCOUNT_SUSPENDED') {
        throw new AppError('ACCOUNT_SUSPENDED', { params: { reason: check.reason ?? '' }, data: { reason: check.reason ?? '' } });
      }
      throw new AppError(check.code);
    }
    const key = check.principal;
    if (!ipAllowed(key.ipAllowList, request.ip)) throw new AppError('API_KEY_IP_NOT_ALLOWED');
    const scope = request.routeOptions.config?.scope;
    if (scope && !key.scopes.includes(scope)) {
      throw new AppError('API_KEY_SCOPE_MISSING', { params: { scope }, data: { scope } });
    }
    const wait = limiter.take(key.keyId, key.ratePerSecond);
    if (wait > 0) {
      throw new AppError('API_KEY_RATE_LIMITED', { params: { retry_after: wait }, data: { retry_after: wait } });
    }
    request.apiKey = key;
    const now = Date.now();
    if ((touched.get(key.keyId) ?? 0) + TOUCH_EVERY_MS <= now) {
      touched.set(key.keyId, now);
      await touchKey(ctx.db, key.accountId, key.keyId, request.ip);
    }
  });
  // the call in the account's audit log, once answered (the caller does not wait for it)
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.apiKey;
    if (!key) return;
    const operation = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId ?? null;
    audits.add({
      accountId: key.accountId,
      actor: { type: 'api_key', id: key.keyId, label: key.name },
      action: 'api.call',
      target: { type: 'api_operation', id: operation, label: `${request.method} ${request.routeOptions.url ?? request.url}` },
      ip: request.ip,
      data: { status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
    });
  });
}
