/**
 * The pipeline's graphile-worker tasks (added to jobs/worker.ts's taskList): the router, filter and
 * email/WhatsApp send queues on chunks of ids, the release of scheduled sends and daily upkeep.
 */
import { sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { AppContext } from '../../../context.ts';
import { channelSendChunk } from './channel-send.ts';
import { filterChunk } from './filter-stage.ts';
import { type ChunkPayload, queueChunks, TASKS } from './jobs.ts';
import { routeChunk } from './route-stage.ts';

export interface ReleasePayload {
  account_id: number;
  bulk_id: string;
}

/** Scheduled messages of a send become PENDING and enter the router queue (cancelled ones stay). */
export async function releaseScheduled(ctx: AppContext, p: ReleasePayload): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      update messages set status = 'PENDING', stage = 'route', updated_at = now()
       where account_id = ${p.account_id} and bulk_id = ${p.bulk_id} and status = 'SCHEDULED' returning id`);
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    await queueChunks(ctx, tx, TASKS.route, ids);
    return ids.length;
  });
}

/** Daily: next months' partitions, and part keys whose receipt never came (older than 7 days). */
export async function pipelineMaintenance(ctx: AppContext) {
  await ctx.db.execute(sql`select ensure_message_partitions()`);
  await ctx.db.execute(sql`delete from sms_part_keys where created_at < now() - interval '7 days'`);
  // receipts no sent part ever matched (another system's, or of a message whose key was purged)
  await ctx.db.execute(sql`delete from sms_pending_receipts where received_at < now() - interval '7 days'`);
}

export function pipelineTasks(ctx: AppContext): Record<string, Task> {
  return {
    [TASKS.route]: async (payload) => routeChunk(ctx, (payload as ChunkPayload).ids),
    [TASKS.filter]: async (payload) => filterChunk(ctx, (payload as ChunkPayload).ids, (payload as ChunkPayload).routes),
    [TASKS.channelSend]: async (payload) => channelSendChunk(ctx, (payload as ChunkPayload).ids),
    [TASKS.release]: async (payload) => {
      await releaseScheduled(ctx, payload as ReleasePayload);
    },
    [TASKS.maintenance]: async () => pipelineMaintenance(ctx),
  };
}
