/**
 * Provider statuses (WhatsApp status webhooks, SendGrid events) applied to messages, in bulk,
 * matched by (channel, provider_message_id). A status only moves a message forward by rank —
 * SENT/ACCEPTED 1 < DELIVERED 2 < READ 3, FAILED 2 — and never leaves FAILED, BLOCKED,
 * NOT_ALLOWED or CANCELLED: a late "sent" never lowers DELIVERED or READ, a "failed" does not
 * override DELIVERED/READ. A late "delivered" after READ still fills delivered_at.
 */
import { MESSAGE_STATES, MESSAGE_TRANSITIONS } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { ProviderStatus } from '../pipeline/contracts.ts';
import { publishStatuses } from './publish.ts';

/** States no provider status moves (READ has no way out either, but ranks already keep it) */
const CLOSED = MESSAGE_STATES.filter((s) => MESSAGE_TRANSITIONS[s].length === 0 && s !== 'READ');

interface Changed extends Record<string, unknown> {
  id: number;
  account_id: number;
  pid: string;
  reported: ProviderStatus['status'];
  old_status: string;
  new_status: string;
  delivered_filled: boolean;
  read_filled: boolean;
  error_message: string | null;
  error_code: string | null;
}

/** One bulk UPDATE for statuses with distinct provider ids of one channel. */
export async function applyProviderRound(db: DbOrTx, channel: ProviderStatus['channel'], round: ProviderStatus[]) {
  const { rows } = await db.execute<Changed>(sql`
    with input as (
      select * from unnest(${sql.param(round.map((s) => s.provider_message_id))}::text[],
                           ${sql.param(round.map((s) => s.status))}::text[],
                           ${sql.param(round.map((s) => s.at.toISOString()))}::timestamptz[],
                           ${sql.param(round.map((s) => s.error_code ?? null))}::text[],
                           ${sql.param(round.map((s) => s.error_message ?? null))}::text[],
                           ${sql.param(round.map((s) => s.account_id ?? null))}::int[])
        as i(pid, status, at, code, msg, acct)
    ),
    prev as (
      select m.id, m.created_at, m.status as old_status, m.delivered_at as old_delivered, m.read_at as old_read, i.*,
             (case m.status when 'SENT' then 1 when 'ACCEPTED' then 1 when 'DELIVERED' then 2 when 'READ' then 3 else 0 end) as old_rank,
             (case i.status when 'SENT' then 1 when 'DELIVERED' then 2 when 'READ' then 3 when 'FAILED' then 2 end) as new_rank,
             m.status = any(${sql.param(CLOSED)}::text[]) as closed
        from messages m join input i on m.provider_message_id = i.pid
       where m.channel = ${channel} and (i.acct is null or m.account_id = i.acct)
       order by m.id
         for update of m
    ),
    upd as (
      update messages m set
        status = case when not p.closed and p.new_rank > p.old_rank then p.status else m.status end,
        stage = case when not p.closed and p.new_rank > p.old_rank then 'done' else m.stage end,
        sent_at = case when not p.closed and p.status <> 'FAILED' then coalesce(m.sent_at, p.at) else m.sent_at end,
        delivered_at = case when not p.closed and p.status in ('DELIVERED', 'READ') then coalesce(m.delivered_at, p.at) else m.delivered_at end,
        read_at = case when not p.closed and p.status = 'READ' then coalesce(m.read_at, p.at) else m.read_at end,
        failed_at = case when p.status = 'FAILED' and not p.closed and p.old_rank < 2 then p.at else m.failed_at end,
        error_code = case when p.status = 'FAILED' and not p.closed and p.old_rank < 2 then p.code else m.error_code end,
        error_message = case when p.status = 'FAILED' and not p.closed and p.old_rank < 2 then p.msg else m.error_message end,
        updated_at = now()
      from prev p
      where m.id = p.id and m.created_at = p.created_at
      returning m.id, m.account_id, p.pid, p.status as reported, p.old_status, m.status as new_status,
                (p.old_delivered is null and m.delivered_at is not null) as delivered_filled,
                (p.old_read is null and m.read_at is not null) as read_filled, m.error_message, m.error_code
    )
    select * from upd`);
  await publishStatuses(
    db,
    rows
      .filter((r) => r.old_status !== r.new_status)
      .map((r) => ({
        id: Number(r.id),
        account_id: r.account_id,
        channel,
        status: r.new_status,
        previous_status: r.old_status,
        error_code: r.error_code,
      })),
  );
  return rows;
}
