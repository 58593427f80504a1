import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

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
 * HTTP Basic (the `challenge` scheme). Without a token configured there is no hook (open, as before).
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
