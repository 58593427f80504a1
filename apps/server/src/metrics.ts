import type { FastifyInstance } from 'fastify';
import { textResponse } from '@risala/shared/schemas/common';
import client from 'prom-client';
import { tokenGuard } from './lib/access-token.ts';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'risala_' });

const httpDuration = new client.Histogram({
  name: 'risala_http_request_duration_seconds',
  help: 'HTTP request duration by route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const mailsSent = new client.Counter({
  name: 'risala_mails_sent_total',
  help: 'Mails handed to the mail transport',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/** Records each request's duration and serves Prometheus text at GET /metrics (behind METRICS_TOKEN when set). */
export function registerMetrics(app: FastifyInstance, token?: string) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', {
      schema: { tags: ['system'], summary: 'Prometheus metrics (METRICS_TOKEN)', response: { 200: textResponse('text/plain', 'The Prometheus text format') } },
      onRequest: tokenGuard(token, 'Bearer realm="metrics"'),
    }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
