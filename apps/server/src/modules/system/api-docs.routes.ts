import { openApiDocumentSchema } from '@risala/shared/schemas/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The platform operators' own API (/api/admin) is theirs, not a tenant's to read about. */
function forTenants(doc: Record<string, unknown>): Record<string, unknown> {
  const paths = Object.fromEntries(
    Object.entries((doc.paths ?? {}) as Record<string, unknown>).filter(([p]) => !/^\/api\/admin(\/|$)/.test(p)),
  );
  return { ...doc, paths };
}

/**
 * GET /api/api-docs/openapi.json — the OpenAPI document for a signed-in user's /api-docs screen.
 * /api/docs (the Swagger UI and its JSON) may be closed to the public in production
 * (API_DOCS_TOKEN); the people who integrate with their account read it here. Written once per
 * process (the routes do not change while it runs), sent as the string it is.
 */
export function apiDocsRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    let cached: Buffer | null = null;
    app.get(
      '/openapi.json',
      {
        schema: {
          hide: true,
          summary: 'The OpenAPI document, for the API documentation screen',
          response: { 200: openApiDocumentSchema },
        },
      },
      async (_req, reply) => {
        cached ??= Buffer.from(JSON.stringify(forTenants(app.swagger() as unknown as Record<string, unknown>)));
        // the bytes as they are (a Buffer is never run through the serializer): 1 MB checked field by field would be waste
        return reply
          .type('application/json; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          .send(cached as never);
      },
    );
  };
}
