/**
 * The message timeline: one multi-row insert (unnest) for any number of events, so a stage that
 * moves a chunk of messages writes their events in one round trip.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

export interface EventRow {
  message_id: number;
  account_id: number;
  event: string;
  detail?: string | null;
  data?: unknown;
}

export async function recordEvents(db: DbOrTx, rows: EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into message_events (message_id, account_id, event, detail, data)
    select * from unnest(${sql.param(rows.map((r) => r.message_id))}::bigint[], ${sql.param(rows.map((r) => r.account_id))}::int[],
                         ${sql.param(rows.map((r) => r.event))}::text[], ${sql.param(rows.map((r) => r.detail ?? null))}::text[],
                         ${sql.param(rows.map((r) => (r.data === undefined || r.data === null ? null : JSON.stringify(r.data))))}::jsonb[])`);
}
