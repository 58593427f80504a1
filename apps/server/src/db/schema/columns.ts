import { integer, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

/** Column helpers every tenant table shares (accounts.ts keeps its own to avoid an import cycle). */
export const ts = (name: string) => timestamp(name, { withTimezone: true });

export const timestamps = () => ({
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** The owning tenant: every tenant row carries it and goes when the account goes. */
export const accountId = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/** A user who acted on the row (kept as null when the user is deleted). */
export const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });
