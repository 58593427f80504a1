/**
 * The one HTTP client for requests made on a tenant's behalf (its own AI server today; link checks,
 * image fetches and webhooks when they come): `fetch` semantics on undici, with
 * - every connection made by a connector that resolves the name once, checks every address with
 *   the rule of `outbound-url.ts` and connects only to checked addresses (the Host header and TLS
 *   SNI keep the name): no DNS rebinding between check and connect; an IP literal is checked too;
 * - redirects never followed by undici: `maxRedirects` of them (default 0) are followed here for
 *   GET and HEAD only, each hop's URL checked again by the same connector, credentials dropped
 *   when the origin changes; any other 3xx — and every 3xx to a POST — is returned to the caller as
 *   it came, so a POST is never replayed elsewhere;
 * - bounded connect, header and body times and a bounded response size.
 * A refused address fails the request before any connection is tried (the error's cause is an
 * AppError PRIVATE_ADDRESS_NOT_ALLOWED: `outboundRefusal` finds it).
 */
import { Agent, buildConnector, Headers, type RequestInit, type Response, fetch as undiciFetch } from 'undici';
import { AppError } from './errors.ts';
import { answerLookup, type OutboundConfig, resolveOutbound } from './outbound-url.ts';

export interface SafeFetchOptions {
  /** redirects followed for GET/HEAD, each re-checked; 0 (default): none */
  maxRedirects?: number;
  connectTimeoutMs?: number;
  /** until the response's headers have come */
  headersTimeoutMs?: number;
  /** between two pieces of the body */
  bodyTimeoutMs?: number;
  /** a larger body is cut off with an error */
  maxResponseBytes?: number;
}

export type SafeFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

const REDIRECT = new Set([301, 302, 303, 307, 308]);
/** headers that carry credentials for the origin they were meant for */
const CREDENTIALS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * An undici dispatcher whose every connection goes to an address that passed the rule, resolved
 * once: the socket keeps the name (Host header, TLS SNI and certificate check) but its lookup can
 * only answer the checked addresses, so Node's happy eyeballs still tries each of them.
 */
export function guardedAgent(config: OutboundConfig, o: SafeFetchOptions = {}): Agent {
  const timeout = o.connectTimeoutMs ?? 10_000;
  return new Agent({
    connect: (opts, callback) => {
      resolveOutbound(config, opts.hostname).then(
        (addresses) => buildConnector({ timeout, lookup: (_host, opt, cb) => answerLookup(addresses, opt, cb) })(opts, callback),
        (err: Error) => callback(err, null),
      );
    },
    headersTimeout: o.headersTimeoutMs ?? 30_000,
    bodyTimeout: o.bodyTimeoutMs ?? 30_000,
    maxResponseSize: o.maxResponseBytes ?? 10 * 1024 * 1024,
  });
}

/** A `fetch` for a tenant's URLs (see the file's comment). */
export function safeFetch(config: OutboundConfig, o: SafeFetchOptions = {}): SafeFetch {
  const dispatcher = guardedAgent(config, o);
  const maxRedirects = o.maxRedirects ?? 0;
  return async (input, init = {}) => {
    let url = httpUrl(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    let headers = new Headers(init.headers);
    for (let hop = 0; ; hop++) {
      const res = await undiciFetch(url, { ...init, headers, dispatcher, redirect: 'manual' });
      const location = res.headers.get('location');
      if (!REDIRECT.has(res.status) || !location || hop >= maxRedirects || (method !== 'GET' && method !== 'HEAD')) return res;
      let next: URL;
      try {
        next = httpUrl(new URL(location, url).href);
      } catch {
        return res; // a Location elsewhere than http(s): not followed
      }
      await res.body?.cancel();
      if (next.origin !== url.origin) {
        headers = new Headers(headers);
        for (const h of CREDENTIALS) headers.delete(h);
      }
      url = next;
    }
  };
}

function httpUrl(text: string): URL {
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`refused protocol ${url.protocol}`);
  return url;
}

/** The address refusal behind a failed request (undici wraps it as `cause`), or null. */
export function outboundRefusal(err: unknown): AppError | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AppError) return e;
  }
  return null;
}
