/**
 * Inbound WhatsApp messages (from the webhook): stored in inbound_messages — which is where the
 * 24-hour customer-service window is read from (inbound_window_idx) — and linked to the customer
 * with that mobile number. Then, first match wins:
 * 1. an MO blacklist matches the number or the text → action `blocked` (nothing else happens);
 * 2. a STOP keyword (the whole message) → the customer's consent_whatsapp goes off (source
 *    `whatsapp_stop`), action `stop`;
 * 3. the sender's auto-reply (keyword rules, then the away message) → a free-form WhatsApp message
 *    back through the pipeline (one credit), action `auto_reply`.
 * Meta retries webhooks: a message id already stored for the account is skipped.
 */
import { normalizeForMatch } from '@risala/shared/auto-reply';
import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { customers, inboundMessages, whatsappSenders } from '../../db/schema/index.ts';
import { findBlocking } from '../blacklists/index.ts';
import { type AutoReplyConfig, autoReplyFor } from '../senders/index.ts';
import { reserveCredits } from './pipeline/credits.ts';
import { enqueueMessages } from './pipeline/enqueue.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';

export const STOP_KEYWORDS = ['STOP', 'UNSUBSCRIBE', 'إيقاف', 'الغاء', 'إلغاء', 'توقف'].map(normalizeForMatch);
export const WINDOW_HOURS = 24;

export interface InboundWhatsapp {
  phone_number_id: string;
  /** the customer's number, digits or E.164 */
  from: string;
  text: string;
  wamid: string;
  at: Date;
}

export const isStopKeyword = (text: string) => STOP_KEYWORDS.includes(normalizeForMatch(text).replace(/[.!؟?،,\s]+$/u, ''));
const e164 = (v: string) => `+${v.replace(/[^\d]/g, '')}`;

/** Recipients (E.164) of an account who wrote to `senderNumber` within the last 24 hours. */
export async function openWindows(db: DbOrTx, accountId: number, senderNumber: string, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const since = new Date(Date.now() - WINDOW_HOURS * 3600_000);
  const rows = await db
    .selectDistinct({ from: inboundMessages.from_address })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.account_id, accountId),
        eq(inboundMessages.channel, 'whatsapp'),
        inArray(inboundMessages.from_address, numbers),
        gt(inboundMessages.received_at, since),
        eq(inboundMessages.to_address, senderNumber),
      ),
    );
  return new Set(rows.map((r) => r.from));
}

/** The account a number is bound to: its sender whose setup the Cloud API confirmed (one at most). */
async function senderFor(db: DbOrTx, phoneNumberId: string) {
  const [row] = await db
    .select()
    .from(whatsappSenders)
    .where(and(eq(whatsappSenders.phone_number_id, phoneNumberId), isNotNull(whatsappSenders.setup_completed_at)))
    .limit(1);
  return row ?? null;
}

async function handleOne(ctx: AppContext, m: InboundWhatsapp) {
  await ctx.db.transaction(async (tx) => {
    const stored = await storeOne(ctx, tx, m);
    if (!stored) return;
    // webhooks out (nothing when the account has no endpoint for them)
    const { accountId, row, action } = stored;
    const at = (row.received_at ?? new Date()).toISOString();
    const base = { channel: 'whatsapp', from: row.from_address, customer_id: row.customer_id ?? null };
    await emitWebhookEvent(tx, accountId, 'message.inbound', {
      ...base,
      to: row.to_address,
      text: row.body,
      provider_message_id: m.wamid,
      action,
      received_at: at,
    });
    if (action === 'stop') {
      await emitWebhookEvent(tx, accountId, 'customer.opted_out', {
        customer_id: base.customer_id,
        address: base.from,
        channel: 'whatsapp',
        source: 'whatsapp_stop',
        at,
      });
    }
  });
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** Stores one inbound message (and its consequences); answers what was stored, or null when nothing was. */
async function storeOne(
  ctx: AppContext,
  tx: Tx,
  m: InboundWhatsapp,
): Promise<{ accountId: number; row: typeof inboundMessages.$inferInsert; action: string | null } | null> {
  {
    const sender = await senderFor(tx, m.phone_number_id);
    if (!sender) return null; // a number we do not serve: acknowledge, nothing to store
    const accountId = sender.account_id;
    const [seen] = await tx
      .select({ id: inboundMessages.id })
      .from(inboundMessages)
      .where(and(eq(inboundMessages.provider_message_id, m.wamid), eq(inboundMessages.account_id, accountId)))
      .limit(1);
    if (seen) return null;
    const from = e164(m.from);
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.account_id, accountId), eq(customers.mobile_number, from)))
      .limit(1);
    const row: typeof inboundMessages.$inferInsert = {
      account_id: accountId,
      channel: 'whatsapp',
      from_address: from,
      to_address: sender.phone_number,
      body: m.text,
      customer_id: customer?.id ?? null,
      whatsapp_sender_id: sender.id,
      provider_message_id: m.wamid,
      received_at: m.at,
    };
    const blocking = await findBlocking(tx, accountId, { number: from, type: 'MO', text: m.text });
    if (blocking.length > 0) {
      await tx
        .insert(inboundMessages)
        .values({ ...row, action: 'blocked', blocked_by: [...new Set(blocking.map((b) => b.blacklist_name))].join(', ') });
      return { accountId, row, action: 'blocked' };
    }
    const stop = isStopKeyword(m.text);
    if (customer) {
      const consentOff = stop ? { consent_whatsapp: false, consent_whatsapp_source: 'whatsapp_stop', consent_whatsapp_at: m.at } : {};
      await tx
        .update(customers)
        .set({ last_inbound_at: m.at, ...consentOff, updated_at: new Date() })
        .where(and(eq(customers.account_id, accountId), eq(customers.id, customer.id)));
    }
    if (stop) {
      await tx.insert(inboundMessages).values({ ...row, action: 'stop' });
      return { accountId, row, action: 'stop' };
    }
    const reply = autoReplyFor(sender.auto_reply as AutoReplyConfig, m.text, new Date());
    if (!reply || sender.status !== 'ACTIVE') {
      await tx.insert(inboundMessages).values(row);
      return { accountId, row, action: null };
    }
    const bulkId = `auto-${m.wamid.slice(-24)}`;
    try {
      await tx.transaction(async (sp) => {
        await reserveCredits(sp, { accountId, channel: 'whatsapp', amount: 1, bulkId });
        await enqueueMessages(ctx, sp, [
          {
            account_id: accountId,
            channel: 'whatsapp',
            status: 'PENDING',
            bulk_id: bulkId,
            customer_id: customer?.id ?? null,
            recipient: from,
            sender: sender.phone_number,
            whatsapp_sender_id: sender.id,
            body: reply,
            payload: { type: 'text', auto_reply: true },
            credits: 1,
          },
        ]);
      });
      await tx.insert(inboundMessages).values({ ...row, action: 'auto_reply' });
      return { accountId, row, action: 'auto_reply' };
    } catch (err) {
      // no credits left: the message is stored, the reply is not sent
      ctx.log.warn({ err, accountId }, 'WhatsApp auto-reply not sent');
      await tx.insert(inboundMessages).values({ ...row, action: 'auto_reply_failed' });
      return { accountId, row, action: 'auto_reply_failed' };
    }
  }
}

export async function handleInboundWhatsapp(ctx: AppContext, items: InboundWhatsapp[]) {
  for (const m of items) await handleOne(ctx, m);
}
