import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountId, timestamps, ts, } from './columns.ts';
import { files, users } from './accounts.ts';


export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    account_id: accountId(),
    name: text('name').notNull(),
    description: text('description'),
    logo_file_id: integer('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    logo: text('logo'),
    website: text('website'),
    industry: text('industry'),
    /** hex colours, primary first */
    colors: text('colors').array().notNull().default(sql`'{}'::text[]`),
    voice_tone: text('voice_tone'),
    default_language: text('default_language').notNull().default('en'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('brands_account_name_uq').on(t.account_id, sql`lower(${t.name})`)],
);

export const content = pgTable(
  'content',
  {
    id: serial('id').primaryKey(),
    account_id: accountId(),
    title: text('title').notNull(),
    /** text | image | video | document | link */
    type: text('type').notNull(),
    body: text('body'),
    url: text('url'),
    file_id: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('content_account_idx').on(t.account_id, t.created_at),
    index('content_tags_idx').using('gin', t.tags),
  ],
);

export const contentBrands = pgTable(
  'content_brands',
  {
    account_id: accountId(),
    content_id: integer('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.content_id, t.brand_id] }),
    index('content_brands_brand_idx').on(t.account_id, t.brand_id),
  ],
);

/** The audience. The catalogue's "contacts" are these rows. */
export const customers = pgTable(
  'customers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: accountId(),
    first_name: text('first_name'),
    last_name: text('last_name'),
    /** E.164 */
    mobile_number: text('mobile_number'),
    email: text('email'),
    language: text('language').notNull().default('en'),
    /** ISO 3166-1 alpha-2 */
    country: text('country'),
    city: text('city'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    attributes: jsonb('attributes').notNull().default({}),
    brand_id: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    consent_email: boolean('consent_email').notNull().default(false),
    consent_email_source: text('consent_email_source'),
    consent_email_at: ts('consent_email_at'),
    consent_sms: boolean('consent_sms').notNull().default(false),
    consent_sms_source: text('consent_sms_source'),
    consent_sms_at: ts('consent_sms_at'),
    consent_whatsapp: boolean('consent_whatsapp').notNull().default(false),
    consent_whatsapp_source: text('consent_whatsapp_source'),
    consent_whatsapp_at: ts('consent_whatsapp_at'),
    /** last inbound message (WhatsApp 24-hour window) */
    last_inbound_at: ts('last_inbound_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('customers_account_mobile_uq')
      .on(t.account_id, t.mobile_number)
      .where(sql`${t.mobile_number} is not null`),
    index('customers_account_email_idx').on(t.account_id, sql`lower(${t.email})`),
    index('customers_account_created_idx').on(t.account_id, t.created_at, t.id),
    // (account_id, country) lookups use customers_segment_idx (migration 0003), which leads with both
    index('customers_tags_idx').using('gin', t.tags),
    // the brand filter of the list, and the brand delete's ON DELETE SET NULL (which would otherwise
    // scan every account's customers); partial, so rows without a brand — most — cost nothing
    index('customers_brand_idx').on(t.brand_id).where(sql`${t.brand_id} is not null`),
    index('customers_search_idx').using(
      'gin',
      sql`(coalesce(${t.first_name}, '') || ' ' || coalesce(${t.last_name}, '') || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.mobile_number}, '')) gin_trgm_ops`,
    ),
  ],
);

/** Static groups (members listed) and dynamic segments (rules evaluated on demand). */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: serial('id').primaryKey(),
    account_id: accountId(),
    group_name: text('group_name').notNull(),
    group_description: text('group_description'),
    /** static | dynamic */
    type: text('type').notNull().default('static'),
    rules: jsonb('rules'),
    /** ACTIVE | INACTIVE */
    status: text('status').notNull().default('INACTIVE'),
    contacts_count: integer('contacts_count').notNull().default(0),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('customer_groups_account_name_uq').on(t.account_id, sql`lower(${t.group_name})`)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    account_id: accountId(),
    group_id: integer('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    customer_id: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    added_at: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.group_id, t.customer_id] }),
    index('group_members_customer_idx').on(t.account_id, t.customer_id),
  ],
);

export const blacklists = pgTable(
  'blacklists',
  {
    id: serial('id').primaryKey(),
    account_id: accountId(),
    blacklist_name: text('blacklist_name').notNull(),
    /** MT (outgoing) | MO (incoming) */
    blacklist_type: text('blacklist_type').notNull(),
    description: text('description'),
    /** ACTIVE | INACTIVE */
    status: text('status').notNull().default('ACTIVE'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('blacklists_account_name_uq').on(t.account_id, sql`lower(${t.blacklist_name})`)],
);

export const blacklistEntries = pgTable(
  'blacklist_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: accountId(),
    blacklist_id: integer('blacklist_id')
      .notNull()
      .references(() => blacklists.id, { onDelete: 'cascade' }),
    /** number | prefix | keyword */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blacklist_entries_uq').on(t.blacklist_id, t.kind, t.value),
    index('blacklist_entries_lookup_idx').on(t.account_id, t.kind, t.value),
  ],
);

/** A file import (customers or blacklist numbers) with its progress and row-level report. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    account_id: accountId(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** customers | blacklist */
    kind: text('kind').notNull(),
    target_id: integer('target_id'),
    file_id: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** UPLOADED | VALIDATING | IMPORTING | COMPLETED | REJECTED | FAILED */
    status: text('status').notNull().default('UPLOADED'),
    /** insert | upsert */
    mode: text('mode').notNull().default('insert'),
    mapping: jsonb('mapping'),
    options: jsonb('options').notNull().default({}),
    total_rows: integer('total_rows').notNull().default(0),
    processed_rows: integer('processed_rows').notNull().default(0),
    inserted_rows: integer('inserted_rows').notNull().default(0),
    updated_rows: integer('updated_rows').notNull().default(0),
    failed_rows: integer('failed_rows').notNull().default(0),
    errors_file_key: text('errors_file_key'),
    error_code: text('error_code'),
    error_message: text('error_message'),
    created_at: ts('created_at').notNull().defaultNow(),
    started_at: ts('started_at'),
    finished_at: ts('finished_at'),
  },
  (t) => [index('import_jobs_account_idx').on(t.account_id, t.created_at)],
);
