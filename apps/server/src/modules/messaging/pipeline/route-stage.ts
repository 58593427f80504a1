/**
 * The router queue (`messages_route`): for a chunk of PENDING messages, SMS get their route — the
 * account's routing table is loaded once, chooseRoute picks the router and its connection attempts,
 * plugins (sender override, URL shortener) apply — and the cost (parts × router rate). Email and
 * WhatsApp skip routing. What is routed goes through the filter step (filter-stage.ts) in the same
 * job and transaction, on the rows already read and locked: the message row is written once, with
 * its QUEUED state and the router's decisions (RouteDecisions), not once per stage, and no second
 * job reads the chunk again (decisions.md "Router and filter in one job"). Messages the router
 * refuses (no route, the URL shortener failed) end here.
 */
import { countSms } from '@risala/shared/sms';
import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { applyPlugins, chooseRouteInSlices } from '../../../channels/sms/routing.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { timeSlice } from '../../../lib/time-slice.ts';
import { loadRoutingTable, urlShortenerFor } from '../../routing/index.ts';
import { filterRows, selectStageRows } from './filter-stage.ts';
import type { RouteDecisions } from './jobs.ts';
import { reason } from './reason.ts';
import { type Refusal, refuse } from '../states/index.ts';
import { stageTx } from './stage-repo.ts';

/**
 * Router jobs run one at a time in a process (the worker's other slots wait or take other jobs):
 * chunks routed one after another keep well ahead of what connections may send (at most 9,999
 * parts a second each), while several routing a big send at once took the CPU its senders needed
 * (decisions.md "One router job at a time").
 */
const routing = pLimit(1);

/**
 * A chunk is routed in slices: after this long on the CPU the loop lets other work run (HTTP,
 * receipts), so a chunk holds the event loop for one rule of one message at most, not the chunk.
 */
const SLICE_MS = 10;

export function routeChunk(ctx: AppContext, ids: number[]): Promise<void> {
  return routing(() => routeAndFilter(ctx, ids));
}

async function routeAndFilter(ctx: AppContext, ids: number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await stageTx(tx);
    const rows = await selectStageRows(tx, ids);
    if (rows.length === 0) return;
    const routed: RouteDecisions = {
      ids: [],
      router_ids: [],
      connections: [],
      costs: [],
      parts: [],
      encodings: [],
      bodies: [],
      senders: [],
      sender_set: [],
    };
    const refusals: Refusal[] = [];
    const sms = rows.filter((r) => r.channel === 'sms');

    const accounts = [...new Set(sms.map((r) => r.account_id))];
    const tables = new Map(await Promise.all(accounts.map(async (a) => [a, await loadRoutingTable(ctx.db, a)] as const)));
    const connectionIds = [...new Set([...tables.values()].flatMap((t) => t.routers.flatMap((r) => r.connection_ids)))];
    const { rows: conns } = await tx.execute<{ id: number; status: string }>(sql`
      select id, status from connections where id = any(${sql.param(connectionIds)}::int[])`);
    const connected = new Set(conns.filter((c) => c.status === 'CONNECTED').map((c) => c.id));
    const now = new Date();

    const pause = timeSlice(SLICE_MS);
    for (const r of sms) {
      const table = tables.get(r.account_id);
      const choice =
        table &&
        (await chooseRouteInSlices(
          pause,
          { destination: r.recipient, sender: r.sender, user_id: r.user_id, content: r.body },
          table.routers,
          table.rules,
          now,
          table.timezone,
          Math.random,
          table.plugins,
        ));
      if (!choice || choice.connectionIds.length === 0) {
        refusals.push({ row: r, status: 'FAILED', error_code: 'NO_ROUTE', error_message: reason('noRoute') });
        continue;
      }
      let body = r.body;
      let sender = r.sender;
      if (choice.plugins.length > 0) {
        try {
          const out = await applyPlugins(
            { destination: r.recipient, sender: r.sender, content: r.body },
            choice.plugins,
            urlShortenerFor(ctx, r.account_id),
          );
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
      // a router with a rate of its own prices the route; without one the message keeps the price
      // of its destination class set at send time (the plan's on-net/off-net/international rate)
      const rate = Number(choice.router.rate ?? 0);
      routed.costs.push(rate > 0 ? (count.parts * rate).toFixed(5) : null);
      routed.parts.push(count.parts);
      routed.encodings.push(count.encoding);
      routed.bodies.push(body === r.body ? null : body);
      routed.senders.push(sender === r.sender ? null : sender);
      routed.sender_set.push(sender !== r.sender);
    }

    await refuse(tx, refusals);
    const refused = new Set(refusals.map((r) => r.row.id));
    await filterRows(
      ctx,
      tx,
      rows.filter((r) => !refused.has(r.id)),
      routed.ids.length > 0 ? routed : undefined,
    );
  });
}
