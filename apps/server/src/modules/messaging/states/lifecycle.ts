/**
 * Messages held, released and cancelled before they go out: a scheduled send (SCHEDULED →
 * PENDING at its time, or CANCELLED), a paused campaign (its waiting messages SCHEDULED, then
 * PENDING again on resume), a cancelled campaign or batch (what has not gone out → CANCELLED).
 * Credits of cancelled messages are refunded here, in the same transaction.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { refundMessages } from '../pipeline/credits.ts';
import { recordEvents } from './events.ts';
import { mayBecome } from './guard.ts';
import { publishStatuses } from './publish.ts';

/** A scheduled send's messages enter the pipeline; answers their ids (for the router queue). */
export async function releaseScheduledSend(tx: DbOrTx, accountId: number, bulkId: string): Promise<number[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    update messages set status = 'PENDING', stage = 'route', updated_at = now()
     where account_id = ${accountId} and bulk_id = ${bulkId} and status = 'SCHEDULED' returning id`);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** A scheduled send's messages → CANCELLED, credits back; answers how many (0: nothing was waiting). */
export async function cancelScheduledSend(tx: DbOrTx, accountId: number, bulkId: string): Promise<number> {
  const { rows } = await tx.execute<{ id: string; account_id: number; channel: string; bulk_id: string; credits: number }>(sql`
    update messages m set status = 'CANCELLED', stage = 'done', credits = 0, updated_at = now()
      from (select id, created_at, credits as old_credits from messages
             where account_id = ${accountId} and bulk_id = ${bulkId} and status = 'SCHEDULED' for update) o
     where m.id = o.id and m.created_at = o.created_at
    returning m.id, m.account_id, m.channel, m.bulk_id, o.old_credits as credits`);
  await refundMessages(tx, rows);
  await recordEvents(
    tx,
    rows.map((r) => ({ message_id: Number(r.id), account_id: r.account_id, event: 'CANCELLED' })),
  );
  await publishStatuses(
    tx,
    rows.map((r) => ({
      id: Number(r.id),
      account_id: r.account_id,
      channel: r.channel,
      status: 'CANCELLED',
      previous_status: 'SCHEDULED',
    })),
  );
  return rows.length;
}

export type CampaignScope = { campaignId: number; batchId?: undefined } | { batchId: number; campaignId?: undefined };

const scopeOf = (s: CampaignScope) => (s.batchId ? sql`batch_id = ${s.batchId}` : sql`campaign_id = ${s.campaignId as number}`);

/**
 * A paused campaign's messages that have not gone out wait as SCHEDULED: those in the router or
 * filter queue, email/WhatsApp in the connection queue, and the SMS taken out of their
 * connection's queue (`waiting`: a sender already holds the others, they go out).
 */
export async function holdCampaignMessages(tx: DbOrTx, accountId: number, campaignId: number, waiting: number[]): Promise<number> {
  const { rows } = await tx.execute<{ n: string }>(sql`
    with held as (
      update messages set status = 'SCHEDULED', stage = 'route', updated_at = now()
       where account_id = ${accountId} and campaign_id = ${campaignId} and ${mayBecome('SCHEDULED')}
         and (stage in ('route', 'filter') or (stage = 'connection' and (channel <> 'sms' or id = any(${sql.param(waiting)}::bigint[]))))
      returning 1)
    select count(*) as n from held`);
  return Number(rows[0]?.n ?? 0);
}

/** A resumed campaign's held messages enter the pipeline again; answers their ids (for the router queue). */
export async function releaseCampaignMessages(tx: DbOrTx, accountId: number, campaignId: number): Promise<number[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    update messages set status = 'PENDING', stage = 'route', updated_at = now()
     where account_id = ${accountId} and campaign_id = ${campaignId} and status = 'SCHEDULED' and stage = 'route' returning id`);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** A campaign's (or one batch's) messages that have not gone out → CANCELLED, credits back; answers how many. */
export async function cancelCampaignMessages(tx: DbOrTx, accountId: number, scope: CampaignScope, waiting: number[]): Promise<number> {
  const { rows } = await tx.execute<{
    id: string;
    old_status: string;
    account_id: number;
    channel: string;
    bulk_id: string;
    credits: number;
  }>(sql`
    update messages m set status = 'CANCELLED', stage = 'done', credits = 0, updated_at = now()
      from (select id, created_at, credits as old_credits, status as old_status from messages
             where account_id = ${accountId} and ${scopeOf(scope)} and ${mayBecome('CANCELLED')}
               and (stage in ('route', 'filter') or (stage = 'connection' and (channel <> 'sms' or id = any(${sql.param(waiting)}::bigint[]))))
             for update) o
     where m.id = o.id and m.created_at = o.created_at
    returning m.id, o.old_status, m.account_id, m.channel, m.bulk_id, o.old_credits as credits`);
  await refundMessages(tx, rows);
  await publishStatuses(
    tx,
    rows.map((r) => ({
      id: Number(r.id),
      account_id: r.account_id,
      channel: r.channel,
      status: 'CANCELLED',
      previous_status: r.old_status,
    })),
  );
  return rows.length;
}
