import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, ts, userRef } from './columns.ts';
import { brands } from './audience.ts';


/** Message templates for email, SMS and WhatsApp text, with a review workflow. */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
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
    brand_id: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    /** DRAFT | PENDING_REVIEW | APPROVED | REJECTED */
    status: text('status').notNull().default('DRAFT'),
    rejection_reason: text('rejection_reason'),
    submitted_at: ts('submitted_at'),
    submitted_by: userRef('submitted_by'),
    reviewed_at: ts('reviewed_at'),
    reviewed_by: userRef('reviewed_by'),
    created_by: userRef('created_by'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('templates_account_name_uq').on(t.account_id, sql`lower(${t.template_name})`),
    index('templates_account_type_idx').on(t.account_id, t.message_type, t.status),
  ],
);

export const templateReviews = pgTable(
  'template_reviews',
  {
    id: serial('id').primaryKey(),
    account_id: accountId(),
    template_id: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    /** submitted | approved | rejected | reopened */
    action: text('action').notNull(),
    actor_id: userRef('actor_id'),
    reason: text('reason'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('template_reviews_template_idx').on(t.account_id, t.template_id)],
);

/** WhatsApp message templates in Meta's model, submitted to the Cloud API for approval. */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: serial('id').primaryKey(),
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
    created_by: userRef('created_by'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_templates_account_name_uq').on(t.account_id, t.name, t.language),
    index('whatsapp_templates_external_idx').on(t.external_id),
  ],
);

/** Every submission to the Cloud API, for the submission limits. */
export const whatsappTemplateSubmissions = pgTable(
  'whatsapp_template_submissions',
  {
    id: serial('id').primaryKey(),
    account_id: accountId(),
    template_id: integer('template_id')
      .notNull()
      .references(() => whatsappTemplates.id, { onDelete: 'cascade' }),
    submitted_by: userRef('submitted_by'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('whatsapp_template_submissions_idx').on(t.account_id, t.created_at)],
);
