/**
 * The filter step: MT blacklists (numbers, prefixes, keywords → BLOCKED with the list's name) and
 * the customer's consent for the channel (→ NOT_ALLOWED), loaded once per chunk. The rest become
 * QUEUED in the connection queue — SMS with the router's decisions (RouteDecisions: one update
 * writes both) — SMS enter `sms_queue` and wait for their connection's sender (woken by NOTIFY
 * after commit), email and WhatsApp go to a `messages_channel_send` chunk job. The router's job
 * runs this on the rows it read (route-stage.ts).
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { loadBlacklistMatcher } from './blacklist-memo.ts';
import { queueChunks, type RouteDecisions } from './jobs.ts';
import { queueSms } from './sms-queue.ts';
import { reason } from './reason.ts';
import { markQueued, markQueuedRouted, type Refusal, type RoutedSms, refuse, type StageRow } from '../states/index.ts';
import { countMessageRows } from '../../../metrics.ts';
import { CONSENT } from '../recipients.ts';

interface FilterRow extends StageRow {
  created_at: string;
  recipient: string;
  body: string;
  subject: string | null;
  customer_id: number | null;
  /** set only on rows an earlier version routed (stage `filter`) */
  connection_id: number | null;
}

/** The columns the router and filter stages read of a message (selectStageRows). */
export interface StageMessage extends FilterRow {
  user_id: number | null;
  sender: string | null;
  parts: number;
}

/**
 * The chunk's messages still waiting for the router or filter queue, locked (`skip locked`: a pause
 * or cancel holding some of them wins, and a second run of the same job finds nothing to do).
 */
export async function selectStageRows(tx: DbOrTx, ids: number[]): Promise<StageMessage[]> {
  const { rows } = await tx.execute<StageMessage & Record<string, unknown>>(sql`
    select id, created_at::text as created_at, account_id, user_id, channel, bulk_id, credits, recipient, sender, body, parts, subject,
           customer_id, connection_id
      from messages
     where id = any(${sql.param(ids)}::bigint[]) and stage in ('route', 'filter') and status = 'PENDING'
     order by id for update skip locked`);
  return rows;
}

/**
 * The filter step on locked rows (from selectStageRows), inside the caller's transaction: SMS with
 * the router's decisions (RouteDecisions) are written QUEUED with them in one update.
 */
export async function filterRows(ctx: AppContext, tx: DbOrTx, found: FilterRow[], routes?: RouteDecisions): Promise<void> {
  // the router's decisions (SMS): the rewritten body is what the blacklists' keywords see. An SMS
  // with neither a decision nor a connection goes back to the router queue.
  const routeOf = new Map((routes?.ids ?? []).map((id, i) => [id, i]));
  const unrouted = new Set(found.filter((r) => r.channel === 'sms' && !routeOf.has(r.id) && r.connection_id == null).map((r) => r.id));
  await queueChunks(ctx, tx, 'messages_route', [...unrouted]);
  const rows = found.filter((r) => !unrouted.has(r.id));
  if (rows.length === 0) return;
  for (const r of rows) {
    const i = routeOf.get(r.id);
    if (i !== undefined && routes?.bodies[i] != null) r.body = routes.bodies[i] as string;
  }
  const refusals: Refusal[] = [];
  const byAccount = new Map<number, FilterRow[]>();
  for (const r of rows) {
    const list = byAccount.get(r.account_id);
    if (list) list.push(r);
    else byAccount.set(r.account_id, [r]);
  }

  const customerIds = [...new Set(rows.map((r) => r.customer_id).filter((c): c is number => c != null))];
  const { rows: consentRows } = customerIds.length
    ? await tx.execute<{ id: number; consent_sms: boolean; consent_email: boolean; consent_whatsapp: boolean }>(sql`
        select id, consent_sms, consent_email, consent_whatsapp from customers where id = any(${sql.param(customerIds)}::bigint[])`)
    : { rows: [] };
  const consent = new Map(consentRows.map((c) => [Number(c.id), c as unknown as Record<string, boolean>]));

  const refused = new Set<number>();
  for (const [accountId, list] of byAccount) {
    const numbers = list.filter((r) => r.channel !== 'email').map((r) => r.recipient);
    const blocking = await loadBlacklistMatcher(tx, accountId, 'MT', numbers);
    for (const r of list) {
      const list = blocking(r.channel === 'email' ? null : r.recipient, [r.subject, r.body].filter(Boolean).join(' '));
      if (list) {
        refusals.push({
          row: r,
          status: 'BLOCKED',
          error_code: 'BLACKLISTED',
          error_message: reason('blocked', { list }),
          blocked_by: list,
        });
      } else if (r.customer_id != null && !consent.get(Number(r.customer_id))?.[CONSENT[r.channel as keyof typeof CONSENT]]) {
        refusals.push({ row: r, status: 'NOT_ALLOWED', error_code: 'NO_CONSENT', error_message: reason('noConsent') });
      } else continue;
      refused.add(r.id);
    }
  }
  await refuse(tx, refusals);
  const queued = rows.filter((r) => !refused.has(r.id));
  if (queued.length === 0) return;
  countMessageRows(queued, 'QUEUED');
  const sms = routes ? queued.flatMap((r) => (routeOf.has(r.id) ? [[r, routeOf.get(r.id) as number] as const] : [])) : [];
  const smsIds = new Set(sms.map(([r]) => r.id));
  const plain = queued.filter((r) => !smsIds.has(r.id)).map((r) => r.id);
  await markQueued(tx, plain);
  if (routes && sms.length > 0) {
    const decided: RoutedSms[] = sms.map(([r, i]) => ({
      id: r.id,
      created_at: r.created_at,
      router_id: routes.router_ids[i],
      route: routes.connections[i],
      cost: routes.costs[i] ?? null,
      parts: routes.parts[i],
      enc: routes.encodings[i],
      body: routes.bodies[i],
      sender: routes.senders[i],
      sender_set: routes.sender_set[i] as boolean,
    }));
    await markQueuedRouted(tx, decided);
  }
  await queueSms(tx, [
    ...sms.map(([r, i]) => ({ connection_id: routes?.connections[i]?.[0] as number, id: r.id, created_at: r.created_at })),
    ...queued.flatMap((r) =>
      r.channel === 'sms' && !smsIds.has(r.id) && r.connection_id != null
        ? [{ connection_id: r.connection_id, id: r.id, created_at: r.created_at }]
        : [],
    ),
  ]);
  const channelIds = queued.filter((r) => r.channel !== 'sms').map((r) => r.id);
  await queueChunks(ctx, tx, 'messages_channel_send', channelIds);
}
