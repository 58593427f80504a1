/**
 * Sending SMS: recipients (typed numbers validated as E.164, customers and groups/segments of the
 * account, deduplicated; customers without SMS consent skipped), an ACTIVE sender id, text or an
 * APPROVED SMS template rendered per recipient; credits reserved per part; messages enter the
 * pipeline now (PENDING) or wait as SCHEDULED for a release job at schedule_at.
 */
import { normalizeMobile } from '@risala/shared/schemas/customers';
import type { SendResult, SendSmsInput } from '@risala/shared/schemas/messages';
import { renderVariables } from '@risala/shared/schemas/templates';
import { partsCost } from '@risala/shared/destination';
import { minorToDecimal } from '@risala/shared/money';
import { countSms } from '@risala/shared/sms';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { planOf } from '../billing/index.ts';
import { findDefaultSmsSender, findSmsSender } from '../senders/index.ts';
import { assertTemplateApproved, customerValues } from '../templates/index.ts';
import { balanceOf, estimateDirect, type Prepare, sendDirect } from './direct-send.ts';
import { resolveRecipients } from './recipients.ts';
import type { NewMessage } from './pipeline/contracts.ts';
import { holdPending } from './pipeline/credits.ts';
import { cancelScheduledSend } from './states/index.ts';

async function resolveSender(db: DbOrTx, accountId: number, senderId: number | null | undefined) {
  if (senderId) {
    const row = await findSmsSender(db, accountId, senderId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'ACTIVE') throw new AppError('SENDER_NOT_APPROVED');
    return row;
  }
  const row = await findDefaultSmsSender(db, accountId);
  if (row?.status !== 'ACTIVE') throw new AppError('NO_ACTIVE_SENDER');
  return row;
}

async function resolveText(db: DbOrTx, accountId: number, input: Pick<SendSmsInput, 'text' | 'template_id'>) {
  if (!input.template_id) return { text: input.text ?? '', templateId: null };
  const template = await assertTemplateApproved(db, accountId, input.template_id);
  if (template.message_type !== 'sms')
    throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'template_id', message: 'sending.validation.smsTemplate' }] });
  return { text: template.template_text, templateId: template.id };
}

/** The plan's SMS rates per part by destination class, in minor units of its currency. */
const smsRates = (p: { on_net_rate: number; off_net_rate: number; international_rate: number; currency: string }) => ({
  on_net: p.on_net_rate,
  off_net: p.off_net_rate,
  international: p.international_rate,
  currency: p.currency,
});

const prepare: Prepare<SendSmsInput> = async (db, auth, input, bulkId, pricing) => {
  const sender = await resolveSender(db, auth.accountId, input.sender_id);
  const { text, templateId } = await resolveText(db, auth.accountId, input);
  const { list, skipped } = await resolveRecipients(db, auth.accountId, input.recipients, 'sms');
  const scheduledAt = input.schedule_at ? new Date(input.schedule_at) : null;
  const rates = smsRates(await planOf(db, auth.plan));
  let credits = 0;
  let costMinor = 0;
  let maxParts = 0;
  let encoding: SendResult['encoding'] = null;
  const rows: NewMessage[] = list.map((t) => {
    const body = renderVariables(text, t.customer ? customerValues(t.customer) : {}, undefined, { isolate: true });
    const count = countSms(body);
    credits += count.parts;
    // each part at the rate of the number's destination class (on-net, off-net, international)
    const cost = partsCost(t.address, count.parts, rates, pricing.homeOperator);
    costMinor += cost;
    if (count.parts >= maxParts) {
      maxParts = count.parts;
      encoding = count.encoding;
    }
    return {
      account_id: auth.accountId,
      user_id: auth.userId,
      channel: 'sms',
      status: scheduledAt ? 'SCHEDULED' : 'PENDING',
      bulk_id: bulkId ?? '',
      customer_id: t.customer?.id ?? null,
      recipient: t.address,
      sender: sender.sender_id,
      sms_sender_id: sender.id,
      template_id: templateId,
      body,
      encoding: count.encoding,
      parts: count.parts,
      credits: count.parts,
      cost: minorToDecimal(cost),
      scheduled_at: scheduledAt,
    };
  });
  // a send learns its balance from its hold (direct-send.ts); only the estimate reads it here
  const balance = bulkId && credits > 0 ? credits : await balanceOf(db, auth.accountId, 'sms');
  const result: SendResult = {
    bulk_id: bulkId,
    accepted: rows.length,
    skipped,
    not_allowed: 0,
    parts: maxParts,
    encoding,
    credits,
    balance: balance - credits,
    cost: minorToDecimal(costMinor),
    cost_minor: costMinor,
    currency: rates.currency,
    scheduled_at: scheduledAt?.toISOString() ?? null,
  };
  return { result, rows };
};

/** POST /api/messages/sms/estimate: what a send would create and cost; nothing is written. */
export const estimateSms = (ctx: AppContext, auth: AuthContext, input: SendSmsInput) => estimateDirect(ctx, auth, prepare, input);

/** POST /api/messages/sms: credits reserved, messages created and queued in one transaction. */
export const sendSms = (ctx: AppContext, auth: AuthContext, input: SendSmsInput) => sendDirect(ctx, auth, 'sms', prepare, input);

/** POST /api/messages/bulk/:bulkId/cancel: SCHEDULED messages of the send → CANCELLED, credits back. */
export async function cancelBulk(ctx: AppContext, auth: AuthContext, bulkId: string): Promise<{ cancelled: number }> {
  return ctx.db.transaction(async (tx) => {
    const cancelled = await cancelScheduledSend(tx, auth.accountId, bulkId);
    if (cancelled === 0) {
      const { rows: any } = await tx.execute(
        sql`select 1 from messages where account_id = ${auth.accountId} and bulk_id = ${bulkId} limit 1`,
      );
      if (any.length) throw new AppError('MESSAGE_NOT_CANCELLABLE');
      // the send's credits are held and its messages not yet committed (§8: a credit being consumed)
      throw new AppError((await holdPending(tx, auth.accountId, bulkId)) ? 'CREDIT_BEING_CONSUMED' : 'NOT_FOUND');
    }
    return { cancelled };
  });
}

/** POST /api/sender-management/sms/test: one SMS through the pipeline; answers its message id. */
export async function sendTestSms(ctx: AppContext, auth: AuthContext, input: { to: string; text: string; sender_id?: number | null }) {
  const number = normalizeMobile(input.to);
  if (!number) throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'to', message: 'validation.phone.invalid' }] });
  const result = await sendSms(ctx, auth, {
    recipients: { numbers: [number], emails: [], customer_ids: [], group_ids: [] },
    sender_id: input.sender_id ?? null,
    text: input.text,
    template_id: null,
    schedule_at: null,
  });
  return { message_id: result.message_ids[0] as number, bulk_id: result.bulk_id };
}
