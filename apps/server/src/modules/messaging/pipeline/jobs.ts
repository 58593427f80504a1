/**
 * The pipeline's queues as graphile-worker tasks. Every job carries a chunk of message ids (at most
 * CHUNK), never one message: 100,000 messages are 100 jobs per stage.
 */
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { enqueue } from '../../../jobs/queue.ts';

export const CHUNK = 1000;

export const TASKS = {
  route: 'messages_route',
  filter: 'messages_filter',
  channelSend: 'messages_channel_send',
  release: 'messages_release',
  maintenance: 'messages_maintenance',
} as const;

/**
 * Later stages first (graphile runs lower numbers first): a chunk routed moves on to the filter and
 * to sending before the next chunk is routed, so a million queued messages flow through the stages
 * instead of the router queue draining whole before anything is sent. Campaign expansion (-10)
 * still comes before all of them.
 */
export const PRIORITY: Record<string, number> = { [TASKS.route]: 0, [TASKS.filter]: -1, [TASKS.channelSend]: -2 };

export interface ChunkPayload {
  ids: number[];
  /** messages_channel_send: the attempt of this chunk (retries back off) */
  attempt?: number;
  /** messages_filter: what the router decided for the chunk's SMS (route-stage.ts) */
  routes?: RouteDecisions;
}

/**
 * The router's decisions for a chunk's SMS, as parallel arrays (index i is message ids[i]); the
 * filter stage writes them with the QUEUED state in one update (in the router's job; a
 * `messages_filter` job queued by an earlier version carries them in its payload).
 */
export interface RouteDecisions {
  ids: number[];
  router_ids: (number | null)[];
  /** the route's connections in failover order; the first is the one to use */
  connections: number[][];
  costs: string[];
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
export async function queueChunks(ctx: AppContext, tx: DbOrTx, task: string, ids: number[], opts: { runAt?: Date; attempt?: number } = {}) {
  for (const part of chunks(ids)) {
    const payload: ChunkPayload = opts.attempt ? { ids: part, attempt: opts.attempt } : { ids: part };
    await enqueue(ctx.db.$client, tx, task, payload, { maxAttempts: 5, priority: PRIORITY[task] ?? 0, ...(opts.runAt ? { runAt: opts.runAt } : {}) });
  }
}
