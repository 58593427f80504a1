import { EventEmitter } from 'node:events';
import { Logger, type Runner, run, type WorkerEvents } from 'graphile-worker';
import type { AppContext } from '../context.ts';
import { purgeExpired } from '../modules/auth/auth.service.ts';
import { customersImportTask } from '../modules/customers/import/import.task.ts';
import { pipelineTasks } from '../modules/messaging/pipeline/tasks.ts';
import { campaignTasks } from '../modules/campaigns/tasks.ts';
import { startLiveness } from './liveness.ts';

/**
 * The job worker (graphile-worker, jobs in the same PostgreSQL). Each task is `{ name → handler }`;
 * later capabilities add their queues here.
 */
export async function startWorker(ctx: AppContext, connectionString: string): Promise<Runner> {
  // jobs of a worker that died (SIGKILL, crash) come back within seconds: jobs/liveness.ts
  const liveness = await startLiveness(connectionString, ctx.log);
  const events: WorkerEvents = new EventEmitter();
  const held: Promise<void>[] = [];
  events.on('pool:create', ({ workerPool }) => {
    held.push(liveness.hold(workerPool.id));
  });
  const runner = await run({
    connectionString,
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
    taskList: {
      auth_purge_expired: async () => {
        await purgeExpired(ctx.db);
      },
      // customers and blacklist imports:
      customers_import: customersImportTask(ctx),
      // the sending pipeline (router, filter, email/WhatsApp send, scheduled release, upkeep):
      ...pipelineTasks(ctx),
      // campaigns (batch start, audience expansion, completion / A/B check):
      ...campaignTasks(ctx),
    },
    crontab: '17 * * * * auth_purge_expired\n41 3 * * * messages_maintenance',
  });
  await Promise.all(held);
  liveness.recover().catch((err) => ctx.log.error({ err }, 'worker liveness check failed'));
  runner.promise.finally(() => liveness.close()).catch(() => {});
  return runner;
}
