import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ERROR_STATUS, type ErrorEnvelope, LIMITS } from '@risala/shared';
import { hasKey, translate } from '@risala/shared/i18n/index.ts';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** every route registered, as registered (the contract test reads it) */
    routeList: RouteOptions[];
  }
}
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { describeRoute, responseSerializer } from './lib/contracts.ts';
import { describeDocument } from './lib/openapi.ts';
import './lib/openapi-components.ts';
import { AppError, mapDbError } from './lib/errors.ts';
import { requestLanguage } from './lib/http.ts';
import { operatorGuard } from './lib/access-token.ts';
import { frameworkErrors, registerInputGuard } from './lib/input-guard.ts';
import { redactUrl } from './lib/redact.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerMetrics } from './metrics.ts';
import { healthRoutes } from './modules/system/system.routes.ts';
import { registerRoutes } from './routes.ts';

/** A validation message key of the catalogue: validation.*, errors.* or an area's own (messages.validation.*), not a provider's text. */
const isValidationKey = (message: string | undefined): message is string =>
  Boolean(message && /^(validation|errors|\w+\.validation)\./.test(message) && hasKey('en', message));

function envelope(lang: string, err: AppError): ErrorEnvelope {
  return {
    statusCode: err.statusCode,
    code: err.code,
    message: translate(lang, `errors.${err.code}`, err.params),
    errors: err.errors.map((e) => ({
      field: e.field,
      message: isValidationKey(e.message) ? translate(lang, e.message) : e.message,
    })),
    isError: true,
    ...(err.data !== undefined ? { data: err.data } : {}),
  };
}

/** What a request log says of the request: Fastify's fields, with the URL's secrets redacted. */
function requestLogFields(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Retry-After of a 503: a restarted PostgreSQL or a failed-over replica is back within seconds. */
const RETRY_AFTER_SECONDS = 5;

/** Fastify's own request errors, mapped to our stable codes. */
function fromFastifyError(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('INVALID_FILE_SIZE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('INVALID_FILE_TYPE');
    default:
      if (err.statusCode === 429) return new AppError('RATE_LIMITED');
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return new AppError(err.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
      }
      return null;
  }
}

/**
 * Vite names every file under assets/ after a hash of its content, so a browser may keep it for a
 * year without asking; everything else (index.html above all) names the current build and is
 * revalidated on every load.
 */
function webCacheControl(webDist: string, file: string): string {
  return path.relative(webDist, file).startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    // request logs never carry a secret from the URL (reset links, signed downloads, ?token=…)
    loggerInstance: ctx.log.child({}, { serializers: { req: requestLogFields } }) as FastifyBaseLogger,
    bodyLimit: ctx.config.bodyLimit,
    trustProxy: ctx.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  // NUL, broken UTF-8 and lone surrogates in URLs, JSON and multipart text: 400 before any handler
  registerInputGuard(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLanguage(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body',
        message: isValidationKey(v.message) ? v.message : 'validation.invalid',
      }));
      return reply.code(400).send(envelope(lang, new AppError('VALIDATION_ERROR', { errors })));
    }
    const known = error instanceof AppError ? error : (mapDbError(error) ?? fromFastifyError(error));
    if (known?.code === 'SERVICE_UNAVAILABLE') {
      // the database (or a relay) is down: say when to try again; the operator sees it in the log
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    }
    if (known) {
      const retryAfter = (known.data as { retry_after?: unknown } | undefined)?.retry_after;
      if (known.statusCode === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(known.statusCode).send(envelope(lang, known));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope(lang, new AppError('INTERNAL_ERROR')));
  });

  await registerSecurityHeaders(app, ctx.config);
  await app.register(fastifyCookie);
  // answers above 1 KB leave as br or gzip, as the client asks (a page of 100 customers: ~53 KB → a
  // few KB). JSON and the text types mime-db calls compressible; never event streams (they hijack the
  // socket and must flush each event), partial content, or binary downloads (octet-stream, images)
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /(?:\+|\/)json(?:;|$)/,
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20, parts: 25 },
    throwFileSizeLimit: true,
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Risala API', version: '0.1.0', description: 'Portal API of Risala' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
          /** a platform operator's session (/api/admin), never a tenant's */
          operatorBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          operatorCookie: { type: 'apiKey', in: 'cookie', name: 'admin_token' },
          /** an API key on /api/v1: Basic base64(client_id:password) */
          apiKeyBasic: { type: 'http', scheme: 'basic' },
          /** an API key on /api/v1: Bearer <client_id>.<password> */
          apiKeyBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'client_id.password' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // the shared schemas as components (lib/openapi-components.ts), then names, tags and pruning
    transformObject: (documentObject) => describeDocument(jsonSchemaTransformObject(documentObject)),
  });
  const docsGuard = operatorGuard({
    token: ctx.config.apiDocsToken,
    open: ctx.config.apiDocsPublic,
    production: ctx.config.production,
    challenge: 'Basic realm="Risala API documentation", charset="UTF-8"',
  });
  // the UI loads only its own scripts and styles: the app's CSP fits it (an E2E opens it in Chromium)
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', ...(docsGuard ? { uiHooks: { onRequest: docsGuard } } : {}) });

  // every route with a declared response gets the error envelopes and an operationId (lib/contracts.ts)
  const routeList: RouteOptions[] = [];
  let listing = true;
  app.addHook('onRoute', (route) => {
    describeRoute(route);
    if (listing) routeList.push(route);
  });
  app.decorate('routeList', routeList);
  registerMetrics(app, ctx.config);
  await registerRoutes(app, ctx);
  listing = false; // the built web app's files below are not API routes
  // an API process runs the SMPP sessions and the SMS senders beside it: started once it is ready
  app.addHook('onReady', async () => ctx.sms.start());
  app.addHook('onClose', async () => {
    await ctx.background.drain(); // a reset mail on its way still goes out
    await ctx.sms.close();
    ctx.smtp.close();
  });

  // The built single-page app, with index.html for every client-side route.
  const webDist = ctx.config.webDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      // the build wrote .br and .gz beside each file (scripts/build-web.mjs): sent as they are,
      // with Content-Encoding and Vary: Accept-Encoding
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', webCacheControl(webDist, file)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    // /webhooks alone is the SPA's screen; the providers' callbacks live under /webhooks/…
    const isApi = /^\/(api|uploads|t|ai|health|metrics)(\/|$)|^\/webhooks\//.test(url);
    // a missing file (a script of another build) is a 404, never index.html served as a script
    const isFile = /\/[^/]+\.[A-Za-z0-9]+$/.test(url);
    if (!isApi && !isFile && hasWeb && request.method === 'GET') {
      return reply.type('text/html').sendFile('index.html');
    }
    const lang = requestLanguage(request);
    return reply.code(ERROR_STATUS.ROUTE_NOT_FOUND).send(envelope(lang, new AppError('ROUTE_NOT_FOUND')));
  });

  return app;
}

/**
 * A worker-only process (ROLE=worker) answers on PORT too, for its probes and its metrics (the
 * SMPP binds and the jobs live here): /health, /ready and /metrics, nothing else.
 */
export async function buildWorkerApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log.child({}, { serializers: { req: requestLogFields } }) as FastifyBaseLogger,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerMetrics(app, ctx.config);
  await app.register(healthRoutes(ctx));
  app.setNotFoundHandler((request, reply) =>
    reply.code(ERROR_STATUS.ROUTE_NOT_FOUND).send(envelope(requestLanguage(request), new AppError('ROUTE_NOT_FOUND'))),
  );
  return app;
}
