/**
 * Sending email: recipients resolved for the channel (customers need consent_email), the account's
 * email sender — verified (ACTIVE) or the sandbox one, else EMAIL_SENDER_NOT_VERIFIED /
 * NO_ACTIVE_SENDER — and either subject + html/text or an APPROVED email template, rendered per
 * recipient by the one email renderer (HTML sanitised, values HTML-escaped). One credit per message;
 * now (PENDING) or SCHEDULED with a release job at schedule_at. The pipeline's email driver sends.
 */
import { minorToDecimal } from '@risala/shared/money';
import { planOf } from '../billing/index.ts';
import type { SendEmailInput, SendResult } from '@risala/shared/schemas/messages';
import { renderVariables } from '@risala/shared/schemas/templates';

import type { EmailPayload } from '../../channels/email/email-driver.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { findDefaultEmailSender, findEmailSenderById } from '../senders/index.ts';
import {
  customerValues,
  emailHtmlRenderer,
  findTemplate,
  hasVisibleContent,
  htmlToText,
  renderer,
  sanitizeEmailHtml,
  UNTRACKED_SYSTEM_VALUES,
} from '../templates/index.ts';
import type { NewMessage } from './pipeline/contracts.ts';
import { balanceOf, estimateDirect, type Prepare, sendDirect } from './direct-send.ts';
import { resolveRecipients } from './recipients.ts';

export async function resolveEmailSender(db: DbOrTx, accountId: number, senderId: number | null | undefined) {
  const row = senderId ? await findEmailSenderById(db, senderId) : await findDefaultEmailSender(db, accountId);
  if (senderId && row?.account_id !== accountId) throw new AppError('NOT_FOUND');
  if (!row || row.status === 'INACTIVE') throw new AppError('NO_ACTIVE_SENDER');
  if (row.status !== 'ACTIVE') throw new AppError('EMAIL_SENDER_NOT_VERIFIED');
  return row;
}

type Render = (values: Record<string, string | null>) => { subject: string; text: string; html: string | null };

async function resolveContent(
  db: DbOrTx,
  accountId: number,
  input: SendEmailInput,
): Promise<{ render: Render; templateId: number | null }> {
  if (input.template_id) {
    const row = await findTemplate(db, accountId, input.template_id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.message_type !== 'email')
      throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'template_id', message: 'senders.email.templateNotEmail' }] });
    if (row.status !== 'APPROVED') throw new AppError('TEMPLATE_NOT_APPROVED');
    return { templateId: row.id, render: renderer(row) };
  }
  const subject = input.subject ?? '';
  // the one sanitiser: what is sent is what a template would send (emailHtmlRenderer)
  let html = input.html ? sanitizeEmailHtml(input.html) : null;
  if (html !== null && !hasVisibleContent(html)) {
    if (!input.text) throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'html', message: 'validation.required' }] });
    html = null;
  }
  const text = input.text ?? (html ? htmlToText(html) : '');
  const htmlPart = html === null ? null : emailHtmlRenderer(html);
  return {
    templateId: null,
    render: (values) => ({
      subject: renderVariables(subject, values, undefined, { isolate: true }),
      text: renderVariables(text, values, undefined, { isolate: true }),
      html: htmlPart ? htmlPart(values) : null,
    }),
  };
}

const prepare: Prepare<SendEmailInput> = async (db, auth, input, bulkId) => {
  const plan = await planOf(db, auth.plan);
  const sender = await resolveEmailSender(db, auth.accountId, input.email_sender_id);
  const { render, templateId } = await resolveContent(db, auth.accountId, input);
  const { list, skipped } = await resolveRecipients(db, auth.accountId, input.recipients, 'email');
  const scheduledAt = input.schedule_at ? new Date(input.schedule_at) : null;
  const rows: NewMessage[] = list.map((r) => {
    const mail = render({ ...(r.customer ? customerValues(r.customer) : {}), ...UNTRACKED_SYSTEM_VALUES });
    const payload: EmailPayload = mail.html ? { html: mail.html } : {};
    return {
      account_id: auth.accountId,
      user_id: auth.userId,
      channel: 'email',
      status: scheduledAt ? 'SCHEDULED' : 'PENDING',
      bulk_id: bulkId ?? '',
      customer_id: r.customer?.id ?? null,
      recipient: r.address,
      sender: sender.from_email,
      email_sender_id: sender.id,
      template_id: templateId,
      subject: mail.subject,
      body: mail.text,
      payload,
      credits: 1,
      cost: minorToDecimal(plan.email_rate),
      scheduled_at: scheduledAt,
    };
  });
  const result: SendResult = {
    bulk_id: bulkId,
    accepted: rows.length,
    skipped,
    not_allowed: 0,
    parts: 1,
    encoding: null,
    credits: rows.length,
    balance: (await balanceOf(db, auth.accountId, 'email')) - rows.length,
    cost: minorToDecimal(rows.length * plan.email_rate),
    cost_minor: rows.length * plan.email_rate,
    currency: plan.currency,
    scheduled_at: scheduledAt?.toISOString() ?? null,
  };
  return { result, rows };
};

/** POST /api/messages/email/estimate: what a send would create and cost; nothing is written. */
export const estimateEmail = (ctx: AppContext, auth: AuthContext, input: SendEmailInput) => estimateDirect(ctx, auth, prepare, input);

/** POST /api/messages/email: credits reserved, messages created and queued in one transaction. */
export const sendEmail = (ctx: AppContext, auth: AuthContext, input: SendEmailInput) => sendDirect(ctx, auth, 'email', prepare, input);
