/**
 * The router queue (`messages_route`): for a chunk of PENDING messages, SMS get their route — the
 * account's routing table is loaded once, chooseRoute picks the router and its connection attempts,
 * plugins (sender override, URL shortener) apply — and the cost (parts × router rate). Email and
 * WhatsApp skip routing. Everything routed moves on to the filter queue in the same transaction,
 * the decisions inside the filter job (RouteDecisions): the message row is written once, with its
 * QUEUED state, by the filter stage — not once per stage (decisions.md "SMS pipeline throughput").
 * Only messages the router refuses (no route, the URL shortener failed) are written here.
 */
import { countSms } from '@risala/shared/sms';
import { sql } from 'drizzle-orm';
import { applyPlugins, chooseRoute } from '../../../channels/sms/routing.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { urlShortenerFor } from '../../routing/plugins.service.ts';
import { loadRoutingTable } from '../../routing/routing-table.ts';
import { enqueue } from '../../../jobs/queue.ts';
import { type ChunkPayload, PRIORITY, type RouteDecisions, TASKS } from './jobs.ts';
import { type Refusal, reason, refuse, type StageRow, stageTx } from './stage-repo.ts';

interface RouteRow extends StageRow {
  user_id: number | null;
  recipient: string;
  sender: string | null;
  body: string;
  parts: number;
}

export async function routeChunk(ctx: AppContext, ids: number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await stageTx(tx);
    // no row locks: nothing is written to these rows here, and the filter stage re-checks their
    // state under its own lock (a second run of this job, or a pause meanwhile, changes nothing)
    const { rows } = await tx.execute<RouteRow & Record<string, unknown>>(sql`
      select id, account_id, user_id, channel, bulk_id, credits, recipient, sender, body, parts from messages
       where id = any(${sql.param(ids)}::bigint[]) and stage = 'route' and status = 'PENDING'
       order by id`);
    if (rows.length === 0) return;
    const routed: RouteDecisions = { ids: [], router_ids: [], connections: [], costs: [], parts: [], encodings: [], bodies: [], senders: [], sender_set: [] };
    const refusals: Refusal[] = [];
    const others: number[] = [];
    const sms = rows.filter((r) => r.channel === 'sms');
    for (const r of rows) if (r.channel !== 'sms') others.push(r.id);

    const accounts = [...new Set(sms.map((r) => r.account_id))];
    const tables = new Map(await Promise.all(accounts.map(async (a) => [a, await loadRoutingTable(ctx.db, a)] as const)));
    const connectionIds = [...new Set([...tables.values()].flatMap((t) => t.routers.flatMap((r) => r.connection_ids)))];
    const { rows: conns } = await tx.execute<{ id: number; status: string }>(sql`
      select id, status from connections where id = any(${sql.param(connectionIds)}::int[])`);
    const connected = new Set(conns.filter((c) => c.status === 'CONNECTED').map((c) => c.id));
    const now = new Date();

    for (const r of sms) {
      const table = tables.get(r.account_id);
      const choice = table && chooseRoute({ destination: r.recipient, sender: r.sender, user_id: r.user_id, content: r.body }, table.routers, table.rules, now, table.timezone, Math.random, table.plugins);
      if (!choice || choice.connectionIds.length === 0) {
        refusals.push({ row: r, status: 'FAILED', error_code: 'NO_ROUTE', error_message: reason('noRoute') });
        continue;
      }
      let body = r.body;
      let sender = r.sender;
      if (choice.plugins.length > 0) {
        try {
          const out = await applyPlugins({ destination: r.recipient, sender: r.sender, content: r.body }, choice.plugins, urlShortenerFor(ctx, r.account_id));
          body = out.content;
          sender = out.sender ?? null;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          refusals.push({ row: r, status: 'FAILED', error_code: 'URL_SHORTENING_FAILED', error_message: reason('urlShorteningFailed') });
          continue;
        }
      }
      const count = countSms(body);
      const first = choice.connectionIds.find((id) => connected.has(id)) ?? (choice.connectionIds[0] as number);
      routed.ids.push(r.id);
      routed.router_ids.push(choice.router.id);
      routed.connections.push([first, ...choice.connectionIds.filter((id) => id !== first)]);
      routed.costs.push((count.parts * Number(choice.router.rate ?? 0)).toFixed(5));
      routed.parts.push(count.parts);
      routed.encodings.push(count.encoding);
      routed.bodies.push(body === r.body ? null : body);
      routed.senders.push(sender === r.sender ? null : sender);
      routed.sender_set.push(sender !== r.sender);
    }

    await refuse(tx, refusals);
    // one filter job for the chunk (≤ CHUNK ids): the SMS with their decisions, then email/WhatsApp
    if (routed.ids.length + others.length > 0) {
      const payload: ChunkPayload = { ids: [...routed.ids, ...others], ...(routed.ids.length > 0 ? { routes: routed } : {}) };
      await enqueue(ctx.db.$client, tx, TASKS.filter, payload, { maxAttempts: 5, priority: PRIORITY[TASKS.filter] });
    }
  });
}
