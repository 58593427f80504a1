/**
 * The campaign jobs (added to jobs/worker.ts's taskList): batch start at its time, audience
 * expansion in chunks, and the periodic check. Building the task list also queues a check, so a
 * restarted worker reconciles scheduled batches whose time passed while it was down.
 */
import type { Task } from 'graphile-worker';
import type { AppContext } from '../../context.ts';
import { CAMPAIGN_TASKS, queueTick } from './deploy.service.ts';
import { type ExpandPayload, expandChunk, startBatch } from './execution.ts';
import { campaignsTick } from './ticks.ts';

export function campaignTasks(ctx: AppContext): Record<string, Task> {
  queueTick(ctx, ctx.db, 0).catch((err) => ctx.log.warn({ err }, 'campaigns: could not queue the start-up check'));
  return {
    [CAMPAIGN_TASKS.start]: async (payload) => {
      await startBatch(ctx, (payload as { batch: number }).batch);
    },
    [CAMPAIGN_TASKS.expand]: async (payload) => expandChunk(ctx, payload as ExpandPayload),
    [CAMPAIGN_TASKS.tick]: async () => campaignsTick(ctx),
  };
}
