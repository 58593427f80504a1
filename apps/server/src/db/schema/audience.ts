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
  foreignKey,
} from 'drizzle-orm/pg-core';
import { accountId, timestamps, ts } from './columns.ts';
import { files, users } from './accounts.ts';

export const brands = pgTable(
  'brands',
  {
    id: serial('id'),
    account_id: accountId(),
    name: text('name').notNull(),
    description: text('description'),
    logo_file_id: integer('logo_file_id'),
    logo: text('logo'),
    website: text('website'),
    industry: text('industry'),
    /** hex colours, primary first */
    colors: text('colors').array().notNull().default(sql`'{}'::text[]`),
    voice_tone: text('voice_tone'),
    default_language: text('default_language').notNull().default('en'),
    created_by: integer('created_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'brands_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('brands_account_name_uq').on(t.account_id, sql`lower(${t.name})`),
    foreignKey({
      name: 'brands_logo_file_id_files_id_fk',
      columns: [t.logo_file_id, t.account_id],
      foreignColumns: [files.id, files.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'brands_created_by_users_id_fk',
      columns: [t.created_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);

export const content = pgTable(
  'content',
  {
    id: serial('id'),
    account_id: accountId(),
    title: text('title').notNull(),
    /** text | image | video | document | link */
    type: text('type').notNull(),
    body: text('body'),
    url: text('url'),
    file_id: integer('file_id'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    created_by: integer('created_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'content_pkey', columns: [t.id, t.account_id] }),
    index('content_account_idx').on(t.account_id, t.created_at),
    index('content_tags_idx').using('gin', t.tags),
    foreignKey({
      name: 'content_file_id_files_id_fk',
      columns: [t.file_id, t.account_id],
      foreignColumns: [files.id, files.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'content_created_by_users_id_fk',
      columns: [t.created_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);

export const contentBrands = pgTable(
  'content_brands',
  {
    account_id: accountId(),
    content_id: integer('content_id').notNull(),
    brand_id: integer('brand_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'content_brands_pkey', columns: [t.content_id, t.brand_id, t.account_id] }),
    index('content_brands_brand_idx').on(t.account_id, t.brand_id),
    foreignKey({
      name: 'content_brands_content_id_content_id_fk',
      columns: [t.content_id, t.account_id],
      foreignColumns: [content.id, content.account_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'content_brands_brand_id_brands_id_fk',
      columns: [t.brand_id, t.account_id],
      foreignColumns: [brands.id, brands.account_id],
    }).onDelete('cascade'),
  ],
);

/** The audience. The catalogue's "contacts" are these rows. */
export const customers = pgTable(
  'customers',
  {
    id: bigserial('id', { mode: 'number' }),
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
    brand_id: integer('brand_id'),
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
    primaryKey({ name: 'customers_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('customers_account_mobile_uq').on(t.account_id, t.mobile_number).where(sql`${t.mobile_number} is not null`),
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
    foreignKey({
      name: 'customers_brand_id_brands_id_fk',
      columns: [t.brand_id, t.account_id],
      foreignColumns: [brands.id, brands.account_id],
    }).onDelete('set null'),
  ],
);

/** Static groups (members listed) and dynamic segments (rules evaluated on demand). */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: serial('id'),
    account_id: accountId(),
    group_name: text('group_name').notNull(),
    group_description: text('group_description'),
    /** static | dynamic */
    type: text('type').notNull().default('static'),
    rules: jsonb('rules'),
    /** ACTIVE | INACTIVE */
    status: text('status').notNull().default('INACTIVE'),
    contacts_count: integer('contacts_count').notNull().default(0),
    created_by: integer('created_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'customer_groups_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('customer_groups_account_name_uq').on(t.account_id, sql`lower(${t.group_name})`),
    foreignKey({
      name: 'customer_groups_created_by_users_id_fk',
      columns: [t.created_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    account_id: accountId(),
    group_id: integer('group_id').notNull(),
    customer_id: bigint('customer_id', { mode: 'number' }).notNull(),
    added_at: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'group_members_pkey', columns: [t.group_id, t.customer_id, t.account_id] }),
    index('group_members_customer_idx').on(t.account_id, t.customer_id),
    foreignKey({
      name: 'group_members_group_id_customer_groups_id_fk',
      columns: [t.group_id, t.account_id],
      foreignColumns: [customerGroups.id, customerGroups.account_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'group_members_customer_id_customers_id_fk',
      columns: [t.customer_id, t.account_id],
      foreignColumns: [customers.id, customers.account_id],
    }).onDelete('cascade'),
  ],
);

export const blacklists = pgTable(
  'blacklists',
  {
    id: serial('id'),
    account_id: accountId(),
    blacklist_name: text('blacklist_name').notNull(),
    /** MT (outgoing) | MO (incoming) */
    blacklist_type: text('blacklist_type').notNull(),
    description: text('description'),
    /** ACTIVE | INACTIVE */
    status: text('status').notNull().default('ACTIVE'),
    created_by: integer('created_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'blacklists_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('blacklists_account_name_uq').on(t.account_id, sql`lower(${t.blacklist_name})`),
    foreignKey({
      name: 'blacklists_created_by_users_id_fk',
      columns: [t.created_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);

export const blacklistEntries = pgTable(
  'blacklist_entries',
  {
    id: bigserial('id', { mode: 'number' }),
    account_id: accountId(),
    blacklist_id: integer('blacklist_id').notNull(),
    /** number | prefix | keyword */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'blacklist_entries_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('blacklist_entries_uq').on(t.blacklist_id, t.kind, t.value, t.account_id),
    index('blacklist_entries_lookup_idx').on(t.account_id, t.kind, t.value),
    foreignKey({
      name: 'blacklist_entries_blacklist_id_blacklists_id_fk',
      columns: [t.blacklist_id, t.account_id],
      foreignColumns: [blacklists.id, blacklists.account_id],
    }).onDelete('cascade'),
  ],
);

/** A file import (customers or blacklist numbers) with its progress and row-level report. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id'),
    account_id: accountId(),
    user_id: integer('user_id'),
    /** customers | blacklist */
    kind: text('kind').notNull(),
    target_id: integer('target_id'),
    file_id: integer('file_id'),
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
  (t) => [
    primaryKey({ name: 'import_jobs_pkey', columns: [t.id, t.account_id] }),
    index('import_jobs_account_idx').on(t.account_id, t.created_at),
    foreignKey({
      name: 'import_jobs_user_id_users_id_fk',
      columns: [t.user_id, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'import_jobs_file_id_files_id_fk',
      columns: [t.file_id, t.account_id],
      foreignColumns: [files.id, files.account_id],
    }).onDelete('set null'),
  ],
);
