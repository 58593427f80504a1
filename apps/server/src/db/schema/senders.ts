import { foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './columns.ts';
import { emailSenders } from './gateway.ts';

/** SendGrid Event Webhook events (delivered, bounce, open, …) per account, for analytics and bounces. */
export const emailEvents = pgTable(
  'email_events',
  {
    id: serial('id'),
    account_id: accountId(),
    sender_id: integer('sender_id'),
    event: text('event').notNull(),
    email: text('email'),
    sg_message_id: text('sg_message_id'),
    /** SendGrid's id of the event: a replayed or retried event is stored (and applied) once */
    sg_event_id: text('sg_event_id'),
    /** what makes the event itself, unique per account: its sg_event_id, else `sha256:` of its canonical JSON */
    event_key: text('event_key').notNull(),
    reason: text('reason'),
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull(),
    raw: jsonb('raw').notNull(),
  },
  (t) => [
    primaryKey({ name: 'email_events_pkey', columns: [t.id, t.account_id] }),
    index('email_events_account_time_idx').on(t.account_id, t.occurred_at),
    uniqueIndex('email_events_account_event_key_uq').on(t.account_id, t.event_key),
    foreignKey({
      name: 'email_events_sender_id_email_senders_id_fk',
      columns: [t.sender_id, t.account_id],
      foreignColumns: [emailSenders.id, emailSenders.account_id],
    }).onDelete('set null'),
  ],
);
