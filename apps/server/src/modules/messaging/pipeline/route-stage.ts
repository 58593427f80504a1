/**
 * The router queue (`messages_route`): for a chunk of PENDING messages, SMS get their route — the
 * account's routing table is loaded once, chooseRoute picks the router and its connection attempts,
 * plugins (sender override, URL shortener) apply — and the cost (parts × router rate). Email and
 * WhatsApp skip routing. Everything routed moves on to the filter queue in the same transaction.
 */
import { countSms } from '@risala/shared/sms';
import { sql } from 'drizzle-orm';
import { applyPlugins, chooseRoute } from '../../../channels/sms/routing.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { urlShortenerFor } from '../../routing/plugins.service.ts';
import { loadRoutingTable } from '../../routing/routing-table.ts';
import { queueChunks, TASKS } from './jobs.ts';
import { type Refusal, reason, refuse, type StageRow, stageTx } from './stage-repo.ts';

interface RouteRow extends StageRow {
  user_id: number | null;
  recipient: string;
  sender: string | null;
  body: string;
  parts: number;
}

interface Routed {
  id: number;
  router_id: number | null;
  route: number[];
  connection_id: number | null;
  cost: string;
  body: string;
  sender: string | null;
  parts: number;
  encoding: string | null;
}

export async function routeChunk(ctx: AppContext, ids: number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
      await stageTx(tx);
    const { rows } = await tx.execute<RouteRow & Record<string, unknown>>(sql`
      select id, account_id, user_id, channel, bulk_id, credits, recipient, sender, body, parts from messages
       where id = any(${sql.param(ids)}::bigint[]) and stage = 'route' and status = 'PENDING'
       order by id for update skip locked`);
    if (rows.length === 0) return;
    const routed: Routed[] = [];
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
      const route = [first, ...choice.connectionIds.filter((id) => id !== first)];
      routed.push({
        id: r.id,
        router_id: choice.router.id,
        route,
        connection_id: first,
        cost: (count.parts * Number(choice.router.rate ?? 0)).toFixed(5),
        body,
        sender,
        parts: count.parts,
        encoding: count.encoding,
      });
    }

    if (routed.length > 0) {
      await tx.execute(sql`
        update messages m set stage = 'filter', router_id = v.router_id, route_connection_ids = v.route::int[], connection_id = v.conn,
               attempt = 0, cost = v.cost::numeric, body = v.body, sender = v.sender, parts = v.parts, encoding = v.enc, updated_at = now()
          from unnest(${sql.param(routed.map((r) => r.id))}::bigint[], ${sql.param(routed.map((r) => r.router_id))}::int[],
                      ${sql.param(routed.map((r) => `{${r.route.join(',')}}`))}::text[], ${sql.param(routed.map((r) => r.connection_id))}::int[],
                      ${sql.param(routed.map((r) => r.cost))}::text[], ${sql.param(routed.map((r) => r.body))}::text[],
                      ${sql.param(routed.map((r) => r.sender))}::text[], ${sql.param(routed.map((r) => r.parts))}::int[],
                      ${sql.param(routed.map((r) => r.encoding))}::text[]) as v(id, router_id, route, conn, cost, body, sender, parts, enc)
         where m.id = v.id`);
    }
    if (others.length > 0) {
      await tx.execute(sql`update messages set stage = 'filter', updated_at = now() where id = any(${sql.param(others)}::bigint[])`);
    }
    await refuse(tx, refusals);
    await queueChunks(ctx, tx, TASKS.filter, [...routed.map((r) => r.id), ...others]);
  });
}
