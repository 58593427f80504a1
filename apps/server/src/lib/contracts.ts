/**
 * Responses as contracts: every JSON route declares its success response with a
 * schema from packages/shared; this file adds what every such route shares — the error envelope
 * for each refusal status and the sign-in requirement of the signed-in routes —
 * so the OpenAPI document describes each operation whole and the serializer checks what leaves.
 */
import { errorEnvelopeSchema } from '@risala/shared/schemas/common';
import type { FastifySchema, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503, 504] as const;

type Schema = FastifySchema & { response?: Record<string | number, unknown>; operationId?: string; hide?: boolean };

/**
 * onRoute, app-wide: the error envelopes on every route that declares its response. Its operationId
 * is the route's own when it sets one, else a readable one given over the whole document
 * (lib/openapi.ts), where names can be kept unique.
 */
export function describeRoute(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as Schema;
  if (!schema.response || schema.hide) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.includes('HEAD') && methods.length === 1) return;
  const response = { ...schema.response };
  for (const status of ERROR_STATUSES) response[status] ??= errorEnvelopeSchema;
  route.schema = { ...schema, response };
}

/** onRoute, for the signed-in routes: the bearer token or the session cookie. */
export function requireSignIn(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as Schema;
  route.schema = { ...schema, security: schema.security ?? [{ bearer: [] }, { cookie: [] }] };
}

/**
 * A moment leaves as the JSON serialiser writes it (an ISO string), whether the code holds a Date
 * or the string already: the schemas say `string`, so the web's types say what it receives.
 */
export function plainDates(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainDates);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = plainDates(v);
    return out;
  }
  return value;
}

/** The zod serializer (a response that breaks its schema is a 500), with dates as strings first. */
export const responseSerializer: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  return (data) => serialize(plainDates(data));
};
