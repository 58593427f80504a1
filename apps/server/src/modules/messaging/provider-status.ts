/**
 * Provider statuses (WhatsApp status webhooks, SendGrid events) applied to messages, in bulk,
 * matched by (channel, provider_message_id). Webhooks arrive late, twice and out of order, so a
 * status only moves a message forward by rank — SENT/ACCEPTED 1 < DELIVERED 2 < READ 3, FAILED 2 —
 * and never leaves FAILED, BLOCKED, NOT_ALLOWED or CANCELLED: a late "sent" never lowers DELIVERED
 * or READ, a "failed" does not override DELIVERED/READ. A late "delivered" after READ still fills
 * delivered_at. An event is recorded only when something changed, so duplicates are no-ops.
 *
 * A status can outrun the send that produced its id (the webhook arrives before the pipeline has
 * stored the wamid): `applyProviderStatusesSoon` retries unmatched statuses a few times in-process.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ProviderStatus } from './pipeline/contracts.ts';
import { type EventRow, recordEvents } from './pipeline/events.ts';

const RANK: Record<ProviderStatus['status'], number> = { SENT: 1, DELIVERED: 2, READ: 3, FAILED: 2 };
const RETRY_DELAYS_MS = [500, 2_000, 8_000, 30_000, 90_000];

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
}

/** One bulk UPDATE for statuses with distinct provider ids of one channel. */
async function applyRound(db: DbOrTx, channel: ProviderStatus['channel'], round: ProviderStatus[]) {
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
             m.status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED', 'CANCELLED') as closed
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
                (p.old_read is null and m.read_at is not null) as read_filled, m.error_message
    )
    select * from upd`);
  return rows;
}

/**
 * Apply statuses; answers how many messages changed and which statuses matched no message. The
 * status changes and their timeline events commit together: a failure leaves neither, and the
 * provider's retry applies both.
 */
export async function applyProviderStatuses(ctx: AppContext, statuses: ProviderStatus[]) {
  const matched = new Set<string>();
  const events = await ctx.db.transaction(async (tx) => {
    const changes: EventRow[] = [];
    for (const channel of ['whatsapp', 'email'] as const) {
      // rounds of distinct ids, lowest rank first, so one batch carrying sent+delivered+read ends at READ
      const byId = new Map<string, ProviderStatus[]>();
      for (const s of statuses) {
        if (s.channel !== channel || !s.provider_message_id) continue;
        const list = byId.get(s.provider_message_id) ?? [];
        list.push(s);
        byId.set(s.provider_message_id, list);
      }
      for (const list of byId.values()) list.sort((a, b) => RANK[a.status] - RANK[b.status] || a.at.getTime() - b.at.getTime());
      for (let k = 0; ; k++) {
        const round = [...byId.values()].map((list) => list[k]).filter(Boolean);
        if (round.length === 0) break;
        for (const row of await applyRound(tx, channel, round)) {
          matched.add(`${channel}:${row.pid}`);
          if (row.new_status !== row.old_status) {
            changes.push({ message_id: row.id, account_id: row.account_id, event: row.new_status, detail: row.new_status === 'FAILED' ? row.error_message : null });
          }
          if (row.delivered_filled && row.new_status !== 'DELIVERED') {
            changes.push({ message_id: row.id, account_id: row.account_id, event: 'DELIVERED', detail: row.new_status === 'READ' ? 'receipt' : 'late receipt' });
          }
          if (row.read_filled && row.new_status !== 'READ') {
            changes.push({ message_id: row.id, account_id: row.account_id, event: 'READ', detail: 'late receipt' });
          }
        }
      }
    }
    await recordEvents(tx, changes);
    return changes;
  });
  const unmatched = statuses.filter((s) => !matched.has(`${s.channel}:${s.provider_message_id}`));
  return { changed: events.length, unmatched };
}

/**
 * Apply now, and retry what matched nothing a few times (the send may not have stored its
 * provider id yet). Retries run in-process and give up quietly: a status for a message that is
 * not ours (another app on the same number) matches nothing, ever.
 */
export async function applyProviderStatusesSoon(ctx: AppContext, statuses: ProviderStatus[], attempt = 0): Promise<void> {
  const { unmatched } = await applyProviderStatuses(ctx, statuses);
  if (unmatched.length === 0 || attempt >= RETRY_DELAYS_MS.length) return;
  const timer = setTimeout(() => {
    applyProviderStatusesSoon(ctx, unmatched, attempt + 1).catch((err) => ctx.log.warn({ err }, 'provider status retry failed'));
  }, RETRY_DELAYS_MS[attempt]);
  timer.unref();
}
