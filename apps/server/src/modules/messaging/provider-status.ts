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
import type { AppContext } from '../../context.ts';
import type { ProviderStatus } from './pipeline/contracts.ts';
import { applyProviderRound, type EventRow, recordEvents } from './states/index.ts';
import { countMessages } from '../../metrics.ts';

const RANK: Record<ProviderStatus['status'], number> = { SENT: 1, DELIVERED: 2, READ: 3, FAILED: 2 };
const RETRY_DELAYS_MS = [500, 2_000, 8_000, 30_000, 90_000];

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
        for (const row of await applyProviderRound(tx, channel, round)) {
          matched.add(`${channel}:${row.pid}`);
          if (row.new_status !== row.old_status) {
            countMessages(channel, row.new_status);
            changes.push({
              message_id: row.id,
              account_id: row.account_id,
              event: row.new_status,
              detail: row.new_status === 'FAILED' ? row.error_message : null,
            });
          }
          if (row.delivered_filled && row.new_status !== 'DELIVERED') {
            changes.push({
              message_id: row.id,
              account_id: row.account_id,
              event: 'DELIVERED',
              detail: row.new_status === 'READ' ? 'receipt' : 'late receipt',
            });
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
