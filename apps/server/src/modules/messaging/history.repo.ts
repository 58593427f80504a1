import { type InboundAction, MESSAGE_VIEWS, type MessageDto, type MessageListQuery } from '@risala/shared/schemas/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { likePattern, phoneSearchDigits } from '../../lib/search.ts';

/** Above this many matches the history shows the planner's estimate instead of an exact count. */
export const EXACT_TOTAL_CAP = 10_000;

type DateKey = 'created_at' | 'updated_at' | 'scheduled_at' | 'queued_at' | 'sent_at' | 'delivered_at' | 'read_at' | 'failed_at';

/** A row as the driver returns it: the DTO's fields, with timestamps as Date or text and free-form channel/status. */
export type MessageRow = Omit<MessageDto, DateKey | 'channel' | 'status'> & {
  channel: string;
  status: string;
} & { [K in DateKey]: Date | string | (null extends MessageDto[K] ? null : never) };

const COLUMNS = sql.raw(
  `m.id, m.created_at, m.updated_at, m.channel, m.status, m.bulk_id, m.batch_id, m.campaign_id, m.customer_id,
   m.recipient, m.sender, m.subject, m.body, m.payload ? 'redacted_at' as redacted, m.encoding, m.parts, m.credits, m.cost::text as cost, m.connection_id,
   c.connection_name, coalesce(c.desired_state = 'stopped', false) as connection_stopped, m.router_id, coalesce(m.provider_message_id, m.smsc_message_id) as provider_message_id, m.error_code, m.error_message, m.blocked_by,
   m.possible_duplicate, m.scheduled_at, m.queued_at, m.sent_at, m.delivered_at, m.read_at, m.failed_at,
   nullif(trim(concat_ws(' ', cu.first_name, cu.last_name)), '') as customer_name, ca.name as campaign_name`,
);
// who and which campaign, by primary key for the page's rows (scoped to the account like the message)
const FROM = sql.raw(`messages m left join connections c on c.id = m.connection_id
  left join customers cu on cu.id = m.customer_id and cu.account_id = m.account_id
  left join campaigns ca on ca.id = m.campaign_id and ca.account_id = m.account_id`);

/** The list and export filters (everything but paging and sorting). */
export type MessageFilter = Omit<MessageListQuery, 'page' | 'limit' | 'sort' | 'order'>;

/** WHERE for the account's messages; every predicate is on `m` and leads with account_id (the indexes do). */
export function messageWhere(accountId: number, f: MessageFilter): SQL {
  const parts: SQL[] = [sql`m.account_id = ${accountId}`];
  const states: readonly string[] = MESSAGE_VIEWS[f.view ?? 'all'];
  if (states.length) parts.push(sql`m.status = any(${sql.param([...states])}::text[])`);
  if (f.status) parts.push(sql`m.status = ${f.status}`);
  if (f.channel) parts.push(sql`m.channel = ${f.channel}`);
  if (f.bulk_id) parts.push(sql`m.bulk_id = ${f.bulk_id}`);
  if (f.campaign_id) parts.push(sql`m.campaign_id = ${f.campaign_id}`);
  if (f.error_code) parts.push(f.error_code === '-' ? sql`m.error_code is null` : sql`m.error_code = ${f.error_code}`);
  // created_at bounds prune the monthly partitions
  if (f.from) parts.push(sql`m.created_at >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`m.created_at < ${f.to}::timestamptz`);
  if (f.search) {
    const like = likePattern(f.search);
    const digits = phoneSearchDigits(f.search); // a number typed as people write it ("050 123 4567")
    const recipient = digits
      ? sql`(m.recipient ilike ${like} or m.recipient ilike ${likePattern(digits)})`
      : sql`m.recipient ilike ${like}`;
    parts.push(sql`(${recipient} or m.sender ilike ${like} or m.body ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

/** created_at (then id) always closes the order: it is the partition key and the index order. */
const ORDER: Record<MessageListQuery['sort'], (dir: string) => string> = {
  created_at: (d) => `m.created_at ${d}, m.id ${d}`,
  sent_at: (d) => `m.sent_at ${d} nulls last, m.created_at ${d}, m.id ${d}`,
  status: (d) => `m.status ${d}, m.created_at desc, m.id desc`,
  recipient: (d) => `m.recipient ${d}, m.created_at desc, m.id desc`,
};

export async function listPage(db: DbOrTx, where: SQL, q: MessageListQuery): Promise<MessageRow[]> {
  const order = sql.raw(ORDER[q.sort](q.order === 'asc' ? 'asc' : 'desc'));
  const { rows } = await db.execute<MessageRow>(
    sql`select ${COLUMNS} from ${FROM} where ${where} order by ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return rows;
}

/**
 * The number of matches, exact up to EXACT_TOTAL_CAP (a capped count stays fast on millions of
 * rows); beyond it, the planner's row estimate.
 */
export async function countMatches(db: DbOrTx, where: SQL): Promise<{ total: number; estimated: boolean }> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from messages m where ${where} limit ${EXACT_TOTAL_CAP + 1}) x`,
  );
  const n = rows[0]?.n ?? 0;
  if (n <= EXACT_TOTAL_CAP) return { total: n, estimated: false };
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 from messages m where ${where}`,
  );
  const estimate = plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? n;
  return { total: Math.max(n, Math.round(estimate)), estimated: true };
}

export type ExportRow = MessageRow & { cursor_at: string };

/** One page of the export, keyset-paginated on (created_at, id) descending: index order, no offset. */
export async function exportChunk(db: DbOrTx, where: SQL, after: ExportRow | null, limit: number): Promise<ExportRow[]> {
  // the cursor is the timestamp's text: exact to the microsecond (a JS Date keeps milliseconds only)
  const keyset = after ? sql` and (m.created_at, m.id) < (${after.cursor_at}::timestamptz, ${after.id})` : sql``;
  const { rows } = await db.execute<ExportRow>(
    sql`select ${COLUMNS}, m.created_at::text as cursor_at from ${FROM} where ${where}${keyset}
         order by m.created_at desc, m.id desc limit ${limit}`,
  );
  return rows;
}

export async function findById(db: DbOrTx, accountId: number, id: number): Promise<MessageRow | null> {
  const { rows } = await db.execute<MessageRow>(
    sql`select ${COLUMNS} from ${FROM} where m.id = ${id} and m.account_id = ${accountId} limit 1`,
  );
  return rows[0] ?? null;
}

export async function eventsOf(db: DbOrTx, accountId: number, messageId: number) {
  const { rows } = await db.execute<{ id: number; event: string; detail: string | null; at: Date | string }>(
    sql`select id, event, detail, at from message_events
         where message_id = ${messageId} and account_id = ${accountId} order by at, id`,
  );
  return rows;
}

export type InboundRow = {
  id: number;
  channel: 'sms' | 'whatsapp';
  from_address: string;
  to_address: string;
  body: string;
  customer_id: number | null;
  action: InboundAction | null;
  blocked_by: string | null;
  received_at: Date | string;
  total: number;
};

export async function listInbound(
  db: DbOrTx,
  accountId: number,
  q: { page: number; limit: number; channel?: string; search?: string },
): Promise<InboundRow[]> {
  const parts: SQL[] = [sql`account_id = ${accountId}`];
  if (q.channel) parts.push(sql`channel = ${q.channel}`);
  if (q.search) {
    const like = likePattern(q.search);
    const digits = phoneSearchDigits(q.search);
    const from = digits ? sql`(from_address ilike ${like} or from_address ilike ${likePattern(digits)})` : sql`from_address ilike ${like}`;
    parts.push(sql`(${from} or body ilike ${like})`);
  }
  const { rows } = await db.execute<InboundRow>(
    sql`select id, channel, from_address, to_address, body, customer_id, action, blocked_by, received_at,
               count(*) over()::int as total
          from inbound_messages where ${sql.join(parts, sql` and `)}
         order by received_at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return rows;
}

/** The account's low-credit threshold for a channel (null: the default); false when the account has no credits row for it. */
export async function setLowThreshold(db: DbOrTx, accountId: number, channel: string, threshold: number | null): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update credits set low_threshold = ${threshold}, updated_at = now() where account_id = ${accountId} and channel = ${channel} returning 1`);
  return rows.length > 0;
}

export async function creditRows(db: DbOrTx, accountId: number) {
  const { rows } = await db.execute<{ channel: string; balance: number; consumed: number; low_threshold: number | null }>(
    sql`select channel, balance::float8 as balance, consumed::float8 as consumed, low_threshold::float8 as low_threshold
          from credits where account_id = ${accountId}`,
  );
  return rows;
}
