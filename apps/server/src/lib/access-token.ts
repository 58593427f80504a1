import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { isLoopbackRequest } from './loopback.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The secret a request presents: `Bearer <token>`, or the password of HTTP Basic (any user name). */
function presented(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value = ''] = header.split(' ', 2);
  if (/^bearer$/i.test(scheme)) return value.trim();
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value.trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0 ? null : decoded.slice(colon + 1);
  }
  return null;
}

/**
 * An onRequest hook that lets a request through only with the configured token, compared in
 * constant time: for operator endpoints (`/metrics`, the OpenAPI document and its UI) that can be
 * closed by configuration. Prometheus sends it as a bearer token; a browser asks for it through
 * HTTP Basic (the `challenge` scheme). Without a token configured there is no hook (`operatorGuard`
 * decides what happens then).
 */
export function tokenGuard(token: string | undefined, challenge: string) {
  if (!token) return undefined;
  const expected = digest(token);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const given = presented(req.headers.authorization);
    if (given !== null && timingSafeEqual(digest(given), expected)) return;
    reply.header('www-authenticate', challenge);
    throw new AppError('UNAUTHORIZED');
  };
}

/**
 * Who may read an operator endpoint (`/metrics`, the OpenAPI document and its UI):
 * - with its token configured: whoever presents the token (`tokenGuard`);
 * - in production without one: requests from this machine only (a Prometheus or a browser on the
 *   host itself), 403 for anyone else — closed by default — unless the operator opened it
 *   explicitly (`open`: METRICS_PUBLIC / API_DOCS_PUBLIC);
 * - in development without one: open.
 */
export function operatorGuard(opts: { token: string | undefined; open: boolean; production: boolean; challenge: string }) {
  if (opts.token) return tokenGuard(opts.token, opts.challenge);
  if (!opts.production || opts.open) return undefined;
  return async (req: FastifyRequest) => {
    if (!isLoopbackRequest(req)) throw new AppError('FORBIDDEN');
  };
}
