/**
 * The campaign jobs (added to jobs/worker.ts's taskList): batch start at its time, audience
 * expansion in chunks (a core each at most), and the periodic check. Building the task list also queues a check, so a
 * restarted worker reconciles scheduled batches whose time passed while it was down.
 */
import { availableParallelism } from 'node:os';
import type { Task } from 'graphile-worker';
import pLimit from 'p-limit';
import type { AppContext } from '../../context.ts';
import { CAMPAIGN_TASKS, queueTick } from './deploy.service.ts';
import { type ExpandPayload, expandChunk, startBatch } from './execution.ts';
import { campaignsTick } from './ticks.ts';

/**
 * Expansion chunks run at most one per core in a process (the worker's other slots wait): each is
 * one INSERT … SELECT that keeps a core busy, and more of them at once only contend for the same
 * index pages (5,000-row chunks on two cores: ≈ 70,000 rows/s two at a time, ≈ 50,000 four at a
 * time; docs/decisions.md "Campaign SMS rendered in SQL").
 */
const expanding = pLimit(Math.max(1, availableParallelism()));

export function campaignTasks(ctx: AppContext): Record<string, Task> {
  queueTick(ctx, ctx.db, 0).catch((err) => ctx.log.warn({ err }, 'campaigns: could not queue the start-up check'));
  return {
    [CAMPAIGN_TASKS.start]: async (payload) => {
      await startBatch(ctx, (payload as { batch: number }).batch);
    },
    [CAMPAIGN_TASKS.expand]: async (payload) => expanding(() => expandChunk(ctx, payload as ExpandPayload)),
    [CAMPAIGN_TASKS.tick]: async () => campaignsTick(ctx),
  };
}
