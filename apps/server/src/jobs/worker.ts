import { EventEmitter } from 'node:events';
import { Logger, type Runner, run, type TaskList, type WorkerEvents } from 'graphile-worker';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../context.ts';
import { guardPool } from '../db/client.ts';
import { jobsTotal } from '../metrics.ts';
import { purgeExpired } from '../modules/auth/index.ts';
import { customersImportJobs } from '../modules/customers/index.ts';
import { pipelineJobs } from '../modules/messaging/index.ts';
import { campaignJobs } from '../modules/campaigns/index.ts';
import { webhookJobs } from '../modules/webhooks/index.ts';
import { billingJobs } from '../modules/billing/index.ts';
import { JOBS, type JobHandlers, type JobName } from './registry.ts';
import { type Liveness, startLiveness } from './liveness.ts';
import { startRollupFolder } from '../modules/analytics/index.ts';
import { startNotificationMailer } from '../modules/notifications/index.ts';

/**
 * Every job of jobs/registry.ts with its module's handler; each payload is validated first (a
 * payload that does not parse fails the job with the schema's message, never runs the handler).
 */
export function taskList(ctx: AppContext): TaskList {
  const handlers: JobHandlers = {
    auth_purge_expired: () => purgeExpired(ctx.db),
    // customers and blacklist imports:
    ...customersImportJobs(ctx),
    // the sending pipeline (router and filter, email/WhatsApp send, scheduled release, upkeep):
    ...pipelineJobs(ctx),
    // campaigns (batch start, audience expansion, completion / A/B check):
    ...campaignJobs(ctx),
    // webhooks out (signed deliveries, retries, the minute sweep):
    ...webhookJobs(ctx),
    // billing (renewals at period end, due reminders, suspension for an overdue debt):
    ...billingJobs(ctx),
  };
  const list: TaskList = {};
  for (const name of Object.keys(JOBS) as JobName[]) {
    const handler = handlers[name] as ((payload: unknown) => Promise<unknown>) | undefined;
    if (!handler) throw new Error(`job ${name} has no handler`);
    list[name] = async (payload) => {
      const parsed = JOBS[name].safeParse(payload);
      if (!parsed.success) throw new Error(`job ${name}: invalid payload: ${parsed.error.message}`);
      await handler(parsed.data);
    };
  }
  return list;
}

/** A running graphile-worker, the pools it created and the session that tells others they live. */
interface Launched {
  runner: Runner;
  poolIds: string[];
  liveness: Liveness;
}

/**
 * The job worker (graphile-worker, jobs in the same PostgreSQL). Each task is `{ name → handler }`;
 * later capabilities add their queues here.
 */
export async function startWorker(ctx: AppContext, connectionString: string): Promise<Runner> {
  return (await launchWorker(ctx, connectionString)).runner;
}

async function launchWorker(ctx: AppContext, connectionString: string, onDatabaseBack?: () => void): Promise<Launched> {
  // jobs of a worker that died (SIGKILL, crash) come back within seconds: jobs/liveness.ts
  const liveness = await startLiveness(connectionString, ctx.log, onDatabaseBack);
  const events: WorkerEvents = new EventEmitter();
  const held: Promise<void>[] = [];
  const poolIds: string[] = [];
  events.on('pool:create', ({ workerPool }) => {
    poolIds.push(workerPool.id);
    held.push(liveness.hold(workerPool.id));
  });
  events.on('job:success', ({ job }) => jobsTotal.inc({ task: job.task_identifier, outcome: 'success' }));
  // every failed attempt is an error; the last one (no attempts left) also counts as failed
  events.on('job:error', ({ job }) => jobsTotal.inc({ task: job.task_identifier, outcome: 'error' }));
  events.on('job:failed', ({ job }) => jobsTotal.inc({ task: job.task_identifier, outcome: 'failed' }));
  // our own pool, guarded: graphile-worker's would crash the process when the database restarts
  const pgPool = guardPool(new pg.Pool({ connectionString, max: 10 }), (err) => ctx.log.warn({ err }, 'worker pool: connection lost'));
  const runner = await run({
    pgPool,
    events,
    concurrency: 4,
    noHandleSignals: true,
    pollInterval: 1000,
    // the pipeline's jobs come in bursts of chunk jobs: fetch a batch at once, complete without waiting (STACK-NOTES)
    preset: { worker: { localQueue: { size: 100 }, completeJobBatchDelay: 0 } },
    logger: new Logger((scope) => (level, message, meta) => {
      const fn = level === 'error' ? 'error' : level === 'warning' ? 'warn' : 'debug';
      ctx.log[fn]({ worker: scope, ...meta }, message);
    }),
    taskList: taskList(ctx),
    crontab:
      '17 * * * * auth_purge_expired\n41 3 * * * messages_maintenance\n23 * * * * messages_retention\n* * * * * webhooks_sweep\n7 * * * * billing_renew\n27 * * * * billing_dues\n* * * * * credits_sweep',
  });
  await Promise.all(held);
  liveness.recover().catch((err) => ctx.log.error({ err }, 'worker liveness check failed'));
  // the dashboard's rollups: deltas folded every second (modules/analytics), for as long as this worker runs
  const folder = startRollupFolder(ctx);
  // notifications whose type is on by email are mailed from here, in the recipient's language
  const mailer = startNotificationMailer(ctx);
  runner.promise.finally(() => Promise.all([liveness.close(), folder.stop(), mailer.stop(), pgPool.end().catch(() => {})])).catch(() => {});
  return { runner, poolIds, liveness };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** waits before starting a worker again after it stopped on its own (growing, capped) */
const RESTART_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * The job worker of a long-running process, kept running. graphile-worker shuts a pool down when
 * it cannot record a job's outcome ("queue is in an inconsistent state") — a database restart does
 * that, or leaves a pool whose jobs were fetched but whose outcomes were lost — and the queue would
 * wait for a process restart or the 4-hour lock expiry. So: a worker that stops on its own is
 * started again, and when the database comes back after a loss the worker is replaced. A retired
 * worker's jobs are freed at once (handlers are idempotent: a job run twice is safe).
 */
export interface SupervisedWorker {
  ready: Promise<void>;
  /** a graphile-worker is running now (false while it is being replaced or restarted) */
  running(): boolean;
  stop(): Promise<void>;
}

export function superviseWorker(
  ctx: AppContext,
  connectionString: string,
  onChange: (running: boolean) => void = () => {},
): SupervisedWorker {
  let current: Launched | null = null;
  let stopping = false;
  let replacing = false;
  let failures = 0;
  const set = (w: Launched | null) => {
    const was = current !== null;
    current = w;
    if (was !== (w !== null)) onChange(w !== null);
  };

  const retire = async (w: Launched) => {
    await Promise.race([w.runner.stop().catch(() => {}), sleep(10_000)]);
    await w.liveness.close().catch(() => {});
    await ctx.db
      .execute(sql`select graphile_worker.force_unlock_workers(${w.poolIds}::text[])`)
      .catch((err) => ctx.log.error({ err }, 'could not free the jobs of a retired worker'));
  };

  const launch = async (): Promise<void> => {
    if (stopping) return;
    try {
      const w = await launchWorker(ctx, connectionString, () => void replace('the database connection came back'));
      set(w);
      failures = 0;
      w.runner.promise
        .catch((err) => ctx.log.error({ err }, 'job worker failed'))
        .finally(() => {
          if (stopping || current !== w) return;
          set(null);
          ctx.log.error('job worker stopped on its own; starting it again');
          void retire(w)
            .then(() => sleep(RESTART_MS[0] as number))
            .then(launch);
        });
    } catch (err) {
      const wait = RESTART_MS[Math.min(failures++, RESTART_MS.length - 1)] as number;
      ctx.log.error({ err, retryInMs: wait }, 'job worker could not start');
      await sleep(wait);
      return launch();
    }
  };

  const replace = async (why: string) => {
    if (stopping || replacing || !current) return;
    replacing = true;
    const old = current;
    set(null);
    ctx.log.warn({ why }, 'replacing the job worker');
    try {
      await retire(old);
      await launch();
    } finally {
      replacing = false;
    }
  };

  const ready = launch();
  return {
    ready,
    running: () => current !== null,
    async stop() {
      stopping = true;
      await ready;
      await current?.runner.stop();
    },
  };
}
