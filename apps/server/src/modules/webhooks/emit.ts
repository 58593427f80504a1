/**
 * Events into deliveries: one multi-row INSERT for any number of events (joined to the account's
 * enabled endpoints that subscribe to the event), and nothing at all — no query — when the
 * per-process cache says the account has no such endpoint. The cache holds each account's enabled
 * endpoints for CACHE_MS; a change through the API clears the account's entry here, other
 * processes see it within CACHE_MS. A trigger (0040_webhooks.sql) queues the sender's job of each
 * endpoint that got a delivery, in the same transaction as the event.
 */
import type { WebhookEvent } from '@risala/shared/schemas/webhooks';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client.ts';

/** a transaction, the app's database or a bare pool (the message states' hot statements run on one) */
export type Runner = DbOrTx | pg.Pool;
const dialect = new PgDialect();

async function run<T>(db: Runner, q: SQL): Promise<T[]> {
  if ('execute' in db) return (await db.execute(q)).rows as T[];
  const c = dialect.sqlToQuery(q);
  return (await db.query(c.sql, c.params)).rows as T[];
}

const CACHE_MS = 5_000;
const cache = new Map<number, { at: number; events: Set<string> }>();

/** forget an account's endpoints (after a change through the API) */
export function forgetEndpoints(accountId: number): void {
  cache.delete(accountId);
}

/** The accounts among `accountIds` with an enabled endpoint for `type`: one query for the uncached ones. */
export async function accountsListening(db: Runner, accountIds: Iterable<number>, type: WebhookEvent): Promise<Set<number>> {
  const now = Date.now();
  const unknown: number[] = [];
  const wanted = new Set(accountIds);
  for (const id of wanted) {
    const hit = cache.get(id);
    if (!hit || now - hit.at > CACHE_MS) unknown.push(id);
  }
  if (unknown.length) {
    const rows = await run<{ account_id: number; events: string[] }>(
      db,
      sql`select account_id, events from webhook_endpoints where account_id = any(${sql.param(unknown)}::int[]) and enabled`,
    );
    for (const id of unknown) cache.set(id, { at: now, events: new Set() });
    for (const r of rows) for (const e of r.events) cache.get(r.account_id)?.events.add(e);
    if (cache.size > 50_000) cache.clear();
  }
  return new Set([...wanted].filter((id) => cache.get(id)?.events.has(type)));
}

export interface WebhookItem {
  account_id: number;
  data: unknown;
  /** deliveries with the same key to one endpoint go out in the order they were made */
  ordering_key?: string | null;
}

/** Events of one type, for any accounts, in one statement (none when no account listens). */
export async function emitWebhookEvents(db: Runner, type: WebhookEvent, items: WebhookItem[]): Promise<number> {
  if (items.length === 0) return 0;
  const listening = await accountsListening(
    db,
    items.map((i) => i.account_id),
    type,
  );
  const due = items.filter((i) => listening.has(i.account_id));
  if (due.length === 0) return 0;
  const rows = await run<{ n: number }>(
    db,
    sql`
    with ins as (
      insert into webhook_deliveries (account_id, endpoint_id, event, payload, ordering_key)
      select (v.item->>'account_id')::int, e.id, ${type}, (v.item->'data')::jsonb, v.item->>'key'
        from json_array_elements(${JSON.stringify(due.map((i) => ({ account_id: i.account_id, data: i.data, key: i.ordering_key ?? null })))}::json)
               with ordinality as v(item, ord)
        join webhook_endpoints e on e.account_id = (v.item->>'account_id')::int and e.enabled and ${type} = any(e.events)
       order by v.ord, e.id
      returning 1)
    select count(*)::int as n from ins`,
  );
  return rows[0]?.n ?? 0;
}

/** One event (the design's export): cheap when the account has no endpoint for it. */
export async function emitWebhookEvent(
  db: Runner,
  accountId: number,
  type: WebhookEvent,
  data: unknown,
  orderingKey?: string | null,
): Promise<number> {
  return emitWebhookEvents(db, type, [{ account_id: accountId, data, ordering_key: orderingKey ?? null }]);
}

/** A message's status change, as `message.status` data (docs/webhooks.md). */
export interface MessageStatusChange {
  id: number;
  account_id: number;
  channel: string;
  status: string;
  previous_status: string | null;
  error_code?: string | null;
  reference?: string | null;
}

/**
 * The callers' own references (api_message_refs, kept by the public API per send) of the messages
 * among `changes` that have none given: one statement for the whole batch, matched by the
 * message's send (bulk_id).
 */
async function referencesOf(db: Runner, changes: MessageStatusChange[]): Promise<Map<number, string>> {
  const wanted = changes.filter((c) => c.reference === undefined);
  if (wanted.length === 0) return new Map();
  const rows = await run<{ id: string | number; reference: string }>(
    db,
    sql`
    select m.id, r.reference
      from messages m
      join api_message_refs r on r.account_id = m.account_id and r.bulk_id = m.bulk_id
     where m.id = any(${sql.param(wanted.map((c) => c.id))}::bigint[])
       and m.account_id = any(${sql.param([...new Set(wanted.map((c) => c.account_id))])}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.reference]));
}

/**
 * Status changes of any number of messages: ordered per message (its id is the ordering key).
 * Nothing is read unless an account among them listens for `message.status`; then the references
 * of the listening accounts' messages come in one batched lookup (referencesOf).
 */
export async function emitMessageStatuses(db: Runner, changes: MessageStatusChange[]): Promise<number> {
  if (changes.length === 0) return 0;
  const listening = await accountsListening(
    db,
    changes.map((c) => c.account_id),
    'message.status',
  );
  const due = changes.filter((c) => listening.has(c.account_id));
  if (due.length === 0) return 0;
  const references = await referencesOf(db, due);
  const at = new Date().toISOString();
  return emitWebhookEvents(
    db,
    'message.status',
    due.map((c) => ({
      account_id: c.account_id,
      ordering_key: `message:${c.id}`,
      data: {
        message_id: c.id,
        reference: c.reference ?? references.get(c.id) ?? null,
        channel: c.channel,
        status: c.status,
        previous_status: c.previous_status,
        error_code: c.error_code ?? null,
        at,
      },
    })),
  );
}
