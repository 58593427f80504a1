import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  foreignKey,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The tenant: a company using Risala (the catalogue's "Customer" company fields). */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  plan: text('plan').notNull().default('free_trial'),
  needs_approval: boolean('needs_approval').notNull().default(false),
  timezone: text('timezone').notNull().default('Asia/Riyadh'),
  country: text('country'),
  city: text('city'),
  street: text('street'),
  cr_number: text('cr_number'),
  vat_number: text('vat_number'),
  support_email: text('support_email'),
  customer_short_name: text('customer_short_name'),
  /** up to three {name, email, phone} (the catalogue's contact_person_1–3) */
  contact_persons: jsonb('contact_persons').notNull().default([]),
  /** ACTIVE | SUSPENDED (by a platform operator: its users are refused, its sending stops) */
  status: text('status').notNull().default('ACTIVE'),
  suspended_reason: text('suspended_reason'),
  suspended_at: timestamp('suspended_at', { withTimezone: true }),
  /** the parent of a sub-account (one level: a sub-account has no sub-accounts) */
  parent_account_id: integer('parent_account_id'),
  /** messages created before this have had their content redacted under the plan's retention */
  messages_redacted_before: timestamp('messages_redacted_before', { withTimezone: true }),
  ...timestamps,
});

export const roles = pgTable(
  'roles',
  {
    id: serial('id'),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key'),
    role_name: text('role_name').notNull(),
    role_description: text('role_description').notNull().default(''),
    permissions: jsonb('permissions').notNull(),
    is_builtin: boolean('is_builtin').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'roles_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('roles_account_name_uq').on(t.account_id, t.role_name),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id'),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role_id: integer('role_id').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    username: text('username'),
    phone_number: text('phone_number'),
    national_id: text('national_id'),
    industry: text('industry'),
    user_role: text('user_role'),
    language: text('language').notNull().default('en'),
    /** ACTIVE | INACTIVE | SUSPENDED */
    status: text('status').notNull().default('ACTIVE'),
    two_factor_enabled: boolean('two_factor_enabled').notNull().default(false),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    logo: text('logo'),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }),
    /** false: an owner or admin approves this user's campaigns until they approve the user */
    approved_user: boolean('approved_user').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'users_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_account_idx').on(t.account_id),
    foreignKey({ name: 'users_role_id_roles_id_fk', columns: [t.role_id, t.account_id], foreignColumns: [roles.id, roles.account_id] }),
  ],
);

/** A colleague invited by email: a signed, expiring link (only its HMAC is kept), used once. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id'),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role_id: integer('role_id').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    language: text('language').notNull().default('en'),
    needs_approval: boolean('needs_approval').notNull().default(false),
    token_hash: text('token_hash').notNull(),
    invited_by: integer('invited_by'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'invitations_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('invitations_token_uq').on(t.token_hash),
    foreignKey({ name: 'invitations_role_fk', columns: [t.role_id, t.account_id], foreignColumns: [roles.id, roles.account_id] }),
  ],
);

/** Issued JWTs (jti = id); logout and password changes revoke them server-side. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id'),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'sessions_pkey', columns: [t.id, t.account_id] }),
    index('sessions_user_idx').on(t.account_id, t.user_id),
    foreignKey({
      name: 'sessions_user_id_users_id_fk',
      columns: [t.user_id, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('cascade'),
  ],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id'),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    email: text('email').notNull(),
    /** register | login | reset */
    purpose: text('purpose').notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'otp_codes_pkey', columns: [t.id, t.account_id] }),
    index('otp_codes_email_idx').on(t.email, t.created_at),
    foreignKey({
      name: 'otp_codes_user_id_users_id_fk',
      columns: [t.user_id, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('cascade'),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id'),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'password_resets_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('password_resets_token_uq').on(t.token_hash, t.account_id),
    foreignKey({
      name: 'password_resets_user_id_users_id_fk',
      columns: [t.user_id, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('cascade'),
  ],
);

/** Sign-in attempts, for rate limits per email and per IP (kept in the database: any replica sees them). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.created_at),
    index('login_attempts_ip_idx').on(t.ip, t.created_at),
    index('login_attempts_email_ip_idx').on(t.email, t.ip, t.created_at),
  ],
);

/** Fixed-window counters of lib/rate-limit.ts, shared by every replica (an unlogged table). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ name: 'rate_limit_hits_pk', columns: [t.bucket, t.key, t.window_start] }),
    index('rate_limit_hits_window_idx').on(t.window_start),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id'),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    type: text('type').notNull(),
    /** i18n keys, rendered in the reader's language */
    title_key: text('title_key').notNull(),
    message_key: text('message_key').notNull(),
    params: jsonb('params').notNull().default({}),
    status: text('status').notNull().default('unread'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp('read_at', { withTimezone: true }),
    /** in the bell (its type is on there for the user); a row kept only to be mailed is not shown */
    shown: boolean('shown').notNull().default(true),
    /** none | pending (the notification mailer sends it) | sent */
    email_status: text('email_status').notNull().default('none'),
  },
  (t) => [
    primaryKey({ name: 'notifications_pkey', columns: [t.id, t.account_id] }),
    index('notifications_user_idx').on(t.account_id, t.user_id, t.status, t.created_at),
    index('notifications_email_pending_idx').on(t.id).where(sql`${t.email_status} = 'pending'`),
    foreignKey({
      name: 'notifications_user_id_users_id_fk',
      columns: [t.user_id, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('cascade'),
  ],
);

/** Per user and notification type: shown in the bell, sent by email (no row: the type's default). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    type: text('type').notNull(),
    bell: boolean('bell').notNull(),
    email: boolean('email').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'notification_settings_pkey', columns: [t.account_id, t.user_id, t.type] }),
    foreignKey({
      name: 'notification_settings_user_fk',
      columns: [t.user_id, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('cascade'),
  ],
);

export const files = pgTable(
  'files',
  {
    id: serial('id'),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id'),
    key: text('key').notNull(),
    original_name: text('original_name'),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    purpose: text('purpose').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'files_pkey', columns: [t.id, t.account_id] }),
    uniqueIndex('files_key_uq').on(t.key, t.account_id),
    index('files_account_idx').on(t.account_id),
    foreignKey({
      name: 'files_user_id_users_id_fk',
      columns: [t.user_id, t.account_id],
      foreignColumns: [users.id, users.account_id],
    }).onDelete('set null'),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** the acting user (actor_type user); actor_id names any actor */
    user_id: integer('user_id'),
    /** user | operator | api_key | system */
    actor_type: text('actor_type').notNull().default('user'),
    actor_id: integer('actor_id'),
    actor_label: text('actor_label'),
    action: text('action').notNull(),
    target_type: text('target_type'),
    target_id: text('target_id'),
    target_label: text('target_label'),
    data: jsonb('data').notNull().default({}),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'audit_log_pkey', columns: [t.id, t.account_id] }),
    index('audit_log_account_idx').on(t.account_id, t.created_at.desc(), t.id.desc()),
    index('audit_log_account_action_idx').on(t.account_id, t.action, t.created_at.desc(), t.id.desc()),
    index('audit_log_account_actor_idx').on(t.account_id, t.actor_type, t.actor_id, t.created_at.desc(), t.id.desc()),
    index('audit_log_account_target_idx').on(t.account_id, t.target_type, t.created_at.desc(), t.id.desc()),
  ],
);

/** Mails caught by the sandbox SMTP sink (not tenant data: the sandbox is a local test peer). */
export const sandboxMails = pgTable(
  'sandbox_mails',
  {
    id: serial('id').primaryKey(),
    to_addresses: text('to_addresses').array().notNull(),
    from_address: text('from_address').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text'),
    html: text('html'),
    otp_code: text('otp_code'),
    headers: jsonb('headers').notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_mails_created_idx').on(t.created_at)],
);
