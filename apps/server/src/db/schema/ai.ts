import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { brands } from './audience.ts';
import { campaigns } from './campaigns.ts';
import { accountId, ts } from './columns.ts';

/** A chat with the assistant: one user's, made with the id the client generated for its session (spec §3). */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: uuid('id'),
    account_id: accountId(),
    user_id: integer('user_id').notNull(),
    title: text('title').notNull().default(''),
    /** the §3 context of the first request (platform, user_type, page) */
    context: jsonb('context').notNull().default(sql`'{}'::jsonb`),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ai_conversations_pkey', columns: [t.id, t.account_id] }),
    index('ai_conversations_user_idx').on(t.account_id, t.user_id, t.updated_at.desc()),
    foreignKey({
      name: 'ai_conversations_user_id_fkey',
      columns: [t.user_id, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('cascade'),
  ],
);

/** The questions and answers of a conversation; an answer keeps its engine, drafts and tools. */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: bigserial('id', { mode: 'number' }),
    account_id: accountId(),
    conversation_id: uuid('conversation_id').notNull(),
    /** user | assistant */
    role: text('role').notNull(),
    text: text('text').notNull(),
    engine: text('engine'),
    model: text('model'),
    language: text('language'),
    cards: jsonb('cards').notNull().default(sql`'[]'::jsonb`),
    tools: jsonb('tools').notNull().default(sql`'[]'::jsonb`),
    /** the typed questions the answer ran (QueryRun[]), shown under it again when the conversation is read */
    queries: jsonb('queries').notNull().default(sql`'[]'::jsonb`),
    prompt_tokens: integer('prompt_tokens').notNull().default(0),
    completion_tokens: integer('completion_tokens').notNull().default(0),
    latency_ms: integer('latency_ms'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ai_messages_pkey', columns: [t.id, t.account_id] }),
    index('ai_messages_conversation_idx').on(t.conversation_id, t.id),
    foreignKey({
      name: 'ai_messages_conversation_id_fkey',
      columns: [t.conversation_id, t.account_id],
      foreignColumns: [aiConversations.id, aiConversations.account_id],
    }).onDelete('cascade'),
  ],
);

/**
 * Requests and tokens per account, UTC day, feature (chat now; plans, content… later) and who pays
 * (`builtin`, `instance`: the operator's model, `account`: the account's own key). The daily cap reads it.
 */
export const aiUsageDaily = pgTable(
  'ai_usage_daily',
  {
    account_id: accountId(),
    day: date('day').notNull(),
    feature: text('feature').notNull(),
    billing: text('billing').notNull(),
    requests: integer('requests').notNull().default(0),
    prompt_tokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completion_tokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.day, t.feature, t.billing] })],
);

/** The account's AI choices: engine, its own server/key (encrypted, never returned), sharing of contact details. */
export const aiAccountSettings = pgTable(
  'ai_account_settings',
  {
    account_id: accountId().primaryKey(),
    /** auto | builtin | own */
    engine: text('engine').notNull().default('auto'),
    base_url: text('base_url'),
    model: text('model'),
    api_key_enc: text('api_key_enc'),
    share_contact_details: boolean('share_contact_details').notNull().default(false),
    updated_by: integer('updated_by'),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'ai_account_settings_updated_by_fkey',
      columns: [t.updated_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);

/**
 * An AI campaign plan: its inputs, the computed plan (JSON, every figure from the
 * account's data), the text phrased around it, and its lifecycle with who decided and the launcher
 * drafts it became.
 */
export const aiPlans = pgTable(
  'ai_plans',
  {
    id: serial('id').notNull(),
    account_id: accountId(),
    brand_id: integer('brand_id'),
    /** the draft it was made for (/api/campaigns/{id}/ai-planning) */
    campaign_id: integer('campaign_id'),
    name: text('name').notNull(),
    objective: text('objective').notNull(),
    /** DRAFT | PENDING_APPROVAL | APPROVED | REJECTED | APPLIED */
    status: text('status').notNull().default('DRAFT'),
    input: jsonb('input').notNull(),
    plan: jsonb('plan').notNull(),
    narrative: text('narrative').notNull().default(''),
    narrative_language: text('narrative_language').notNull().default('en'),
    engine: text('engine').notNull().default('builtin'),
    model: text('model'),
    created_by: integer('created_by'),
    submitted_by: integer('submitted_by'),
    submitted_at: ts('submitted_at'),
    decided_by: integer('decided_by'),
    decided_at: ts('decided_at'),
    rejection_reason: text('rejection_reason'),
    applied_by: integer('applied_by'),
    applied_at: ts('applied_at'),
    applied_campaign_ids: integer('applied_campaign_ids').array().notNull().default(sql`'{}'::integer[]`),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ai_plans_pkey', columns: [t.id, t.account_id] }),
    foreignKey({
      name: 'ai_plans_brand_id_fkey',
      columns: [t.brand_id, t.account_id],
      foreignColumns: [brands.id, brands.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'ai_plans_campaign_id_fkey',
      columns: [t.campaign_id, t.account_id],
      foreignColumns: [campaigns.id, campaigns.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'ai_plans_created_by_fkey',
      columns: [t.created_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'ai_plans_submitted_by_fkey',
      columns: [t.submitted_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'ai_plans_decided_by_fkey',
      columns: [t.decided_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    foreignKey({
      name: 'ai_plans_applied_by_fkey',
      columns: [t.applied_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    index('ai_plans_account_status_idx').on(t.account_id, t.status, t.created_at.desc()),
    index('ai_plans_account_created_idx').on(t.account_id, t.created_at.desc()),
    index('ai_plans_campaign_idx').on(t.campaign_id).where(sql`${t.campaign_id} is not null`),
  ],
);

/** The text of an uploaded brief (PDF, DOCX, text) that grounds content generation for a brand. */
export const aiBriefs = pgTable(
  'ai_briefs',
  {
    id: serial('id').notNull(),
    account_id: accountId(),
    brand_id: integer('brand_id'),
    filename: text('filename').notNull(),
    /** pdf | docx | text */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    created_by: integer('created_by'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ai_briefs_pkey', columns: [t.id, t.account_id] }),
    foreignKey({
      name: 'ai_briefs_brand_id_fkey',
      columns: [t.brand_id, t.account_id],
      foreignColumns: [brands.id, brands.account_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'ai_briefs_created_by_fkey',
      columns: [t.created_by, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
    index('ai_briefs_account_idx').on(t.account_id, t.brand_id, t.created_at.desc()),
  ],
);
