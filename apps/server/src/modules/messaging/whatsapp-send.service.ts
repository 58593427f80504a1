/**
 * Sending WhatsApp: recipients resolved for the channel (customers need consent_whatsapp), an
 * ACTIVE WhatsApp sender of the account, and either an APPROVED whatsapp_templates row with its
 * body parameters (rendered per recipient: `{{first_name}}` in a parameter is personalised) or free
 * text — which Meta allows only inside the 24-hour window after the customer's last message to that
 * number (read from inbound_messages). Outside it the message is created NOT_ALLOWED with
 * WHATSAPP_WINDOW_CLOSED and costs nothing; the single-recipient send-message answers 409 instead.
 * One credit per message; now (PENDING) or SCHEDULED with a release job at schedule_at.
 */
import { minorToDecimal } from '@risala/shared/money';
import { planOf } from '../billing/index.ts';
import { normalizeMobile } from '@risala/shared/schemas/customers';
import type { SendResult, SendWhatsappInput } from '@risala/shared/schemas/messages';
import { renderVariables } from '@risala/shared/schemas/templates';
import { and, eq } from 'drizzle-orm';
import type { WhatsappPayload } from '../../channels/whatsapp/whatsapp-driver.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { whatsappTemplates } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { findDefaultWhatsappSender, findWhatsappSender } from '../senders/index.ts';
import { customerValues } from '../templates/index.ts';
import { openWindows } from './inbound-whatsapp.ts';
import type { NewMessage } from './pipeline/contracts.ts';
import { reason } from './pipeline/reason.ts';
import { balanceOf, type DirectSendResult, estimateDirect, type Prepare, sendDirect } from './direct-send.ts';
import { resolveRecipients } from './recipients.ts';

const WINDOW_CLOSED = reason('whatsapp.windowClosed');

export async function resolveWhatsappSender(db: DbOrTx, accountId: number, senderId: number | null | undefined) {
  const row = senderId ? await findWhatsappSender(db, accountId, senderId) : await findDefaultWhatsappSender(db, accountId);
  if (!row && senderId) throw new AppError('NOT_FOUND');
  if (row?.status !== 'ACTIVE') throw new AppError('NO_ACTIVE_SENDER');
  return row;
}

/** The body text of a template with {{1}}, {{2}} … replaced by the parameters. */
export const fillParams = (text: string, params: string[]) =>
  text.replace(/\{\{(\d+)\}\}/g, (all, n: string) => params[Number(n) - 1] ?? all);

async function resolveTemplate(db: DbOrTx, accountId: number, id: number, params: string[]) {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.account_id, accountId), eq(whatsappTemplates.id, id)));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'APPROVED') throw new AppError('TEMPLATE_NOT_APPROVED');
  const body = ((row.components ?? []) as { type: string; text?: string }[]).find((c) => c.type === 'BODY')?.text ?? '';
  const expected = new Set(body.match(/\{\{\d+\}\}/g) ?? []).size;
  if (params.length !== expected) {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'params', message: 'whatsapp.send.paramsCount' }], data: { expected } });
  }
  return { row, body };
}

/** `strictWindow`: a single free-text message outside the 24-hour window is refused (409), not stored NOT_ALLOWED. */
const preparing =
  (strictWindow: boolean): Prepare<SendWhatsappInput> =>
  async (db, auth, input, bulkId) => {
    const sender = await resolveWhatsappSender(db, auth.accountId, input.whatsapp_sender_id);
    const template = input.whatsapp_template_id
      ? await resolveTemplate(db, auth.accountId, input.whatsapp_template_id, input.params)
      : null;
    const { list, skipped } = await resolveRecipients(db, auth.accountId, input.recipients, 'whatsapp');
    const scheduledAt = input.schedule_at ? new Date(input.schedule_at) : null;
    const open = template
      ? null
      : await openWindows(
          db,
          auth.accountId,
          sender.phone_number,
          list.map((r) => r.address),
        );
    if (strictWindow && open && list.some((r) => !open.has(r.address))) throw new AppError('WHATSAPP_WINDOW_CLOSED');
    const plan = await planOf(db, auth.plan);
    const cost = minorToDecimal(plan.whatsapp_rate);
    let credits = 0;
    const rows: NewMessage[] = list.map((r) => {
      const values = r.customer ? customerValues(r.customer) : {};
      const base = {
        account_id: auth.accountId,
        user_id: auth.userId,
        channel: 'whatsapp',
        bulk_id: bulkId ?? '',
        customer_id: r.customer?.id ?? null,
        recipient: r.address,
        sender: sender.phone_number,
        whatsapp_sender_id: sender.id,
        scheduled_at: scheduledAt,
      };
      if (template) {
        const params = input.params.map((p) => renderVariables(p, values));
        const payload: WhatsappPayload = { type: 'template', template_name: template.row.name, language: template.row.language, params };
        credits++;
        return {
          ...base,
          status: scheduledAt ? 'SCHEDULED' : 'PENDING',
          whatsapp_template_id: template.row.id,
          body: fillParams(template.body, params),
          payload,
          credits: 1,
          cost,
        };
      }
      const body = renderVariables(input.text ?? '', values, undefined, { isolate: true });
      const payload: WhatsappPayload = { type: 'text' };
      if (!open?.has(r.address)) {
        return {
          ...base,
          status: 'NOT_ALLOWED',
          stage: 'done',
          body,
          payload,
          error_code: 'WHATSAPP_WINDOW_CLOSED',
          error_message: WINDOW_CLOSED,
          failed_at: new Date(),
        };
      }
      credits++;
      return { ...base, status: scheduledAt ? 'SCHEDULED' : 'PENDING', body, payload, credits: 1, cost };
    });
    const result: SendResult = {
      bulk_id: bulkId,
      accepted: credits,
      skipped,
      not_allowed: rows.filter((r) => r.status === 'NOT_ALLOWED').length,
      parts: 1,
      encoding: null,
      credits,
      balance: (await balanceOf(db, auth.accountId, 'whatsapp')) - credits,
      cost: minorToDecimal(credits * plan.whatsapp_rate),
      cost_minor: credits * plan.whatsapp_rate,
      currency: plan.currency,
      scheduled_at: scheduledAt?.toISOString() ?? null,
    };
    return { result, rows };
  };

/** POST /api/messages/whatsapp/estimate: what a send would create and cost; nothing is written. */
export const estimateWhatsapp = (ctx: AppContext, auth: AuthContext, input: SendWhatsappInput) =>
  estimateDirect(ctx, auth, preparing(false), input);

export type WhatsappSendResult = DirectSendResult;

/** POST /api/messages/whatsapp: credits reserved, messages created and queued in one transaction. */
export const sendWhatsapp = (ctx: AppContext, auth: AuthContext, input: SendWhatsappInput, strictWindow = false) =>
  sendDirect(ctx, auth, 'whatsapp', preparing(strictWindow), input);

/** POST /api/whatsapp/sender/send-message (§7): one recipient; free text outside the window → 409. */
export async function sendWhatsappMessage(
  ctx: AppContext,
  auth: AuthContext,
  input: { to: string; whatsapp_sender_id?: number | null; whatsapp_template_id?: number | null; params: string[]; text?: string | null },
) {
  const result = await sendWhatsapp(
    ctx,
    auth,
    { ...input, recipients: { numbers: [input.to], emails: [], customer_ids: [], group_ids: [] }, schedule_at: null },
    true,
  );
  if (result.skipped.invalid) throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'to', message: 'validation.phone.invalid' }] });
  return { ...result, message_id: result.message_ids[0] ?? null };
}

/**
 * POST /api/whatsapp/sender/sandbox-inbound (sandbox only): the simulator plays a customer writing
 * to the account's sandbox number — the signed inbound webhook follows, opening the 24-hour window.
 */
export async function sandboxInbound(
  ctx: AppContext,
  auth: AuthContext,
  input: { from: string; text: string; whatsapp_sender_id?: number | null },
) {
  const wa = ctx.config.whatsapp;
  const sender = await resolveWhatsappSender(ctx.db, auth.accountId, input.whatsapp_sender_id);
  if (!wa.sandbox || !wa.apiBase || !sender.is_sandbox) throw new AppError('SANDBOX_DISABLED');
  const from = normalizeMobile(input.from);
  if (!from) throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'from', message: 'validation.phone.invalid' }] });
  const res = await fetch(`${wa.apiBase}/${wa.apiVersion}/sandbox/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${wa.accessToken ?? 'sandbox'}`, 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number_id: sender.phone_number_id, from, text: input.text }),
    signal: AbortSignal.timeout(5000),
  }).catch(() => null);
  if (!res?.ok) throw new AppError('SERVICE_UNAVAILABLE');
  return (await res.json()) as { accepted: boolean; id: string };
}
