import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { brands } from './audience.ts';
import { accountId, timestamps, ts } from './columns.ts';
import { users } from './accounts.ts';

/**
 * A campaign: brand and objective, channels in fallback order, an audience (groups and segments
 * with exclusions), content and a sender per channel, an optional A/B test, a schedule and a state
 * (DRAFT, SCHEDULED, WAITING_FOR_APPROVAL, RUNNING, PAUSED, COMPLETED, COMPLETED_WITH_ERRORS,
 * CANCELED). Deploying creates batches; messages carry campaign_id and batch_id.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id'),
    account_id: accountId(),
    created_by: integer('created_by'),
    name: text('name').notNull(),
    brand_id: integer('brand_id'),
    objective: text('objective'),
    /** ordered: the first channel a customer can receive is used (e.g. whatsapp, then sms) */
    channels: text('channels').array().notNull().default(sql`'{}'::text[]`),
    /** { group_ids: [], exclude_group_ids: [] } — groups include dynamic segments */
    audience: jsonb('audience').notNull().default(sql`'{}'::jsonb`),
    /** per channel: { sms: { template_id | text }, email: { template_id | subject, html }, whatsapp: { whatsapp_template_id, params } } */
    content: jsonb('content').notNull().default(sql`'{}'::jsonb`),
    /** { sms_sender_id, email_sender_id, whatsapp_sender_id } */
    senders: jsonb('senders').notNull().default(sql`'{}'::jsonb`),
    /** null, or { split_percent, metric: delivery|open|click, after_hours, variant_b: { …content } , winner, decided_at } */
    ab_test: jsonb('ab_test'),
    /** room for the AI planning issue */
    ai_plan_id: integer('ai_plan_id'),
    status: text('status').notNull().default('DRAFT'),
    schedule_at: ts('schedule_at'),
    launched_at: ts('launched_at'),
    completed_at: ts('completed_at'),
    /** the audience count and estimate at deploy (the report's "targeted") */
    targeted: integer('targeted').notNull().default(0),
    estimated_cost: numeric('estimated_cost', { precision: 14, scale: 5 }).notNull().default('0'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'campaigns_pkey', columns: [t.id, t.account_id] }),
    index('campaigns_account_created_idx').on(t.account_id, t.created_at.desc()),
    index('campaigns_account_status_idx').on(t.account_id, t.status),
    index('campaigns_brand_idx').on(t.brand_id),
    uniqueIndex('campaigns_account_name_uq').on(t.account_id, sql`lower(${t.name})`),
    foreignKey({
      name: 'campaigns_created_by_users_id_fk',
      columns: [t.created_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'campaigns_brand_id_brands_id_fk',
      columns: [t.brand_id, t.account_id],
      foreignColumns: [brands.id, brands.account_id],
    }).onDelete('restrict'),
  ],
);

/**
 * A batch: one deployment chunk of a campaign (per variant), with the catalogue's fields, portal
 * approval (PORTAL_WAITING_FOR_APPROVAL → PORTAL_APPROVED | PORTAL_REJECTED), gateway review
 * (APPROVED | REJECTED) and processing state (PROCESSING, IN_PROGRESS, COMPLETED,
 * COMPLETED_WITH_ERRORS); scheduled batches can be sent now, rescheduled or canceled.
 */
export const batches = pgTable(
  'batches',
  {
    id: serial('id'),
    account_id: accountId(),
    campaign_id: integer('campaign_id'),
    /** the public id shown in the UI, e.g. B-20261122-000042 */
    batch_id: text('batch_id').notNull(),
    /** A | B | null (no A/B test) | REST (the remainder after the winner) */
    variant: text('variant'),
    message_count: integer('message_count').notNull().default(0),
    message_cost: numeric('message_cost', { precision: 14, scale: 5 }).notNull().default('0'),
    scheduled_at: ts('scheduled_at'),
    request_priority: integer('request_priority').notNull().default(5),
    /** campaign | api | test */
    request_type: text('request_type').notNull().default('campaign'),
    /** portal | api */
    request_source: text('request_source').notNull().default('portal'),
    approval_status: text('approval_status'),
    approved_by: integer('approved_by'),
    approved_at: ts('approved_at'),
    gateway_status: text('gateway_status'),
    gateway_reviewer: integer('gateway_reviewer'),
    rejection_reason: text('rejection_reason'),
    rejected_date: ts('rejected_date'),
    processing_status: text('processing_status'),
    /** expansion chunks not yet done (PROCESSING → IN_PROGRESS when it reaches 0) */
    expand_pending: integer('expand_pending').notNull().default(0),
    /** the campaign tick's watermark: every message of the batch below this id has left the queues */
    open_from_id: bigint('open_from_id', { mode: 'number' }),
    requires_gateway_review: boolean('requires_gateway_review').notNull().default(false),
    canceled_at: ts('canceled_at'),
    canceled_by: integer('canceled_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'batches_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('batches_batch_id_uq').on(t.batch_id, t.account_id),
    index('batches_account_created_idx').on(t.account_id, t.created_at.desc()),
    index('batches_campaign_idx').on(t.campaign_id),
    index('batches_approval_idx').on(t.account_id, t.approval_status),
    index('batches_scheduled_idx').on(t.scheduled_at).where(sql`${t.processing_status} is null and ${t.canceled_at} is null`),
    foreignKey({
      name: 'batches_campaign_id_campaigns_id_fk',
      columns: [t.campaign_id, t.account_id],
      foreignColumns: [campaigns.id, campaigns.account_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'batches_approved_by_users_id_fk',
      columns: [t.approved_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'batches_gateway_reviewer_users_id_fk',
      columns: [t.gateway_reviewer, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'batches_canceled_by_users_id_fk',
      columns: [t.canceled_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);

/**
 * The expansion chunks a batch has done, by the id the chunk starts after: a chunk whose job runs
 * again (its process died between the commit and the job's completion) finds its row and adds
 * nothing, so an audience member gets one message.
 */
export const batchChunks = pgTable(
  'batch_chunks',
  {
    batch_id: integer('batch_id').notNull(),
    after_id: bigint('after_id', { mode: 'number' }).notNull(),
    /** its batch's account (the key includes it: docs/architecture.md §8) */
    account_id: integer('account_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'batch_chunks_pkey', columns: [t.batch_id, t.after_id, t.account_id] }),
    foreignKey({
      name: 'batch_chunks_batch_id_batches_id_fk',
      columns: [t.batch_id, t.account_id],
      foreignColumns: [batches.id, batches.account_id],
    }).onDelete('cascade'),
  ],
);

/**
 * Clicks of a campaign's email per link (migration 0030; no foreign keys, like the analytics
 * rollups: the account's purge trigger removes them).
 */
export const campaignLinkClicks = pgTable(
  'campaign_link_clicks',
  {
    account_id: integer('account_id').notNull(),
    campaign_id: integer('campaign_id').notNull(),
    /** md5 of the url: the key (a url may be longer than an index entry) */
    url_key: text('url_key').notNull(),
    url: text('url').notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    /** messages that clicked the link (a message's first click of it) */
    unique_clicks: bigint('unique_clicks', { mode: 'number' }).notNull().default(0),
    last_at: ts('last_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'campaign_link_clicks_pk', columns: [t.account_id, t.campaign_id, t.url_key] })],
);
