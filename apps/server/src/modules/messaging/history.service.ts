import { hasKey, storedReasonText, translate } from '@risala/shared/i18n/index.ts';
import {
  CHANNELS,
  type Channel,
  type CreditBalanceDto,
  type InboundList,
  LOW_CREDIT_DEFAULT,
  type MessageDetailDto,
  type MessageDto,
  type MessageEventDto,
  type MessageList,
  type MessageListQuery,
  type MessageState,
} from '@risala/shared/schemas/messages';
import { ESME, type EsmeName, esmeText } from '../../channels/sms/esme.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, userActor } from '../audit/index.ts';
import type { AuthContext } from '../auth/index.ts';
import * as repo from './history.repo.ts';

export type Lang = 'en' | 'ar';

/** timestamps arrive as Date or as text depending on the driver's parsers */
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * Why a message failed, in the caller's language: the reason the pipeline stored (a catalogue key
 * and its parameters); for rows stored before reasons were kept, SMPP command_status codes (by
 * ESME name, hex or decimal) through the ESME texts and our own codes through errors.* with the
 * stored text as their detail; anything else as stored (a provider's own words).
 */
export function readableError(code: string | null, message: string | null, lang: Lang): string | null {
  if (message?.startsWith('{"key":')) return storedReasonText(message, lang);
  if (!code) return message;
  const name = code.trim();
  if (Object.hasOwn(ESME, name)) return esmeText(ESME[name as EsmeName], lang);
  if (/^(0x[0-9a-f]{1,8}|\d{1,10})$/i.test(name)) return esmeText(Number(name), lang);
  if (hasKey(lang, `errors.${name}`)) return translate(lang, `errors.${name}`, { reason: message ?? '' });
  return message ?? name;
}

export function toMessageDto(r: repo.MessageRow, lang: Lang): MessageDto {
  return {
    id: Number(r.id),
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
    channel: r.channel as Channel,
    status: r.status as MessageState,
    bulk_id: r.bulk_id,
    batch_id: r.batch_id,
    campaign_id: r.campaign_id,
    campaign_name: r.campaign_name ?? null,
    customer_id: r.customer_id,
    customer_name: r.customer_name ?? null,
    recipient: r.recipient,
    sender: r.sender,
    subject: r.subject,
    body: r.body,
    redacted: r.redacted === true,
    encoding: r.encoding,
    parts: r.parts,
    credits: r.credits,
    cost: r.cost,
    connection_id: r.connection_id,
    connection_name: r.connection_name,
    connection_stopped: r.connection_stopped === true,
    router_id: r.router_id,
    provider_message_id: r.provider_message_id,
    error_code: r.error_code,
    error_message: readableError(r.error_code, r.error_message, lang),
    blocked_by: r.blocked_by,
    possible_duplicate: r.possible_duplicate,
    scheduled_at: iso(r.scheduled_at),
    queued_at: iso(r.queued_at),
    sent_at: iso(r.sent_at),
    delivered_at: iso(r.delivered_at),
    read_at: iso(r.read_at),
    failed_at: iso(r.failed_at),
  };
}

/** A page of the history; the count is exact up to repo.EXACT_TOTAL_CAP, estimated beyond. */
export async function list(ctx: AppContext, auth: AuthContext, q: MessageListQuery, lang: Lang): Promise<MessageList> {
  if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'to', message: 'messages.validation.dateRange' }] });
  }
  const where = repo.messageWhere(auth.accountId, q);
  const [rows, count] = await Promise.all([repo.listPage(ctx.db, where, q), repo.countMatches(ctx.db, where)]);
  return {
    items: rows.map((r) => toMessageDto(r, lang)),
    page: q.page,
    limit: q.limit,
    total: count.total,
    total_estimated: count.estimated,
  };
}

export async function detail(ctx: AppContext, auth: AuthContext, id: number, lang: Lang): Promise<MessageDetailDto> {
  const row = await repo.findById(ctx.db, auth.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  const events = await repo.eventsOf(ctx.db, auth.accountId, id);
  return { ...toMessageDto(row, lang), events: timeline(row, events, lang) };
}

/** States the message row's own timestamps tell; the pipeline stores no event for them (decisions.md). */
const STAMPED = [
  ['QUEUED', 'queued_at'],
  ['SENT', 'sent_at'],
  ['DELIVERED', 'delivered_at'],
] as const;

/**
 * The stored events (state changes with a reason, receipts, failover, retries …) plus the plain
 * steps read from the row's timestamps, in time order. Synthesised steps have negative ids.
 */
export function timeline(
  row: Pick<repo.MessageRow, 'status' | 'queued_at' | 'sent_at' | 'delivered_at'>,
  events: { id: number | string; event: string; detail: string | null; at: Date | string }[],
  lang: Lang,
): MessageEventDto[] {
  const out: MessageEventDto[] = events.map((e) => ({
    id: Number(e.id),
    event: e.event,
    detail: storedReasonText(e.detail, lang),
    at: iso(e.at) as string,
  }));
  const stored = new Set(out.map((e) => e.event));
  // a partial send or delivery keeps its own event; delivered_at alone does not mean DELIVERED then
  const told = (event: string) =>
    stored.has(event) ||
    (event === 'SENT' && stored.has('PARTIALLY_SENT')) ||
    (event === 'DELIVERED' && (stored.has('PARTIALLY_DELIVERED') || !['DELIVERED', 'READ'].includes(row.status)));
  STAMPED.forEach(([event, column], i) => {
    const at = row[column];
    if (at && !told(event)) out.push({ id: -(i + 1), event, detail: null, at: iso(at) as string });
  });
  return out.sort((a, b) => a.at.localeCompare(b.at) || rank(a.event) - rank(b.event) || a.id - b.id);
}

/** Pipeline order, for steps that share a timestamp. */
const ORDER = ['PENDING', 'SCHEDULED', 'QUEUED', '*', 'SENT', 'PARTIALLY_SENT', 'ACCEPTED', 'DELIVERED', 'PARTIALLY_DELIVERED', 'READ'];
const rank = (event: string) => {
  const i = ORDER.indexOf(event);
  return i === -1 ? ORDER.indexOf('*') : i;
};

export async function inbound(
  ctx: AppContext,
  auth: AuthContext,
  q: { page: number; limit: number; channel?: 'sms' | 'whatsapp'; search?: string },
): Promise<InboundList> {
  const rows = await repo.listInbound(ctx.db, auth.accountId, q);
  return {
    items: rows.map(({ total: _total, ...r }) => ({ ...r, id: Number(r.id), received_at: iso(r.received_at) as string })),
    page: q.page,
    limit: q.limit,
    total: rows[0]?.total ?? 0,
  };
}

/** Every channel, zero when the account has no row for it yet. */
export async function creditBalances(ctx: AppContext, auth: AuthContext): Promise<CreditBalanceDto[]> {
  const rows = await repo.creditRows(ctx.db, auth.accountId);
  return CHANNELS.map((channel) => {
    const r = rows.find((x) => x.channel === channel);
    return {
      channel,
      balance: Number(r?.balance ?? 0),
      consumed: Number(r?.consumed ?? 0),
      low_threshold: r?.low_threshold == null ? LOW_CREDIT_DEFAULT[channel] : Number(r.low_threshold),
      low_threshold_is_default: r?.low_threshold == null,
    };
  });
}

/** Sets the account's low-credit threshold for a channel (null: back to the default), audited. */
export async function setLowCreditThreshold(ctx: AppContext, auth: AuthContext, channel: Channel, threshold: number | null) {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.setLowThreshold(tx, auth.accountId, channel, threshold))) throw new AppError('NOT_FOUND');
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'credits.low_threshold_set',
      target: { type: 'credits', id: channel },
      data: { threshold },
    });
  });
  return creditBalances(ctx, auth);
}
