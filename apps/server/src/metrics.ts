/**
 * Prometheus metrics of this process, served at GET /metrics by every role (docs/operations.md
 * lists them; ops/grafana/risala.json charts them). Counters count what this process did — sum
 * them over processes; gauges read from the database (metrics-db.ts) are the same in every process
 * — take their max. Nothing here scans `messages`.
 */
import type { FastifyInstance } from 'fastify';
import { textResponse } from '@risala/shared/schemas/common';
import client from 'prom-client';
import type { Config } from './config.ts';
import { operatorGuard } from './lib/access-token.ts';

export const registry = new client.Registry();

let processMetrics = false;
/**
 * CPU, memory, event-loop lag…: their collectors start timers, so they start with the first app
 * that serves /metrics, not when a module imports this file (nothing global on import).
 */
export function collectProcessMetrics() {
  if (processMetrics) return;
  processMetrics = true;
  client.collectDefaultMetrics({ register: registry, prefix: 'risala_' });
}

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

const messagesTotal = new client.Counter({
  name: 'risala_messages_total',
  help: 'Messages that reached a state, by channel and state (PENDING when created; a stage run again counts again)',
  labelNames: ['channel', 'status'] as const,
  registers: [registry],
});

/** `n` messages of `channel` reached `status` (written by this process). */
export function countMessages(channel: string, status: string, n = 1) {
  if (n > 0) messagesTotal.inc({ channel, status }, n);
}

/** Messages (rows with their channel) that reached `status`. */
export function countMessageRows(rows: { channel: string }[], status: string) {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.channel, (counts.get(row.channel) ?? 0) + 1);
  for (const [channel, n] of counts) countMessages(channel, status, n);
}

export const channelSends = new client.Counter({
  name: 'risala_channel_sends_total',
  help: 'Email and WhatsApp messages handed to their provider, by outcome (sent, retry, failed)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

export const jobsTotal = new client.Counter({
  name: 'risala_jobs_total',
  help: 'Jobs run by this process, by task and outcome (success; error: will be retried; failed: out of attempts)',
  labelNames: ['task', 'outcome'] as const,
  registers: [registry],
});

const webhooksTotal = new client.Counter({
  name: 'risala_webhooks_total',
  help: 'Provider webhooks received (WhatsApp, SendGrid events, HTTP SMS gateway receipts), by outcome',
  labelNames: ['source', 'outcome'] as const,
  registers: [registry],
});

export const smppSubmitSeconds = new client.Histogram({
  name: 'risala_smpp_submit_seconds',
  help: 'SMPP submit_sm to submit_sm_resp, per connection',
  labelNames: ['connection'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const smsReceiptSeconds = new client.Histogram({
  name: 'risala_sms_receipt_seconds',
  help: 'SMS sent to its final delivery receipt applied, per connection',
  labelNames: ['connection'] as const,
  buckets: [0.25, 1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 24 * 3600],
  registers: [registry],
});

/** What the metrics read of one live SMPP session (connection-manager.ts). */
export interface SmppSnapshot {
  connection: number;
  state: string;
  inFlight: number;
  window: number;
  /** throttled answers over the session's life */
  throttled: number;
  /** the session object: its throttled count restarts with a new session */
  session: object;
}

const smppSources = new Set<() => SmppSnapshot[]>();
/** Adds a source of SMPP sessions (a connection manager); returns its removal. */
export function addSmppSource(source: () => SmppSnapshot[]): () => void {
  smppSources.add(source);
  return () => smppSources.delete(source);
}
const snapshots = () => [...smppSources].flatMap((s) => s());
const SESSION_STATES = ['CONNECTING', 'CONNECTED', 'DISCONNECTED'] as const;

new client.Gauge({
  name: 'risala_smpp_session_state',
  help: 'SMPP sessions bound by this process: 1 for the state each connection is in',
  labelNames: ['connection', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const s of snapshots()) {
      for (const state of SESSION_STATES) this.set({ connection: String(s.connection), state }, s.state === state ? 1 : 0);
    }
  },
});
new client.Gauge({
  name: 'risala_smpp_window_in_flight',
  help: 'SMPP parts submitted and not yet answered, per connection',
  labelNames: ['connection'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const s of snapshots()) this.set({ connection: String(s.connection) }, s.inFlight);
  },
});
new client.Gauge({
  name: 'risala_smpp_window_size',
  help: 'The SMPP window of each connection (parts submitted without an answer, at most)',
  labelNames: ['connection'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const s of snapshots()) this.set({ connection: String(s.connection) }, s.window);
  },
});
const throttledSeen = new WeakMap<object, number>();
new client.Counter({
  name: 'risala_smpp_throttled_total',
  help: 'ESME_RTHROTTLED answers from the SMSC, per connection',
  labelNames: ['connection'] as const,
  registers: [registry],
  collect() {
    for (const s of snapshots()) {
      const delta = s.throttled - (throttledSeen.get(s.session) ?? 0);
      throttledSeen.set(s.session, s.throttled);
      if (delta > 0) this.inc({ connection: String(s.connection) }, delta);
    }
  },
});

/** Webhook routes and the source they count as. */
const WEBHOOK_ROUTES: [prefix: string, source: string][] = [
  ['/webhooks/whatsapp', 'whatsapp'],
  ['/webhooks/http-dlr', 'http_dlr'],
  ['/api/sender-management/email/webhook-events', 'sendgrid'],
];

/**
 * Records each request's duration (and webhooks by source) and serves Prometheus text at GET
 * /metrics: behind METRICS_TOKEN when set; in production without it, to this machine only unless
 * METRICS_PUBLIC=true (`operatorGuard`).
 */
export function registerMetrics(app: FastifyInstance, config: Pick<Config, 'metricsToken' | 'metricsPublic' | 'production'>) {
  collectProcessMetrics();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (request.method === 'POST') {
      const source = WEBHOOK_ROUTES.find(([prefix]) => route.startsWith(prefix))?.[1];
      if (source) {
        const outcome = reply.statusCode < 300 ? 'accepted' : reply.statusCode < 500 ? 'refused' : 'failed';
        webhooksTotal.inc({ source, outcome });
      }
    }
  });
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics (METRICS_TOKEN)',
        response: { 200: textResponse('text/plain', 'The Prometheus text format') },
      },
      onRequest: operatorGuard({
        token: config.metricsToken,
        open: config.metricsPublic,
        production: config.production,
        challenge: 'Bearer realm="metrics"',
      }),
    },
    async (_req, reply) => {
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    },
  );
}
