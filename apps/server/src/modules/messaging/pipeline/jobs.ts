/**
 * The pipeline's queues as graphile-worker tasks. Every job carries a chunk of message ids (at most
 * CHUNK), never one message: 100,000 messages are 100 jobs per stage.
 */
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { enqueue } from '../../../jobs/queue.ts';
import { CHUNK } from '../../../jobs/registry.ts';

export { CHUNK };

/** The pipeline's stages that work on chunks of message ids. */
export type ChunkTask = 'messages_route' | 'messages_channel_send';

/**
 * The router's decisions for a chunk's SMS, as parallel arrays (index i is message ids[i]); the
 * filter stage writes them with the QUEUED state in one update, in the router's job.
 */
export interface RouteDecisions {
  ids: number[];
  router_ids: (number | null)[];
  /** the route's connections in failover order; the first is the one to use */
  connections: number[][];
  costs: (string | null)[];
  parts: number[];
  encodings: (string | null)[];
  /** plugin rewrites (URL shortener, sender override): null where nothing changed */
  bodies: (string | null)[];
  senders: (string | null)[];
  sender_set: boolean[];
}

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Queue one job per chunk of ids, in `tx` (committed with the rows that need them). */
export async function queueChunks(
  ctx: AppContext,
  tx: DbOrTx,
  task: ChunkTask,
  ids: number[],
  opts: { runAt?: Date; attempt?: number } = {},
) {
  for (const part of chunks(ids)) {
    const payload = task === 'messages_channel_send' && opts.attempt ? { ids: part, attempt: opts.attempt } : { ids: part };
    await enqueue(ctx.db.$client, tx, task, payload, { maxAttempts: 5, ...(opts.runAt ? { runAt: opts.runAt } : {}) });
  }
}
