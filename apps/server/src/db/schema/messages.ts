import type { InboundAction } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { accountId, ts } from './columns.ts';
import { users } from './accounts.ts';

/**
 * One row per recipient and channel (SMS, email, WhatsApp), partitioned by month on created_at
 * (the migration declares `PARTITION BY RANGE (created_at)`; `ensure_message_partitions()` keeps
 * the coming months ready and a DEFAULT partition catches anything else). The primary key carries
 * the partition key, so a message is addressed by (id, created_at); `id` alone is unique too (one
 * sequence) and indexed.
 *
 * Pipeline: status PENDING (stage `route`) → the router picks the connection (stage `filter`) →
 * blacklist/consent/content checks → QUEUED (stage `connection`, connection_id set) → the
 * connection's sender claims it (stage `inflight`) → SENT (stage `done`) → receipts/webhooks.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
    // no declared foreign keys on the high-volume tables (an RI trigger per row each): an account's
    // rows go with it through the accounts_purge_messages trigger (migration 0013); users are never deleted
    account_id: integer('account_id').notNull(),
    user_id: integer('user_id'),
    /** sms | email | whatsapp */
    channel: text('channel').notNull(),
    /** §4: PENDING, SCHEDULED, QUEUED, SENT, ACCEPTED, DELIVERED, READ, FAILED, BLOCKED, NOT_ALLOWED, PARTIALLY_SENT, PARTIALLY_DELIVERED, CANCELLED */
    status: text('status').notNull().default('PENDING'),
    /** route | filter | connection | inflight | done — which queue holds the message */
    stage: text('stage').notNull().default('route'),
    /** one send request (or one campaign batch) shares a bulk id */
    bulk_id: text('bulk_id').notNull(),
    batch_id: integer('batch_id'),
    campaign_id: integer('campaign_id'),
    customer_id: integer('customer_id'),
    /** E.164 number or email address */
    recipient: text('recipient').notNull(),
    /** what the recipient sees as the sender: SMS sender id, from-address, WhatsApp number */
    sender: text('sender'),
    sms_sender_id: integer('sms_sender_id'),
    email_sender_id: integer('email_sender_id'),
    whatsapp_sender_id: integer('whatsapp_sender_id'),
    template_id: integer('template_id'),
    whatsapp_template_id: integer('whatsapp_template_id'),
    subject: text('subject'),
    /** the rendered text (SMS, WhatsApp free-form, email text part) */
    body: text('body').notNull().default(''),
    /** channel specifics: email html/headers, WhatsApp template name, language and parameters */
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    /** SMS: GSM-7 | UCS-2 */
    encoding: text('encoding'),
    parts: smallint('parts').notNull().default(1),
    parts_sent: smallint('parts_sent').notNull().default(0),
    parts_delivered: smallint('parts_delivered').notNull().default(0),
    parts_failed: smallint('parts_failed').notNull().default(0),
    router_id: integer('router_id'),
    connection_id: integer('connection_id'),
    /** the route's attempts in order (failover); `attempt` indexes it */
    route_connection_ids: integer('route_connection_ids').array(),
    attempt: smallint('attempt').notNull().default(0),
    /** retries of this message on its current connection */
    retries: smallint('retries').notNull().default(0),
    /** credits charged: message parts (SMS) or 1 */
    credits: integer('credits').notNull().default(0),
    cost: numeric('cost', { precision: 12, scale: 5 }).notNull().default('0'),
    /** WhatsApp wamid, email Message-ID / SendGrid id (indexed: webhooks look messages up by it) */
    provider_message_id: text('provider_message_id'),
    /** SMSC id of an SMS's first part, for display only (receipts match through sms_part_keys) */
    smsc_message_id: text('smsc_message_id'),
    error_code: text('error_code'),
    error_message: text('error_message'),
    /** the blacklist that blocked the message */
    blocked_by: text('blocked_by'),
    /** submitted again after a crash while in flight: the SMSC may have it twice */
    possible_duplicate: boolean('possible_duplicate').notNull().default(false),
    scheduled_at: ts('scheduled_at'),
    queued_at: ts('queued_at'),
    claimed_at: ts('claimed_at'),
    sent_at: ts('sent_at'),
    delivered_at: ts('delivered_at'),
    read_at: ts('read_at'),
    clicked_at: ts('clicked_at'),
    failed_at: ts('failed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.created_at] }),
    index('messages_account_created_idx').on(t.account_id, t.created_at.desc()),
    index('messages_account_recipient_idx').on(t.account_id, t.recipient),
    index('messages_bulk_idx').on(t.bulk_id),
    // (batch_id, id): the campaign tick walks a batch's open messages from a watermark
    index('messages_batch_idx').on(t.batch_id, t.id).where(sql`${t.batch_id} is not null`),
    index('messages_campaign_idx').on(t.campaign_id).where(sql`${t.campaign_id} is not null`),
    // email and WhatsApp ids (webhooks); SMS ids live in sms_part_keys, so an SMS never changes an indexed column
    index('messages_provider_idx').on(t.provider_message_id).where(sql`${t.provider_message_id} is not null`),
  ],
);

/**
 * The SMS connection queue: one narrow row per QUEUED SMS waiting for (or in flight on) its
 * connection. The connection's sender claims rows (inflight = true), and deletes them with the
 * outcome; recovery after a crash turns a dead process's inflight rows back. Kept apart from
 * `messages` so no column of the wide row that an index covers ever changes while a message moves
 * through the pipeline (its updates stay HOT: docs/decisions.md "SMS pipeline throughput").
 */
export const smsQueue = pgTable(
  'sms_queue',
  {
    connection_id: integer('connection_id').notNull(),
    message_id: bigint('message_id', { mode: 'number' }).notNull(),
    message_created_at: ts('message_created_at').notNull(),
    inflight: boolean('inflight').notNull().default(false),
    /** claimed and about to leave (or gone) for the SMSC or gateway, with no outcome yet: a crash flags these */
    submitted: boolean('submitted').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.connection_id, t.message_id] })],
);

/** The timeline of a message: one row per state change or notable event. */
export const messageEvents = pgTable(
  'message_events',
  {
    id: bigserial('id', { mode: 'number' }),
    message_id: bigint('message_id', { mode: 'number' }).notNull(),
    account_id: integer('account_id').notNull(),
    /** a §4 state, or RETRY, RECEIPT, FAILOVER, THROTTLED, DUPLICATE_RISK … */
    event: text('event').notNull(),
    detail: text('detail'),
    data: jsonb('data'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'message_events_pkey', columns: [t.id, t.account_id] }),
    index('message_events_message_idx').on(t.message_id, t.at),
  ],
);

/**
 * SMSC message ids of submitted SMS parts, for matching delivery receipts (whatever the id format:
 * the canonical key is stored and a receipt is looked up by every reading of its id). Rows go when
 * the part's final receipt arrives; old rows are purged.
 */
export const smsPartKeys = pgTable(
  'sms_part_keys',
  {
    connection_id: integer('connection_id').notNull(),
    key: text('key').notNull(),
    message_id: bigint('message_id', { mode: 'number' }).notNull(),
    message_created_at: ts('message_created_at').notNull(),
    part: smallint('part').notNull(),
    account_id: integer('account_id').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_part_keys_lookup_idx').on(t.key, t.connection_id), index('sms_part_keys_created_idx').on(t.created_at)],
);

/**
 * Receipts that matched no sent part when they arrived (their submit_sm_resp not recorded yet, or
 * recorded by a process that then died): kept, answered, and applied once their key appears.
 * Not a tenant table: whose message it is, is known only when it matches.
 */
export const smsPendingReceipts = pgTable(
  'sms_pending_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the connection whose session it arrived on (its SMSC login decides what it may match) */
    connection_id: integer('connection_id').notNull(),
    /** every reading of the receipt's message id (dlr.ts messageIdKeys) */
    keys: text('keys').array().notNull(),
    receipt: jsonb('receipt').notNull(),
    received_at: ts('received_at').notNull().defaultNow(),
  },
  (t) => [index('sms_pending_receipts_received_idx').on(t.received_at)],
);

/** Inbound messages: MO SMS (deliver_sm) and WhatsApp messages from customers. */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: bigserial('id', { mode: 'number' }),
    account_id: accountId(),
    /** sms | whatsapp */
    channel: text('channel').notNull(),
    from_address: text('from_address').notNull(),
    to_address: text('to_address').notNull(),
    body: text('body').notNull().default(''),
    customer_id: integer('customer_id'),
    connection_id: integer('connection_id'),
    whatsapp_sender_id: integer('whatsapp_sender_id'),
    provider_message_id: text('provider_message_id'),
    /** what the pipeline did with it: stop, auto_reply, blocked (MO blacklist) … (labels in messages.inbox.actions) */
    action: text('action').$type<InboundAction>(),
    blocked_by: text('blocked_by'),
    received_at: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'inbound_messages_pkey', columns: [t.id, t.account_id] }),
    index('inbound_account_received_idx').on(t.account_id, t.received_at.desc()),
    // the WhatsApp 24-hour window: the customer's last message to a sender
    index('inbound_window_idx').on(t.account_id, t.channel, t.from_address, t.received_at.desc()),
    index('inbound_provider_idx').on(t.provider_message_id).where(sql`${t.provider_message_id} is not null`),
  ],
);

/** Message credits per account and channel; `balance` goes down per message part sent. */
export const credits = pgTable(
  'credits',
  {
    account_id: accountId(),
    /** sms | email | whatsapp */
    channel: text('channel').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    consumed: bigint('consumed', { mode: 'number' }).notNull().default(0),
    /** the account's low-credit threshold for the channel (null: LOW_CREDIT_DEFAULT) */
    low_threshold: bigint('low_threshold', { mode: 'number' }),
    /** the low-credit notice of the current crossing was sent (cleared when credits are added back) */
    low_notified: boolean('low_notified').notNull().default(false),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.channel] })],
);

/** Every change of a credit balance: grants, consumption per send request, refunds. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id'),
    account_id: accountId(),
    channel: text('channel').notNull(),
    /** negative: consumed; positive: granted or refunded */
    delta: bigint('delta', { mode: 'number' }).notNull(),
    /** trial_grant | hold (a send's credits before its transaction commits) | send | hold_void | refund | top_up | plan_grant */
    reason: text('reason').notNull(),
    bulk_id: text('bulk_id'),
    user_id: integer('user_id'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'credit_ledger_pkey', columns: [t.id, t.account_id] }),
    index('credit_ledger_account_idx').on(t.account_id, t.created_at.desc()),
    foreignKey({
      name: 'credit_ledger_user_id_users_id_fk',
      columns: [t.user_id, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);
