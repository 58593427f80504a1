/**
 * Sending SMS: recipients (typed numbers validated as E.164, customers and groups/segments of the
 * account, deduplicated; customers without SMS consent skipped), an ACTIVE sender id, text or an
 * APPROVED SMS template rendered per recipient; credits reserved per part; messages enter the
 * pipeline now (PENDING) or wait as SCHEDULED for a release job at schedule_at.
 */
import { randomUUID } from 'node:crypto';
import { normalizeMobile } from '@risala/shared/schemas/customers';
import type { SendResult, SendSmsInput } from '@risala/shared/schemas/messages';
import { renderVariables } from '@risala/shared/schemas/templates';
import { countSms } from '@risala/shared/sms';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/guard.ts';
import { groupAudienceWhere } from '../groups/segment-sql.ts';
import { loadRoutingTable } from '../routing/routing-table.ts';
import { findDefaultSmsSender, findSmsSender } from '../senders/sms.repo.ts';
import { assertTemplateApproved } from '../templates/review.service.ts';
import type { NewMessage } from './pipeline/contracts.ts';
import { commitSend } from './pipeline/commit-send.ts';
import { cancelScheduledSend } from './states/index.ts';

interface CustomerRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  mobile_number: string | null;
  city: string | null;
  country: string | null;
  attributes: Record<string, unknown> | null;
  consent_sms: boolean;
}

interface Target {
  number: string;
  customer: CustomerRow | null;
}

type Skipped = SendResult['skipped'];

const CUSTOMER_COLUMNS = sql.raw('id, first_name, last_name, email, mobile_number, city, country, attributes, consent_sms');

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
  if (template.message_type !== 'sms') throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'template_id', message: 'sending.validation.smsTemplate' }] });
  return { text: template.template_text, templateId: template.id };
}

/** The recipients' numbers (deduplicated) with their customer, and what was skipped. */
async function resolveRecipients(db: DbOrTx, accountId: number, r: SendSmsInput['recipients']) {
  const skipped: Skipped = { invalid: 0, no_consent: 0, blacklisted: 0, duplicate: 0 };
  const customerIds = [...new Set(r.customer_ids)];
  const groupIds = [...new Set(r.group_ids)];
  const { rows: groups } = groupIds.length
    ? await db.execute<{ id: number; type: string; rules: unknown }>(sql`
        select id, type, rules from customer_groups where account_id = ${accountId} and id = any(${sql.param(groupIds)}::int[])`)
    : { rows: [] };
  if (groups.length !== groupIds.length) throw new AppError('NOT_FOUND');
  const audience = groups.map((g) => groupAudienceWhere(g));
  let customers: CustomerRow[] = [];
  if (customerIds.length > 0 || audience.length > 0) {
    const byId = customerIds.length > 0 ? sql`customers.id = any(${sql.param(customerIds)}::bigint[])` : sql`false`;
    const { rows } = await db.execute<CustomerRow & Record<string, unknown>>(sql`
      select ${CUSTOMER_COLUMNS} from customers
       where account_id = ${accountId} and (${byId} ${audience.length > 0 ? sql`or ${sql.join(audience, sql` or `)}` : sql``})
       order by id`);
    customers = rows.map((c) => ({ ...c, id: Number(c.id) }));
    const found = new Set(customers.map((c) => c.id));
    if (customerIds.some((id) => !found.has(id))) throw new AppError('NOT_FOUND');
  }
  // typed numbers that belong to a customer of the account are that customer: consent applies
  // (a STOP reply turns consent_sms off) and the text is personalised for them
  const typed: string[] = [];
  for (const n of r.numbers) {
    const number = normalizeMobile(n); // +966… or 00966…; a local number has no country: invalid
    if (number) typed.push(number);
    else skipped.invalid++;
  }
  const ownerOf = new Map<string, CustomerRow>();
  if (typed.length > 0) {
    const { rows } = await db.execute<CustomerRow & Record<string, unknown>>(sql`
      select ${CUSTOMER_COLUMNS} from customers
       where account_id = ${accountId} and mobile_number = any(${sql.param(typed)}::text[])`);
    for (const c of rows) if (c.mobile_number) ownerOf.set(c.mobile_number, { ...c, id: Number(c.id) });
  }
  const seen = new Set<string>();
  const targets: Target[] = [];
  const add = (number: string | null, customer: CustomerRow | null) => {
    if (customer && !customer.consent_sms) {
      if (number) seen.add(number);
      return void skipped.no_consent++;
    }
    if (!number) return void skipped.invalid++;
    if (seen.has(number)) return void skipped.duplicate++;
    seen.add(number);
    targets.push({ number, customer });
  };
  for (const c of customers) add(c.mobile_number ? normalizeMobile(c.mobile_number) : null, c);
  for (const number of typed) add(number, ownerOf.get(number) ?? null);
  return { targets, skipped };
}

function render(text: string, c: CustomerRow | null): string {
  if (!c) return renderVariables(text, {});
  const values: Record<string, string | null> = {
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    mobile_number: c.mobile_number,
    city: c.city,
    country: c.country,
  };
  for (const [k, v] of Object.entries(c.attributes ?? {})) values[`attributes.${k}`] = v == null ? null : String(v);
  return renderVariables(text, values);
}

async function balanceOf(db: DbOrTx, accountId: number) {
  const { rows } = await db.execute<{ balance: string }>(sql`select balance from credits where account_id = ${accountId} and channel = 'sms'`);
  return rows[0] ? Number(rows[0].balance) : 0;
}

/** The rate of the account's active default router (per part), for the estimate. */
async function defaultRate(db: DbOrTx, accountId: number) {
  const table = await loadRoutingTable(db, accountId);
  const router = table.routers.find((r) => r.router_type === 'default' && r.status === 'ACTIVE');
  return Number(router?.rate ?? 0);
}

interface Prepared {
  result: SendResult;
  rows: NewMessage[];
}

async function prepare(db: DbOrTx, auth: AuthContext, input: SendSmsInput, bulkId: string | null): Promise<Prepared> {
  const sender = await resolveSender(db, auth.accountId, input.sender_id);
  const { text, templateId } = await resolveText(db, auth.accountId, input);
  const { targets, skipped } = await resolveRecipients(db, auth.accountId, input.recipients);
  const scheduledAt = input.schedule_at ? new Date(input.schedule_at) : null;
  let credits = 0;
  let maxParts = 0;
  let encoding: SendResult['encoding'] = null;
  const rows: NewMessage[] = targets.map((t) => {
    const body = render(text, t.customer);
    const count = countSms(body);
    credits += count.parts;
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
      recipient: t.number,
      sender: sender.sender_id,
      sms_sender_id: sender.id,
      template_id: templateId,
      body,
      encoding: count.encoding,
      parts: count.parts,
      credits: count.parts,
      scheduled_at: scheduledAt,
    };
  });
  const balance = await balanceOf(db, auth.accountId);
  const result: SendResult = {
    bulk_id: bulkId,
    accepted: rows.length,
    skipped,
    not_allowed: 0,
    parts: maxParts,
    encoding,
    credits,
    balance: balance - credits,
    cost: (credits * (await defaultRate(db, auth.accountId))).toFixed(5),
    scheduled_at: scheduledAt?.toISOString() ?? null,
  };
  return { result, rows };
}

/** POST /api/messages/sms/estimate: what a send would create and cost; nothing is written. */
export async function estimateSms(ctx: AppContext, auth: AuthContext, input: SendSmsInput): Promise<SendResult> {
  return (await prepare(ctx.db, auth, input, null)).result;
}

/** POST /api/messages/sms: credits reserved, messages created and queued in one transaction. */
export async function sendSms(ctx: AppContext, auth: AuthContext, input: SendSmsInput): Promise<SendResult & { message_ids: number[] }> {
  const bulkId = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const { result, rows } = await prepare(tx, auth, input, bulkId);
    if (rows.length === 0) return { ...result, bulk_id: null, message_ids: [] };
    const ids = await commitSend(ctx, tx, auth, { channel: 'sms', bulkId, result, rows });
    return { ...result, message_ids: ids.length <= 100 ? ids : [] };
  });
}

/** POST /api/messages/bulk/:bulkId/cancel: SCHEDULED messages of the send → CANCELLED, credits back. */
export async function cancelBulk(ctx: AppContext, auth: AuthContext, bulkId: string): Promise<{ cancelled: number }> {
  return ctx.db.transaction(async (tx) => {
    const cancelled = await cancelScheduledSend(tx, auth.accountId, bulkId);
    if (cancelled === 0) {
      const { rows: any } = await tx.execute(sql`select 1 from messages where account_id = ${auth.accountId} and bulk_id = ${bulkId} limit 1`);
      throw new AppError(any.length ? 'MESSAGE_NOT_CANCELLABLE' : 'NOT_FOUND');
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
