/**
 * Pure HTTP rules of the spec (§7, §8): which paths are public, how an error body is normalised and
 * how the client reacts to a failed response. No DOM, no fetch: `api-client.ts` applies the result.
 */
import { type FieldError, SUBSCRIPTION_CODES } from '@risala/shared/errors';

/** The shape every rejected API call has (spec §8). */
export interface ApiError {
  isError: true;
  statusCode: number;
  code?: string;
  message: string;
  errors: FieldError[] | { field?: string; message: string }[];
  data?: unknown;
  isNetworkError?: boolean;
  /** The caller aborted the request (page left, query cancelled): never toasted. */
  isAborted?: boolean;
}

export const DEFAULT_ERROR_MESSAGE = 'Internal server error';

function stripQuery(path: string): string {
  const cut = path.search(/[?#]/);
  return cut === -1 ? path : path.slice(0, cut);
}

const PUBLIC_AUTH_PATHS = new Set([
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/verify-otp',
  '/api/auth/send-otp',
  '/api/auth/resend-otp',
  '/api/auth/login-with-otp',
  '/api/auth/verify-login-otp',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/password/reset-password',
  '/api/invitations/preview',
  '/api/invitations/accept',
  '/health',
]);

/** Public and auth paths never carry an Authorization header (spec §7). */
export function isPublicPath(path: string): boolean {
  const bare = stripQuery(path);
  return PUBLIC_AUTH_PATHS.has(bare) || bare.startsWith('/api/sandbox/');
}

/**
 * Paths of the sign-in flows (login, register, OTP, reset, forgot) on which a 401/403 never logs
 * out or redirects (spec §8). Logout is included so a stale cookie cannot start a logout loop.
 */
export function isAuthFlowPath(path: string): boolean {
  const bare = stripQuery(path);
  return /\/(login|register|logout|forgot-password|reset-password)(?:[/-]|$)|otp/.test(bare);
}

function hasSubscriptionWords(text: string | undefined): boolean {
  return typeof text === 'string' && /\b(subscriptions?|plans?|upgrade)\b/i.test(text);
}

/** Plan gating (spec §6): codes SUBSCRIPTION_*, or a message about subscription, plan or upgrade. */
export function isSubscriptionRelated(body: { code?: string; message?: string } | undefined): boolean {
  if (!body) return false;
  if (body.code && (SUBSCRIPTION_CODES as readonly string[]).includes(body.code)) return true;
  return hasSubscriptionWords(body.message);
}

export type Area = 'whatsapp' | 'email' | 'sms' | 'template' | 'campaign' | 'customer';

/** The product area a path belongs to, for the 500 message (spec §8). */
export function areaFromPath(path: string): Area | undefined {
  const bare = stripQuery(path).toLowerCase();
  if (bare.includes('whatsapp')) return 'whatsapp';
  if (bare.includes('sms')) return 'sms';
  if (bare.includes('template')) return 'template';
  if (bare.includes('email')) return 'email';
  if (bare.includes('campaign')) return 'campaign';
  if (bare.includes('customer')) return 'customer';
  return undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function normaliseFieldErrors(value: unknown): { field?: string; message: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const entry = asRecord(item);
    if (typeof item === 'string') return [{ message: item }];
    if (!entry || typeof entry.message !== 'string') return [];
    return [typeof entry.field === 'string' ? { field: entry.field, message: entry.message } : { message: entry.message }];
  });
}

/** Turns any failed response body (JSON envelope, text, nothing) into an `ApiError` (spec §8). */
export function normalizeError(status: number | undefined, body: unknown): ApiError {
  const record = asRecord(body);
  const text = typeof body === 'string' && body.trim() && body.length < 300 ? body.trim() : undefined;
  const message = (typeof record?.message === 'string' && record.message) || (typeof record?.error === 'string' && record.error) || text;
  let errors = normaliseFieldErrors(record?.errors);
  if (errors.length === 0) errors = [{ message: message || DEFAULT_ERROR_MESSAGE }];
  const statusCode = (typeof record?.statusCode === 'number' && record.statusCode) || (status && status > 0 ? status : 500);
  const error: ApiError = {
    isError: true,
    statusCode,
    message: message || errors[0]?.message || DEFAULT_ERROR_MESSAGE,
    errors,
  };
  if (typeof record?.code === 'string') error.code = record.code;
  if (record && 'data' in record) error.data = record.data;
  return error;
}

/** A request that never got an answer (offline, DNS, timeout). */
export function networkError(timedOut: boolean): ApiError {
  const message = timedOut ? 'Request timed out' : 'Network error';
  return { isError: true, statusCode: 500, message, errors: [{ message }], isNetworkError: true };
}

export function isApiError(value: unknown): value is ApiError {
  return asRecord(value)?.isError === true;
}

export type HttpReaction =
  /** Show the message, then clear the session and go to /login after SESSION.logoutRedirectDelayMs. */
  | { kind: 'logout'; message?: string; messageKey: string }
  /** Plan gating: show the message and stay signed in. */
  | { kind: 'subscription'; message?: string; messageKey: string }
  /** Show a toast: the server's message if any, else the text of `messageKey` (with the area). */
  | { kind: 'toast'; message?: string; messageKey?: string; area?: Area }
  /** Say nothing. */
  | { kind: 'silent' };

/**
 * What the client does with a failed response (spec §8). `body` is the normalised error.
 * 401/403 outside the sign-in flows: plan gating stays, anything else logs out after a delay.
 * 500: internal-error text with the area. 404: "Resource not found" with template or customer,
 * silent on the WhatsApp and email sender-management paths.
 */
export function decideHttpReaction(path: string, status: number, body: Partial<ApiError> = {}): HttpReaction {
  if (body.isAborted) return { kind: 'silent' };
  if (body.isNetworkError) {
    return { kind: 'toast', messageKey: body.message === 'Request timed out' ? 'http.timeout' : 'http.network' };
  }
  const serverMessage = body.message && body.message !== DEFAULT_ERROR_MESSAGE ? body.message : undefined;
  if (status === 401 || status === 403) {
    if (isAuthFlowPath(path)) return { kind: 'toast', message: serverMessage, messageKey: 'http.unauthorized' };
    if (isSubscriptionRelated(body)) {
      return { kind: 'subscription', message: serverMessage, messageKey: 'http.subscriptionRequired' };
    }
    // A missing permission is not a dead session: say so and stay (spec §6) — see docs/decisions.md
    if (status === 403 && body.code === 'FORBIDDEN') {
      return { kind: 'toast', message: serverMessage, messageKey: 'errors.FORBIDDEN' };
    }
    // nor is a change only an owner may make (the team page)
    if (status === 403 && body.code === 'OWNER_ONLY') {
      return { kind: 'toast', message: serverMessage, messageKey: 'errors.OWNER_ONLY' };
    }
    // a request the server took for another site's (a proxy that rewrites the origin): the session lives on
    if (status === 403 && body.code === 'CROSS_SITE_REQUEST') {
      return { kind: 'toast', message: serverMessage, messageKey: 'errors.CROSS_SITE_REQUEST' };
    }
    return { kind: 'logout', message: serverMessage, messageKey: 'http.sessionExpired' };
  }
  if (status >= 500) {
    const area = areaFromPath(path);
    return area ? { kind: 'toast', messageKey: 'http.serverErrorArea', area } : { kind: 'toast', messageKey: 'http.serverError' };
  }
  if (status === 404) {
    const bare = stripQuery(path);
    if (/sender-management\/(whatsapp|email)/.test(bare)) return { kind: 'silent' };
    const area = bare.includes('template') ? 'template' : bare.includes('customer') ? 'customer' : undefined;
    return { kind: 'toast', messageKey: area ? `http.notFound.${area}` : 'http.notFound.generic' };
  }
  return { kind: 'toast', message: serverMessage, messageKey: 'http.generic' };
}
