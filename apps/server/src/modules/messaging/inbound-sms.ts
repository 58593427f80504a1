/**
 * Inbound SMS (MO, deliver_sm without the receipt bit): long messages are joined by their
 * concatenation reference, then stored in inbound_messages linked to the customer with that mobile
 * number in the connection's account. An MO blacklist match marks it `blocked`; a STOP keyword
 * turns the customer's SMS consent off (source `sms_stop`) and marks it `stop`.
 */
import type { InboundAction } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { MoMessage } from '../../channels/sms/dlr.ts';
import type { AppContext } from '../../context.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { loadBlacklistMatcher } from './pipeline/blacklist-memo.ts';

export const STOP_WORDS = new Set(['stop', 'unsubscribe', 'end', 'cancel', 'إيقاف', 'الغاء', 'إلغاء', 'توقف']);
const JOIN_WAIT_MS = 60_000;

/** A STOP keyword, whatever the case and surrounding whitespace. */
export const isStopKeyword = (text: string) => STOP_WORDS.has(text.trim().replace(/\s+/g, ' ').toLowerCase());

interface JoinBuffer {
  parts: Map<number, string>;
  total: number;
  timer: NodeJS.Timeout;
}

export class InboundSms {
  private readonly partials = new Map<string, JoinBuffer>();

  constructor(private readonly ctx: AppContext) {}

  /** One deliver_sm: stored at once, or when every part of a long message has arrived (or after a minute). */
  receive(connectionId: number, accountId: number, mo: MoMessage): Promise<void> {
    if (!mo.concat || mo.concat.total <= 1) return this.store(connectionId, accountId, mo.source, mo.destination, mo.text);
    const key = `${connectionId}\u0000${mo.source}\u0000${mo.concat.ref}`;
    let p = this.partials.get(key);
    if (!p) {
      const timer = setTimeout(() => void this.complete(key, connectionId, accountId, mo), JOIN_WAIT_MS);
      timer.unref();
      p = { parts: new Map(), total: mo.concat.total, timer };
      this.partials.set(key, p);
    }
    p.parts.set(mo.concat.seq, mo.text);
    if (p.parts.size >= p.total) return this.complete(key, connectionId, accountId, mo);
    return Promise.resolve();
  }

  private complete(key: string, connectionId: number, accountId: number, mo: MoMessage) {
    const p = this.partials.get(key);
    if (!p) return Promise.resolve();
    clearTimeout(p.timer);
    this.partials.delete(key);
    const text = [...p.parts.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, t]) => t)
      .join('');
    return this.store(connectionId, accountId, mo.source, mo.destination, text);
  }

  private async store(connectionId: number, accountId: number, source: string, destination: string, text: string) {
    const from = source.startsWith('+') ? source : `+${source.replace(/\D/g, '')}`;
    await this.ctx.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string }>(sql`
        select id from customers where account_id = ${accountId} and mobile_number = ${from} limit 1`);
      const customerId = rows[0] ? Number(rows[0].id) : null;
      const blockedBy = (await loadBlacklistMatcher(tx, accountId, 'MO', [from]))(from, text);
      const stop = !blockedBy && isStopKeyword(text);
      const action: InboundAction | null = blockedBy ? 'blocked' : stop ? 'stop' : null;
      const { rows: stored } = await tx.execute<{ id: string; received_at: string }>(sql`
        insert into inbound_messages (account_id, channel, from_address, to_address, body, customer_id, connection_id, action, blocked_by)
        values (${accountId}, 'sms', ${from}, ${destination}, ${text}, ${customerId}, ${connectionId}, ${action}, ${blockedBy})
        returning id, received_at`);
      const at = new Date(stored[0]?.received_at ?? Date.now()).toISOString();
      // webhooks out (nothing when the account has no endpoint for them)
      await emitWebhookEvent(tx, accountId, 'message.inbound', {
        inbound_id: Number(stored[0]?.id),
        channel: 'sms',
        from,
        to: destination,
        text,
        customer_id: customerId,
        action,
        received_at: at,
      });
      if (stop) {
        await emitWebhookEvent(tx, accountId, 'customer.opted_out', {
          customer_id: customerId,
          address: from,
          channel: 'sms',
          source: 'sms_stop',
          at,
        });
      }
      if (customerId !== null) {
        await tx.execute(sql`
          update customers set last_inbound_at = now(),
                 consent_sms = case when ${stop} then false else consent_sms end,
                 consent_sms_source = case when ${stop} then 'sms_stop' else consent_sms_source end,
                 consent_sms_at = case when ${stop} then now() else consent_sms_at end, updated_at = now()
           where id = ${customerId} and account_id = ${accountId}`);
      }
    });
  }
}
