import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex, primaryKey, foreignKey } from 'drizzle-orm/pg-core';
import { accountId, ts } from './columns.ts';
import { users } from './accounts.ts';
import { brands } from './audience.ts';

/** Message templates for email, SMS and WhatsApp text, with a review workflow. */
export const templates = pgTable(
  'templates',
  {
    id: serial('id'),
    account_id: accountId(),
    template_name: text('template_name').notNull(),
    /** email | sms | whatsapp */
    message_type: text('message_type').notNull(),
    category: text('category').notNull().default('marketing'),
    subject: text('subject'),
    /** plain text (SMS, WhatsApp, email text part) */
    template_text: text('template_text').notNull().default(''),
    /** sanitised HTML (email), CSS inlined at send time */
    html: text('html'),
    /** the visual builder's design (MJML) the HTML was rendered from; null: rich text or HTML source */
    mjml: text('mjml'),
    variables: text('variables').array().notNull().default(sql`'{}'::text[]`),
    brand_id: integer('brand_id'),
    /** DRAFT | PENDING_REVIEW | APPROVED | REJECTED */
    status: text('status').notNull().default('DRAFT'),
    rejection_reason: text('rejection_reason'),
    submitted_at: ts('submitted_at'),
    submitted_by: integer('submitted_by'),
    reviewed_at: ts('reviewed_at'),
    reviewed_by: integer('reviewed_by'),
    created_by: integer('created_by'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'templates_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('templates_account_name_uq').on(t.account_id, sql`lower(${t.template_name})`),
    index('templates_account_type_idx').on(t.account_id, t.message_type, t.status),
    foreignKey({
      name: 'templates_brand_id_brands_id_fk',
      columns: [t.brand_id, t.account_id],
      foreignColumns: [brands.id, brands.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'templates_submitted_by_users_id_fk',
      columns: [t.submitted_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'templates_reviewed_by_users_id_fk',
      columns: [t.reviewed_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'templates_created_by_users_id_fk',
      columns: [t.created_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);

export const templateReviews = pgTable(
  'template_reviews',
  {
    id: serial('id'),
    account_id: accountId(),
    template_id: integer('template_id').notNull(),
    /** submitted | approved | rejected | reopened */
    action: text('action').notNull(),
    actor_id: integer('actor_id'),
    reason: text('reason'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'template_reviews_pkey', columns: [t.id, t.account_id] }),
    index('template_reviews_template_idx').on(t.account_id, t.template_id),
    foreignKey({
      name: 'template_reviews_template_id_templates_id_fk',
      columns: [t.template_id, t.account_id],
      foreignColumns: [templates.id, templates.account_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'template_reviews_actor_id_users_id_fk',
      columns: [t.actor_id, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);

/** WhatsApp message templates in Meta's model, submitted to the Cloud API for approval. */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: serial('id'),
    account_id: accountId(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    /** MARKETING | UTILITY | AUTHENTICATION */
    category: text('category').notNull(),
    components: jsonb('components').notNull(),
    /** DRAFT | PENDING | APPROVED | REJECTED | PAUSED | DISABLED */
    status: text('status').notNull().default('DRAFT'),
    rejection_reason: text('rejection_reason'),
    /** the id the Cloud API gave it */
    external_id: text('external_id'),
    waba_id: text('waba_id'),
    submitted_at: ts('submitted_at'),
    status_updated_at: ts('status_updated_at'),
    created_by: integer('created_by'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'whatsapp_templates_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('whatsapp_templates_account_name_uq').on(t.account_id, t.name, t.language),
    index('whatsapp_templates_external_idx').on(t.external_id),
    foreignKey({
      name: 'whatsapp_templates_created_by_users_id_fk',
      columns: [t.created_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);

/** Every submission to the Cloud API, for the submission limits. */
export const whatsappTemplateSubmissions = pgTable(
  'whatsapp_template_submissions',
  {
    id: serial('id'),
    account_id: accountId(),
    template_id: integer('template_id').notNull(),
    submitted_by: integer('submitted_by'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'whatsapp_template_submissions_pkey', columns: [t.id, t.account_id] }),
    index('whatsapp_template_submissions_idx').on(t.account_id, t.created_at),
    foreignKey({
      name: 'whatsapp_template_submissions_template_id_whatsapp_templates_id',
      columns: [t.template_id, t.account_id],
      foreignColumns: [whatsappTemplates.id, whatsappTemplates.account_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'whatsapp_template_submissions_submitted_by_users_id_fk',
      columns: [t.submitted_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);
