/**
 * The campaign jobs (listed in jobs/worker.ts): batch start at its time, audience
 * expansion in chunks (a core each at most), and the periodic check. Building the task list also queues a check, so a
 * restarted worker reconciles scheduled batches whose time passed while it was down.
 */
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import type { AppContext } from '../../context.ts';
import { queueTick } from './deploy.service.ts';
import type { JobHandlers } from '../../jobs/registry.ts';
import { expandChunk, startBatch } from './execution.ts';
import { campaignsTick } from './ticks.ts';

/**
 * Expansion chunks run at most one per core in a process (the worker's other slots wait): each is
 * one INSERT … SELECT that keeps a core busy, and more of them at once only contend for the same
 * index pages (5,000-row chunks on two cores: ≈ 70,000 rows/s two at a time, ≈ 50,000 four at a
 * time; docs/decisions.md "Campaign SMS rendered in SQL").
 */
const expanding = pLimit(Math.max(1, availableParallelism()));

export function campaignJobs(ctx: AppContext): JobHandlers {
  queueTick(ctx, ctx.db, 0).catch((err) => ctx.log.warn({ err }, 'campaigns: could not queue the start-up check'));
  return {
    campaign_batch_start: (p) => startBatch(ctx, p.batch),
    campaign_expand: (p) => expanding(() => expandChunk(ctx, p)),
    campaigns_tick: () => campaignsTick(ctx),
  };
}
