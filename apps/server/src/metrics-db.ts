/**
 * Gauges read from the database: the pipeline's queues (graphile-worker jobs per stage, the SMS
 * connection queue per connection) and the live processes. Every process reports the same values
 * (dashboards take the max). They are read at most every 10 s however often Prometheus scrapes, in
 * one round trip, and never from `messages`: the job table holds chunks (≤ 1,000 ids each) and the
 * connection queue is one narrow row per waiting SMS.
 */
import client from 'prom-client';
import type pg from 'pg';
import { INSTANCE_LOCK_SPACE } from './instances/registry.ts';
import { lockHeldSql } from './lib/lock-session.ts';
import { registry } from './metrics.ts';

const CACHE_MS = 10_000;

/** graphile-worker task → the pipeline stage it is (the spec's router, filter and connection queues). */
export const STAGE_OF_TASK: Record<string, string> = {
  campaign_expand: 'expand',
  messages_route: 'route', // router and filter, in one job
  messages_filter: 'route', // left by an earlier version
  messages_channel_send: 'channel_send',
  messages_release: 'scheduled',
};

const STAGES = [...new Set([...Object.values(STAGE_OF_TASK), 'connection'])];

interface Snapshot {
  jobs: { task: string; waiting: number; running: number; failed: number; messages: number; oldest_s: number | null }[];
  sms: { connection: number; waiting: number; in_flight: number; oldest_s: number | null }[];
  instances: { role: string; n: number }[];
}

const SNAPSHOT_SQL = `
  select
    (select coalesce(json_agg(j), '[]') from (
       select t.identifier as task,
              count(*) filter (where j.locked_at is null and j.attempts < j.max_attempts and j.run_at <= now())::int as waiting,
              count(*) filter (where j.locked_at is not null)::int as running,
              count(*) filter (where j.attempts >= j.max_attempts)::int as failed,
              coalesce(sum(case when j.locked_at is null and j.attempts < j.max_attempts and j.run_at <= now()
                                then json_array_length(case when json_typeof(j.payload->'ids') = 'array' then j.payload->'ids' else '[]' end) end), 0)::int as messages,
              extract(epoch from now() - min(j.run_at) filter (where j.locked_at is null and j.attempts < j.max_attempts and j.run_at <= now()))::float8 as oldest_s
         from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        group by t.identifier) j) as jobs,
    (select coalesce(json_agg(q), '[]') from (
       select connection_id as connection, count(*) filter (where not inflight)::int as waiting, count(*) filter (where inflight)::int as in_flight,
              extract(epoch from now() - min(message_created_at) filter (where not inflight))::float8 as oldest_s
         from sms_queue group by connection_id) q) as sms,
    (select coalesce(json_agg(i), '[]') from (
       select role, count(*)::int as n from instances i where ${lockHeldSql(INSTANCE_LOCK_SPACE, 'i.id')} group by role) i) as instances`;

/** Registers the database gauges on the process's registry (main.ts; once per process). */
export function registerDatabaseMetrics(pool: pg.Pool) {
  let cached: { at: number; value: Promise<Snapshot | null> } | null = null;
  const snapshot = () => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      cached = {
        at: Date.now(),
        // the job tables appear with the first worker: until then (or while the database is away) nothing is reported
        value: pool.query<Snapshot>(SNAPSHOT_SQL).then(
          (r) => r.rows[0] ?? null,
          () => null,
        ),
      };
    }
    return cached.value;
  };

  new client.Gauge({
    name: 'risala_queue_depth',
    help: 'Messages waiting per pipeline stage (route: router and filter; connection: the SMS connection queue; channel_send: email and WhatsApp), or jobs for stages that are not per message (expand, scheduled)',
    labelNames: ['stage'] as const,
    registers: [registry],
    async collect() {
      const s = await snapshot();
      this.reset();
      if (!s) return;
      const depth = new Map<string, number>(STAGES.map((stage) => [stage, 0]));
      for (const j of s.jobs) {
        const stage = STAGE_OF_TASK[j.task];
        if (stage) depth.set(stage, (depth.get(stage) ?? 0) + (j.messages || j.waiting));
      }
      depth.set(
        'connection',
        s.sms.reduce((a, q) => a + q.waiting, 0),
      );
      for (const [stage, n] of depth) this.set({ stage }, n);
    },
  });
  new client.Gauge({
    name: 'risala_queue_oldest_seconds',
    help: 'Age of the oldest item waiting per pipeline stage (a job: since it was due; the connection queue: since the message was created)',
    labelNames: ['stage'] as const,
    registers: [registry],
    async collect() {
      const s = await snapshot();
      this.reset();
      if (!s) return;
      const oldest = new Map<string, number>(STAGES.map((stage) => [stage, 0]));
      for (const j of s.jobs) {
        const stage = STAGE_OF_TASK[j.task];
        if (stage) oldest.set(stage, Math.max(oldest.get(stage) ?? 0, j.oldest_s ?? 0));
      }
      oldest.set('connection', Math.max(0, ...s.sms.map((q) => q.oldest_s ?? 0)));
      for (const [stage, seconds] of oldest) this.set({ stage }, seconds);
    },
  });
  new client.Gauge({
    name: 'risala_jobs',
    help: 'Jobs in the queue by task and state (waiting: due and free; running: taken by a worker; failed: out of attempts, kept for inspection)',
    labelNames: ['task', 'state'] as const,
    registers: [registry],
    async collect() {
      const s = await snapshot();
      this.reset();
      for (const j of s?.jobs ?? []) {
        this.set({ task: j.task, state: 'waiting' }, j.waiting);
        this.set({ task: j.task, state: 'running' }, j.running);
        this.set({ task: j.task, state: 'failed' }, j.failed);
      }
    },
  });
  new client.Gauge({
    name: 'risala_sms_queue',
    help: 'The SMS connection queue per connection: waiting, or in flight (claimed by its sender)',
    labelNames: ['connection', 'state'] as const,
    registers: [registry],
    async collect() {
      const s = await snapshot();
      this.reset();
      for (const q of s?.sms ?? []) {
        this.set({ connection: String(q.connection), state: 'waiting' }, q.waiting);
        this.set({ connection: String(q.connection), state: 'in_flight' }, q.in_flight);
      }
    },
  });
  new client.Gauge({
    name: 'risala_instances',
    help: 'Live Risala processes on this database, by role',
    labelNames: ['role'] as const,
    registers: [registry],
    async collect() {
      const s = await snapshot();
      this.reset();
      for (const r of s?.instances ?? []) this.set({ role: r.role }, r.n);
    },
  });
}
