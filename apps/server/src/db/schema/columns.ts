import { integer, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

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

// Keys of tenant tables (migration 0029; db/tenant-keys.int.test.ts): primary keys end with
// account_id, and foreign keys between tenant tables pair the reference with the row's account_id,
// so a row can never point into another account and the tables can be distributed by account
// (docs/architecture.md §8). A nullable user reference clears only itself when the user goes (SQL
// `ON DELETE SET NULL (created_by)`; drizzle's `set null` cannot name the column).
