import { index, integer, pgTable, serial, text, timestamp, primaryKey } from 'drizzle-orm/pg-core';
import { accountId } from './columns.ts';

/** Links made by the url_shortener route plugin; GET /s/{code} redirects and counts clicks. */
export const shortLinks = pgTable(
  'short_links',
  {
    id: serial('id'),
    account_id: accountId(),
    code: text('code').notNull().unique('short_links_code_uq'),
    target_url: text('target_url').notNull(),
    clicks: integer('clicks').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'short_links_pkey', columns: [t.id, t.account_id] }),
    index('short_links_account_target_idx').on(t.account_id, t.target_url),
  ],
);
