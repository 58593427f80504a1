/**
 * Cross-site request forgery. A browser attaches the session cookie to a request that a page of
 * another site makes (a sibling subdomain counts as the same *site*, so SameSite=Strict does not
 * stop it), and a multipart form post needs no preflight. So a state-changing request that a
 * cookie authenticates must come from our own origin, which the browser states in `Sec-Fetch-Site`
 * and `Origin`:
 * - `Sec-Fetch-Site: same-origin` or `none` (typed in the address bar) passes; any other value
 *   (`same-site`, `cross-site`) is refused unless its `Origin` is the configured public origin;
 * - a browser without `Sec-Fetch-Site` sends `Origin`: it must be ours (the public URL's, or the
 *   request's own host behind a proxy that keeps it);
 * - with neither header the caller is not a browser (curl, a server, a test client): no page of
 *   another site can make it, so it passes. Every browser that supports modern cookies sends one.
 * Bearer-token requests carry no ambient credential and are not checked. The same rule as Go's
 * `net/http.CrossOriginProtection`.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** True when a browser made this state-changing request for a page that is not ours. */
export function isCrossSiteRequest(request: FastifyRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined && origin === new URL(publicUrl).origin) return false;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  if (origin === undefined) return false;
  // "null" (a sandboxed frame, a redirect across origins) has no host and never matches
  const host = hostOf(origin);
  return host === null || host !== request.headers.host;
}

/** Throws CROSS_SITE_REQUEST (403) for a request that `isCrossSiteRequest` refuses. */
export function assertSameSite(request: FastifyRequest, publicUrl: string) {
  if (isCrossSiteRequest(request, publicUrl)) throw new AppError('CROSS_SITE_REQUEST');
}
