/**
 * Writes to a message that do not change its state: a campaign email's tracked content (links and
 * pixel added once its id is known), the parts of an SMS whose length SQL could not settle, and
 * the first open or click of an email.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { recordEvents } from './events.ts';

/** Campaign emails get their tracked text and payload (html, headers) after insertion. */
export async function setMessageContent(tx: DbOrTx, rows: { id: number; body: string; payload: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update messages m set body = v.body, payload = v.payload::jsonb
      from unnest(${sql.param(rows.map((o) => o.id))}::bigint[], ${sql.param(rows.map((o) => o.body))}::text[], ${sql.param(rows.map((o) => o.payload))}::text[]) as v(id, body, payload)
     where m.id = v.id`);
}

/** SMS whose parts were counted in JavaScript: parts and credits set. */
export async function setSmsParts(tx: DbOrTx, rows: { id: number; created_at: string; parts: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update messages m set parts = v.parts, credits = v.parts
      from unnest(${sql.param(rows.map((m) => m.id))}::bigint[], ${sql.param(rows.map((m) => m.created_at))}::timestamptz[],
                  ${sql.param(rows.map((m) => m.parts))}::int[]) as v(id, created_at, parts)
     where m.id = v.id and m.created_at = v.created_at`);
}

/** The first open (read_at) or click (clicked_at) of an email stamps it and writes its event, together or not at all. */
export async function stampEngagement(
  tx: DbOrTx,
  m: { id: number; account_id: number },
  column: 'read_at' | 'clicked_at',
  event: string,
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update messages set ${sql.raw(column)} = now(), updated_at = now() where id = ${m.id} and ${sql.raw(column)} is null returning id`);
  if (rows.length) await recordEvents(tx, [{ message_id: m.id, account_id: m.account_id, event }]);
  return rows.length > 0;
}
