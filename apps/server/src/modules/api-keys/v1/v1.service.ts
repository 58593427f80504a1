/**
 * The public API's work: sends go through the portal's own direct-send services (the same
 * recipients, senders, templates, credits and pipeline as New message), as the account, with no
 * user; reads map the message history's rows to the public message shape.
 */
import { trialDaysRemaining, trialState } from '@risala/shared';
import type {
  V1Message,
  V1MessageListQuery,
  V1SendEmailInput,
  V1SendResult,
  V1SendSmsInput,
  V1SendWhatsappInput,
} from '@risala/shared/schemas/public-api';
import type { CustomerInput } from '@risala/shared/schemas/customers';
import { normalizeMobile } from '@risala/shared/schemas/customers';
import type { MemberIdsInput } from '@risala/shared/schemas/groups';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import type { AuthContext } from '../../auth/index.ts';
import { campaignReport } from '../../campaigns/index.ts';
import { createCustomer, removeCustomer, updateCustomer } from '../../customers/index.ts';
import { addGroupMembers, removeGroupMembers } from '../../groups/index.ts';
import {
  type ExportRow,
  exportChunk,
  findMessageById,
  type HistoryRow,
  type Lang,
  messageWhere,
  readableError,
  sendEmail,
  sendSms,
  sendWhatsapp,
} from '../../messaging/index.ts';
import { type ApiKeyPrincipal, keyCaller } from '../api-keys.service.ts';

/** The plan gate of the portal's sends, on the account's own trial. */
function planGate(key: ApiKeyPrincipal) {
  const state = trialState(key.plan, trialDaysRemaining(key.accountCreatedAt));
  if (state === 'expired' || state === 'blocked') throw new AppError('SUBSCRIPTION_REQUIRED');
}

async function assertReferenceFree(ctx: AppContext, accountId: number, reference: string | null | undefined) {
  if (!reference) return;
  const { rows } = await ctx.db.execute(
    sql`select 1 from api_message_refs where account_id = ${accountId} and reference = ${reference} limit 1`,
  );
  if (rows.length) throw new AppError('REFERENCE_EXISTS', { errors: [{ field: 'reference', message: 'errors.REFERENCE_EXISTS' }] });
}

async function keepReference(
  ctx: AppContext,
  key: ApiKeyPrincipal,
  reference: string | null | undefined,
  bulkId: string | null,
  channel: string,
) {
  if (!reference || !bulkId) return;
  await ctx.db.execute(sql`
    insert into api_message_refs (account_id, reference, bulk_id, channel, key_id)
    values (${key.accountId}, ${reference}, ${bulkId}, ${channel}, ${key.keyId}) on conflict do nothing`);
}

type Sent = Omit<V1SendResult, 'reference'>;

async function sending(
  ctx: AppContext,
  key: ApiKeyPrincipal,
  channel: 'sms' | 'email' | 'whatsapp',
  reference: string | null | undefined,
  run: (auth: AuthContext) => Promise<Sent>,
): Promise<V1SendResult> {
  planGate(key);
  await assertReferenceFree(ctx, key.accountId, reference);
  const result = await run(keyCaller(key));
  await keepReference(ctx, key, reference, result.bulk_id, channel);
  return { ...result, reference: reference ?? null };
}

export const sendSmsV1 = (ctx: AppContext, key: ApiKeyPrincipal, input: V1SendSmsInput) =>
  sending(ctx, key, 'sms', input.reference, (auth) =>
    sendSms(ctx, auth, {
      recipients: { numbers: input.to, emails: [], customer_ids: input.customer_ids, group_ids: input.group_ids },
      sender_id: input.sender_id ?? null,
      text: input.text ?? null,
      template_id: input.template_id ?? null,
      schedule_at: input.schedule_at ?? null,
    }),
  );

export const sendEmailV1 = (ctx: AppContext, key: ApiKeyPrincipal, input: V1SendEmailInput) =>
  sending(ctx, key, 'email', input.reference, (auth) =>
    sendEmail(ctx, auth, {
      recipients: { numbers: [], emails: input.to, customer_ids: input.customer_ids, group_ids: input.group_ids },
      email_sender_id: input.email_sender_id ?? null,
      subject: input.subject ?? null,
      html: input.html ?? null,
      text: input.text ?? null,
      template_id: input.template_id ?? null,
      schedule_at: input.schedule_at ?? null,
    }),
  );

export const sendWhatsappV1 = (ctx: AppContext, key: ApiKeyPrincipal, input: V1SendWhatsappInput) =>
  sending(ctx, key, 'whatsapp', input.reference, (auth) =>
    sendWhatsapp(ctx, auth, {
      recipients: { numbers: input.to, emails: [], customer_ids: input.customer_ids, group_ids: input.group_ids },
      whatsapp_sender_id: input.whatsapp_sender_id ?? null,
      whatsapp_template_id: input.whatsapp_template_id ?? null,
      params: input.params,
      text: input.text ?? null,
      schedule_at: input.schedule_at ?? null,
    }),
  );

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function toV1(r: HistoryRow, lang: Lang): V1Message {
  return {
    id: Number(r.id),
    channel: r.channel as V1Message['channel'],
    status: r.status as V1Message['status'],
    bulk_id: r.bulk_id,
    campaign_id: r.campaign_id === null ? null : Number(r.campaign_id),
    recipient: r.recipient,
    sender: r.sender,
    parts: Number(r.parts),
    credits: Number(r.credits),
    error_code: r.error_code,
    error_message: readableError(r.error_code, r.error_message, lang),
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
    scheduled_at: iso(r.scheduled_at),
    sent_at: iso(r.sent_at),
    delivered_at: iso(r.delivered_at),
    read_at: iso(r.read_at),
    failed_at: iso(r.failed_at),
  };
}

export async function messageStatus(ctx: AppContext, key: ApiKeyPrincipal, id: number, lang: Lang): Promise<V1Message> {
  const row = await findMessageById(ctx.db, key.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toV1(row, lang);
}

export async function messagesByReference(ctx: AppContext, key: ApiKeyPrincipal, reference: string, lang: Lang) {
  const { rows } = await ctx.db.execute<{ bulk_id: string }>(
    sql`select bulk_id from api_message_refs where account_id = ${key.accountId} and reference = ${reference}`,
  );
  const bulkId = rows[0]?.bulk_id;
  if (!bulkId) throw new AppError('NOT_FOUND');
  const list = await exportChunk(ctx.db, messageWhere(key.accountId, { view: 'all', bulk_id: bulkId }), null, 1000);
  return { reference, bulk_id: bulkId, messages: list.map((r) => toV1(r, lang)) };
}

/** An opaque cursor: the last row's (created_at as text, id), so a page continues exactly after it. */
const encodeCursor = (r: ExportRow) => Buffer.from(JSON.stringify([r.cursor_at, Number(r.id)])).toString('base64url');
function decodeCursor(cursor: string): ExportRow {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at)) || !Number.isSafeInteger(id)) throw new Error('bad cursor');
    return { cursor_at: at, id } as unknown as ExportRow;
  } catch {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'cursor', message: 'validation.invalid' }] });
  }
}

export async function listMessages(ctx: AppContext, key: ApiKeyPrincipal, q: V1MessageListQuery, lang: Lang) {
  const where = messageWhere(key.accountId, {
    view: 'all',
    ...(q.bulk_id ? { bulk_id: q.bulk_id } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.channel ? { channel: q.channel } : {}),
    ...(q.from ? { from: q.from } : {}),
    ...(q.to ? { to: q.to } : {}),
  });
  const rows = await exportChunk(ctx.db, where, q.cursor ? decodeCursor(q.cursor) : null, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return { items: page.map((r) => toV1(r, lang)), next_cursor: rows.length > q.limit && last ? encodeCursor(last) : null };
}

/**
 * Upsert: the account's customer with this mobile number (in international form), else with this
 * email, is updated; otherwise one is created. The portal's customer service does the work.
 */
export async function upsertCustomer(ctx: AppContext, key: ApiKeyPrincipal, input: CustomerInput) {
  const auth = keyCaller(key);
  const mobile = input.mobile_number ? normalizeMobile(input.mobile_number, input.country ?? null) : null;
  const email = input.email ?? null;
  if (!mobile && !email) throw new AppError('CUSTOMER_CONTACT_REQUIRED');
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    select id from customers where account_id = ${key.accountId}
       and (${mobile}::text is not null and mobile_number = ${mobile} or ${email}::text is not null and lower(email) = ${email})
     order by (mobile_number = ${mobile}) desc nulls last, id limit 1`);
  const found = rows[0];
  if (found) return { id: Number((await updateCustomer(ctx, auth, Number(found.id), input)).id), created: false };
  return { id: Number((await createCustomer(ctx, auth, input)).id), created: true };
}

export const deleteCustomer = (ctx: AppContext, key: ApiKeyPrincipal, id: number) => removeCustomer(ctx, keyCaller(key), id);
export const addMembers = (ctx: AppContext, key: ApiKeyPrincipal, groupId: number, input: MemberIdsInput) =>
  addGroupMembers(ctx, keyCaller(key), groupId, input);
export const removeMembers = (ctx: AppContext, key: ApiKeyPrincipal, groupId: number, input: MemberIdsInput) =>
  removeGroupMembers(ctx, keyCaller(key), groupId, input);
export const report = (ctx: AppContext, key: ApiKeyPrincipal, campaignId: number, lang: Lang) =>
  campaignReport(ctx, keyCaller(key), campaignId, lang);
