import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex, primaryKey, foreignKey } from 'drizzle-orm/pg-core';
import { accountId, timestamps, ts } from './columns.ts';
import { users } from './accounts.ts';

/**
 * SMS gateway connections (Jasmin's SMPP client connectors and HTTP gateways), per account: each
 * tenant brings its own SMSC; a new account gets a sandbox connection. Secrets are encrypted (`*_enc`).
 */
export const connections = pgTable(
  'connections',
  {
    id: serial('id'),
    account_id: accountId(),
    connection_name: text('connection_name').notNull(),
    /** smpp | http */
    type: text('type').notNull(),
    /** CREATED | CONNECTING | CONNECTED | DISCONNECTED | STOPPED */
    status: text('status').notNull().default('CREATED'),
    /** what the operator asked for: started | stopped (a worker brings `status` towards it) */
    desired_state: text('desired_state').notNull().default('stopped'),
    is_sandbox: boolean('is_sandbox').notNull().default(false),
    // SMPP
    host: text('host'),
    port: integer('port'),
    system_id: text('system_id'),
    password_enc: text('password_enc'),
    system_type: text('system_type'),
    /** transceiver | transmitter | receiver */
    bind_mode: text('bind_mode').notNull().default('transceiver'),
    source_ton: integer('source_ton').notNull().default(5),
    source_npi: integer('source_npi').notNull().default(0),
    dest_ton: integer('dest_ton').notNull().default(1),
    dest_npi: integer('dest_npi').notNull().default(1),
    address_range: text('address_range'),
    bind_timeout_s: integer('bind_timeout_s').notNull().default(30),
    response_timeout_s: integer('response_timeout_s').notNull().default(30),
    reconnect_delay_s: integer('reconnect_delay_s').notNull().default(10),
    retry_count: integer('retry_count').notNull().default(3),
    enquire_link_interval_s: integer('enquire_link_interval_s').notNull().default(30),
    window_size: integer('window_size').notNull().default(10),
    message_per_second: integer('message_per_second').notNull().default(100),
    arabic_sms_length: integer('arabic_sms_length').notNull().default(70),
    english_sms_length: integer('english_sms_length').notNull().default(160),
    sender_id: text('sender_id'),
    // HTTP
    post_url: text('post_url'),
    listen_url: text('listen_url'),
    http_username: text('http_username'),
    http_password_enc: text('http_password_enc'),
    proxy_host: text('proxy_host'),
    proxy_port: integer('proxy_port'),
    proxy_username: text('proxy_username'),
    proxy_password_enc: text('proxy_password_enc'),
    last_error: text('last_error'),
    connected_at: ts('connected_at'),
    /** the SMSC login it binds with: receipts of one login may arrive on any of its sessions (migration 0025) */
    smsc_login: text('smsc_login').generatedAlwaysAs(
      sql`case when is_sandbox then 'sandbox' when type = 'smpp' then 'smpp:' || lower(coalesce(host, '')) || ':' || coalesce(port::text, '') || ':' || coalesce(system_id, '') else 'connection:' || id::text end`,
    ),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'connections_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('connections_account_name_uq').on(t.account_id, sql`lower(${t.connection_name})`),
    index('connections_smsc_login_idx').on(t.smsc_login),
  ],
);

/** MT routes: default, static, random round robin, failover — tried in `order`. */
export const routers = pgTable(
  'routers',
  {
    id: serial('id'),
    account_id: accountId(),
    router_name: text('router_name').notNull(),
    /** default | static | random_round_robin | failover */
    router_type: text('router_type').notNull(),
    order: integer('order').notNull(),
    /** price per message part charged on this route */
    rate: numeric('rate', { precision: 12, scale: 5 }).notNull().default('0'),
    /** ACTIVE | INACTIVE */
    status: text('status').notNull().default('ACTIVE'),
    /** ordered: the failover sequence, or the round-robin pool */
    connection_ids: integer('connection_ids').array().notNull().default(sql`'{}'::int[]`),
    rules_ids: integer('rules_ids').array().notNull().default(sql`'{}'::int[]`),
    plugins_ids: integer('plugins_ids').array().notNull().default(sql`'{}'::int[]`),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'routers_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('routers_account_name_uq').on(t.account_id, sql`lower(${t.router_name})`),
    uniqueIndex('routers_account_order_uq').on(t.account_id, t.order),
  ],
);

/** Rules (filters) a router matches on: destination, source, sender, user, content, time window. */
export const rules = pgTable(
  'rules',
  {
    id: serial('id'),
    account_id: accountId(),
    rule_name: text('rule_name').notNull(),
    /** destination_prefix | destination_pattern | source_address | sender | user | content_pattern | content_keyword | time_window | transparent */
    filter_type: text('filter_type').notNull(),
    value: jsonb('value').notNull(),
    /** ACTIVE | INACTIVE */
    status: text('status').notNull().default('ACTIVE'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'rules_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('rules_account_name_uq').on(t.account_id, sql`lower(${t.rule_name})`),
  ],
);

/** Route plugins: URL shortener, sender-id override, … */
export const plugins = pgTable(
  'plugins',
  {
    id: serial('id'),
    account_id: accountId(),
    plugin_name: text('plugin_name').notNull(),
    /** url_shortener | sender_override */
    plugin_type: text('plugin_type').notNull(),
    description: text('description'),
    config: jsonb('config').notNull().default({}),
    /** INSTALLED | UNINSTALLED */
    status: text('status').notNull().default('INSTALLED'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'plugins_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('plugins_account_name_uq').on(t.account_id, sql`lower(${t.plugin_name})`),
  ],
);

/** SMS sender ids; new ones wait for a reviewer's approval. */
export const smsSenders = pgTable(
  'sms_senders',
  {
    id: serial('id'),
    account_id: accountId(),
    sender_id: text('sender_id').notNull(),
    /** alphanumeric | numeric | short_code */
    sender_type: text('sender_type').notNull(),
    description: text('description'),
    /** WAITING_FOR_APPROVAL | ACTIVE | REJECTED | INACTIVE */
    status: text('status').notNull().default('WAITING_FOR_APPROVAL'),
    rejection_reason: text('rejection_reason'),
    is_default: boolean('is_default').notNull().default(false),
    requested_by: integer('requested_by'),
    reviewed_by: integer('reviewed_by'),
    reviewed_at: ts('reviewed_at'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'sms_senders_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('sms_senders_account_sender_uq').on(t.account_id, sql`lower(${t.sender_id})`),
    foreignKey({
      name: 'sms_senders_requested_by_users_id_fk',
      columns: [t.requested_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'sms_senders_reviewed_by_users_id_fk',
      columns: [t.reviewed_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);

/** Email sending identity: SMTP relay or SendGrid; the from-address is verified by a mailed link. */
export const emailSenders = pgTable(
  'email_senders',
  {
    id: serial('id'),
    account_id: accountId(),
    /** sandbox | smtp | sendgrid */
    provider: text('provider').notNull(),
    from_name: text('from_name').notNull(),
    from_email: text('from_email').notNull(),
    reply_to: text('reply_to'),
    smtp_host: text('smtp_host'),
    smtp_port: integer('smtp_port'),
    smtp_user: text('smtp_user'),
    smtp_password_enc: text('smtp_password_enc'),
    /** none | starttls | tls */
    smtp_security: text('smtp_security').notNull().default('starttls'),
    sendgrid_api_key_enc: text('sendgrid_api_key_enc'),
    /** the SendGrid Event Webhook verification key (public, ECDSA) */
    sendgrid_webhook_key: text('sendgrid_webhook_key'),
    /** e.g. free | standard | dedicated_ip */
    tier: text('tier').notNull().default('standard'),
    daily_limit: integer('daily_limit'),
    /** PENDING_VERIFICATION | ACTIVE | INACTIVE */
    status: text('status').notNull().default('PENDING_VERIFICATION'),
    verify_token_hash: text('verify_token_hash'),
    verified_at: ts('verified_at'),
    is_default: boolean('is_default').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'email_senders_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('email_senders_account_from_uq').on(t.account_id, sql`lower(${t.from_email})`),
  ],
);

/** WhatsApp Business senders (Cloud API phone numbers) with auto-reply settings. */
export const whatsappSenders = pgTable(
  'whatsapp_senders',
  {
    id: serial('id'),
    account_id: accountId(),
    display_name: text('display_name').notNull(),
    phone_number: text('phone_number').notNull(),
    phone_number_id: text('phone_number_id').notNull(),
    business_account_id: text('business_account_id').notNull(),
    access_token_enc: text('access_token_enc'),
    app_secret_enc: text('app_secret_enc'),
    is_sandbox: boolean('is_sandbox').notNull().default(false),
    /** PENDING_SETUP | ACTIVE | INACTIVE */
    status: text('status').notNull().default('PENDING_SETUP'),
    setup_completed_at: ts('setup_completed_at'),
    /** { enabled, rules: [{ keyword, match: 'exact'|'contains', reply }], away: { enabled, text } } */
    auto_reply: jsonb('auto_reply')
      .notNull()
      .default({ enabled: false, rules: [], away: { enabled: false, text: '' } }),
    is_default: boolean('is_default').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'whatsapp_senders_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('whatsapp_senders_account_phone_id_uq').on(t.account_id, t.phone_number_id),
    // a Meta phone number id belongs to one WhatsApp Business account, so to one of ours once the
    // Cloud API confirmed the account's token reaches it (setup completed): webhooks and inbound
    // messages are routed by it alone. Before that, any account may type any id in.
    uniqueIndex('whatsapp_senders_bound_phone_id_uq').on(t.phone_number_id).where(sql`${t.setup_completed_at} is not null`),
  ],
);
