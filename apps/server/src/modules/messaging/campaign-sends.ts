/**
 * What a campaign asks of the send pipeline, said in the campaign's words. Campaigns create their
 * messages and then hand them over, pause, resume or cancel them here; which queue the router reads,
 * how a stage's transaction is tuned and how SMS leave their connection queue stay inside messaging.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { NewMessage } from './pipeline/contracts.ts';
import { enqueueMessages } from './pipeline/enqueue.ts';
import { queueChunks } from './pipeline/jobs.ts';
import { dequeueWaiting } from './pipeline/sms-queue.ts';
import { byIndex, stageTx } from './pipeline/stage-repo.ts';
import { type CampaignScope, cancelCampaignMessages, holdCampaignMessages, releaseCampaignMessages } from './states/index.ts';

export type { CampaignScope };

/**
 * A campaign's expansion chunk starts its transaction: messages are addressed by key only, and the
 * commit need not wait for the disk, since the chunk's job expands it again if a crash loses it.
 * Call it first in the chunk's transaction.
 */
export async function beginCampaignChunk(tx: DbOrTx): Promise<void> {
  await stageTx(tx);
}

/** A campaign's rendered messages (a chunk of its audience, or a test send) inserted in `tx` and queued for the router. */
export async function enqueueCampaignChunk(ctx: AppContext, tx: DbOrTx, rows: NewMessage[]): Promise<{ count: number; ids: number[] }> {
  return enqueueMessages(ctx, tx, rows);
}

/** Messages a campaign already inserted as PENDING (PostgreSQL rendered them) handed to the router. */
export async function sendInserted(ctx: AppContext, tx: DbOrTx, ids: number[]): Promise<void> {
  await queueChunks(ctx, tx, 'messages_route', ids);
}

/**
 * A campaign's unsent messages held (SCHEDULED, no stage picks them up); SMS leave their connection
 * queue unless a sender already holds them: those go out. Answers how many were held.
 */
export async function pauseSends(tx: DbOrTx, accountId: number, scope: { campaignId: number }): Promise<number> {
  const waiting = await dequeueWaiting(tx, accountId, scope);
  return holdCampaignMessages(tx, accountId, scope.campaignId, waiting);
}

/** A paused campaign's held messages PENDING again and queued for the router. Answers how many. */
export async function resumeSends(ctx: AppContext, tx: DbOrTx, accountId: number, scope: { campaignId: number }): Promise<number> {
  const ids = await releaseCampaignMessages(tx, accountId, scope.campaignId);
  await queueChunks(ctx, tx, 'messages_route', ids);
  return ids.length;
}

/** Not-yet-sent messages of a campaign (or one batch) CANCELLED, their credits refunded. Answers how many. */
export async function cancelSends(tx: DbOrTx, accountId: number, scope: CampaignScope): Promise<number> {
  const waiting = await dequeueWaiting(tx, accountId, scope);
  return cancelCampaignMessages(tx, accountId, scope, waiting);
}

/**
 * The first message of a batch from id `fromId` on that has not left the pipeline, or null when
 * none is left. The rest of the caller's transaction keeps the stages' planner guard (key lookups
 * only), which its later reads of the batch's messages want too.
 */
export async function firstUnsentMessage(tx: DbOrTx, batchId: number, fromId: number): Promise<number | null> {
  await byIndex(tx);
  const { rows } = await tx.execute<{ id: string }>(sql`
    select id from messages where batch_id = ${batchId} and id >= ${fromId} and stage <> 'done' order by id limit 1`);
  return rows[0] ? Number(rows[0].id) : null;
}
