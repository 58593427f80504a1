/**
 * GET|POST /webhooks/http-dlr/:connectionId/:token — delivery receipts from HTTP SMS gateways
 * (Jasmin's DLR fields, channels/sms/http-gateway.ts). Only the URL we gave the gateway is accepted:
 * the token is the HMAC of the connection id (otherwise 401 WEBHOOK_SIGNATURE_INVALID). Fields come
 * from the query string and/or a form or JSON body; the receipt goes to the SMS runtime's
 * ReceiptApplier (same matching, out-of-order safety and state rules as SMPP receipts) and the
 * gateway gets `ACK/Jasmin` once it is stored — otherwise 503, and the gateway sends it again.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { textResponse } from '@risala/shared/schemas/common';
import { z } from 'zod';
import { parseHttpDlr, verifyDlrToken } from '../../channels/sms/http-gateway.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';

const STORE_TIMEOUT_MS = 10_000;
const params = z.object({ connectionId: z.coerce.number().int().positive().max(2_147_483_647), token: z.string().max(64) });

function bodyFields(contentType: string | undefined, raw: unknown): Record<string, unknown> {
  if (!Buffer.isBuffer(raw) || raw.length === 0) return {};
  const text = raw.toString('utf8');
  if (contentType?.includes('json')) {
    try {
      const j = JSON.parse(text) as unknown;
      return j && typeof j === 'object' && !Array.isArray(j) ? (j as Record<string, unknown>) : {};
    } catch {
      throw new AppError('BAD_REQUEST');
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export function httpDlrRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    // GET and POST as two routes: each its own OpenAPI operation (and operationId)
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/:connectionId/:token',
        schema: {
          tags: ['messages'],
          summary: 'HTTP SMS gateway delivery receipt (token in the URL)',
          params,
          response: { 200: textResponse('text/plain', 'ACK/Jasmin') },
        },
        handler: async (req, reply) => {
          const { connectionId, token } = req.params;
          if (!verifyDlrToken(ctx.config.jwtSecret, connectionId, token)) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
          const fields = { ...(req.query as Record<string, unknown>), ...bodyFields(req.headers['content-type'], req.body) };
          const receipt = parseHttpDlr(fields);
          if (!receipt) {
            throw new AppError('VALIDATION_ERROR', {
              errors: [{ field: fields.id ? 'message_status' : 'id', message: 'validation.required' }],
            });
          }
          const runtime = ctx.sms.running ? ctx.sms : undefined;
          if (!runtime) throw new AppError('SERVICE_UNAVAILABLE');
          let timer: NodeJS.Timeout | undefined;
          const stored = await Promise.race([
            new Promise<boolean>((resolve) => runtime.receipts.push(connectionId, receipt, () => resolve(true))),
            new Promise<boolean>((resolve) => {
              timer = setTimeout(() => resolve(false), STORE_TIMEOUT_MS);
            }),
          ]).finally(() => clearTimeout(timer));
          if (!stored) throw new AppError('SERVICE_UNAVAILABLE');
          return reply.code(200).type('text/plain').send('ACK/Jasmin');
        },
      });
    }
  };
}
