import type { FastifyReply, FastifyRequest } from 'fastify';

/** The caller's language: `Accept-Language` (or `?lang=`), English by default. */
export function requestLanguage(request: FastifyRequest): 'en' | 'ar' {
  // read ?lang= from the raw URL: schema validation strips unknown query keys
  const q = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
  const header = request.headers['accept-language'] ?? '';
  const value = q ?? header;
  return /^\s*ar\b/i.test(value) ? 'ar' : 'en';
}

/** Success envelope `{ statusCode, message, data }` (spec §7). */
export function ok<T>(reply: FastifyReply, data: T, message = 'OK', statusCode = 200) {
  return reply.code(statusCode).send({ statusCode, message, data });
}
