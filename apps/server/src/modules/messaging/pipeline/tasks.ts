/**
 * The pipeline's jobs (listed in jobs/worker.ts): the router (with the filter) and the email/WhatsApp
 * send queues on chunks of ids, the release of scheduled sends and daily upkeep.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { channelSendChunk } from './channel-send.ts';
import type { JobHandlers, JobPayload } from '../../../jobs/registry.ts';
import { releaseScheduledSend } from '../states/index.ts';
import { releaseStaleHolds } from './credits.ts';
import { queueChunks } from './jobs.ts';
import { applyRetention } from '../retention.ts';
import { routeChunk } from './route-stage.ts';

export type ReleasePayload = JobPayload<'messages_release'>;

/** Scheduled messages of a send become PENDING and enter the router queue (cancelled ones stay). */
export async function releaseScheduled(ctx: AppContext, p: ReleasePayload): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const ids = await releaseScheduledSend(tx, p.account_id, p.bulk_id);
    await queueChunks(ctx, tx, 'messages_route', ids);
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

/** The pipeline's jobs (jobs/registry.ts), each given its validated payload. */
export function pipelineJobs(ctx: AppContext): JobHandlers {
  return {
    messages_route: (p) => routeChunk(ctx, p.ids),
    messages_channel_send: (p) => channelSendChunk(ctx, p.ids),
    messages_release: (p) => releaseScheduled(ctx, p),
    messages_maintenance: () => pipelineMaintenance(ctx),
    messages_retention: async () => {
      await applyRetention(ctx);
    },
    credits_sweep: () => releaseStaleHolds(ctx.db),
  };
}
