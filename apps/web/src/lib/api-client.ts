/**
 * The one API client (conventions §10). Same origin, cookie credentials, `Accept-Language`, the
 * Bearer header for a token saved from the URL, the response envelope and the error rules of spec §8.
 * Pages and features call `api.get/post/put/…`; nothing else calls fetch.
 */
import { SESSION } from '@risala/shared/constants';
import {
  type ApiError,
  DEFAULT_ERROR_MESSAGE,
  decideHttpReaction,
  type HttpReaction,
  isPublicPath,
  networkError,
  normalizeError,
} from './http.ts';
import i18n, { currentLanguage } from './i18n.ts';
import { endSession, getSession, hasSession, parseToken } from './session-store.ts';
import { showErrorToast, type ToastOverride } from './toast.ts';

export interface ApiResponse<T> {
  data: T;
  statusCode: number;
  headers: Headers;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** No automatic toast (the caller shows the error inline). A dead session still logs out. */
  silent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

let logoutScheduled = false;

function overrideFor(reaction: HttpReaction): ToastOverride {
  if (reaction.kind === 'silent') return {};
  if (reaction.message) return { message: reaction.message };
  if (reaction.kind === 'toast' && reaction.area) {
    return { messageKey: reaction.messageKey, params: { area: i18n.t(`http.areas.${reaction.area}`) } };
  }
  return reaction.messageKey ? { messageKey: reaction.messageKey } : {};
}

/** Applies the spec §8 reaction to a failed call. */
function react(path: string, error: ApiError, silent: boolean): void {
  const reaction = decideHttpReaction(path, error.statusCode, error);
  if (reaction.kind === 'silent') return;
  if (reaction.kind === 'logout') {
    // Already on the way out, or nothing to log out of (a late answer after logout).
    if (logoutScheduled || !hasSession()) return;
    logoutScheduled = true;
    showErrorToast(error, overrideFor(reaction));
    setTimeout(() => {
      logoutScheduled = false;
      endSession();
    }, SESSION.logoutRedirectDelayMs);
    return;
  }
  if (!silent) showErrorToast(error, overrideFor(reaction));
}

/**
 * Errors the client makes itself (no answer, a timeout, a body without a message, a bad token)
 * carry English fallbacks from http.ts; forms and alerts print `message`, so it is translated here,
 * after the toast rules have read the originals.
 */
function localised(error: ApiError): ApiError {
  const key = error.isNetworkError
    ? error.message === 'Request timed out'
      ? 'http.timeout'
      : 'http.network'
    : error.message === DEFAULT_ERROR_MESSAGE
      ? 'http.serverError'
      : error.code === 'INVALID_TOKEN' && error.message === 'Invalid token'
        ? 'http.sessionExpired'
        : null;
  if (!key) return error;
  const message = i18n.t(key);
  const original = error.message;
  return { ...error, message, errors: error.errors.map((e) => (e.message === original ? { ...e, message } : e)) };
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', body, query, silent = false, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const url = withQuery(path, query);
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });

  const { token } = getSession();
  if (token && !isPublicPath(url)) {
    if (!parseToken(token)) {
      // Spec §5: an unparseable token clears the session, goes to login and rejects.
      endSession();
      throw localised(normalizeError(401, { code: 'INVALID_TOKEN', message: 'Invalid token' }));
    }
    headers.set('Authorization', `Bearer ${token}`);
  }

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets multipart/form-data with its boundary
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    const error: ApiError = signal?.aborted ? { ...networkError(false), isAborted: true } : networkError(timeout.aborted);
    react(url, error, silent);
    throw localised(error);
  }

  const parsed = await readBody(response);
  if (!response.ok) {
    const error = normalizeError(response.status, parsed);
    react(url, error, silent);
    throw localised(error);
  }
  const data = isRecord(parsed) && 'data' in parsed ? parsed.data : parsed;
  const statusCode = isRecord(parsed) && typeof parsed.statusCode === 'number' ? parsed.statusCode : response.status;
  return { data: data as T, statusCode, headers: response.headers };
}

/**
 * A POST whose answer is a stream (Server-Sent Events): the same headers, token and error rules as
 * `request`, but the open Response is returned for the caller to read. A refusal before the stream
 * opens is an ApiError like any other (the §8 401/403 rules apply; nothing is toasted).
 */
export async function openStream(path: string, body: unknown, signal: AbortSignal): Promise<Response> {
  const headers = new Headers({ Accept: 'text/event-stream', 'Accept-Language': currentLanguage(), 'Content-Type': 'application/json' });
  const { token } = getSession();
  if (token && parseToken(token)) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin', signal });
  } catch {
    const error: ApiError = signal.aborted ? { ...networkError(false), isAborted: true } : networkError(false);
    throw localised(error);
  }
  if (!response.ok) {
    const error = normalizeError(response.status, await readBody(response));
    react(path, error, true);
    throw localised(error);
  }
  return response;
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) => request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) => request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) => request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'DELETE' }),
};

export type { ApiError } from './http.ts';
export { isApiError } from './http.ts';
