/**
 * Writes to a message that do not change its state: a campaign email's tracked content (links and
 * pixel added once its id is known), the parts of an SMS whose length SQL could not settle, the
 * first open or click of an email, each link of it clicked, and the content taken out once the
 * plan's retention has passed (retention.ts).
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
    update messages m set parts = v.parts, credits = v.parts,
           -- a row inserted before its parts were known (-1) carries its rate per part as its cost
           cost = case when m.parts < 0 then m.cost * v.parts else m.cost end
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

/**
 * A click on a link of a campaign email: the message's first click stamps clicked_at; the first
 * click of each link records a CLICKED event with the link (so a link's unique clicks are its
 * messages, and the message's timeline says what was clicked). Answers whether this message had
 * clicked this link before. The message row is locked first: two clicks at once count once.
 */
export async function stampLinkClick(tx: DbOrTx, m: { id: number; account_id: number }, url: string): Promise<{ firstOfLink: boolean }> {
  await tx.execute(sql`select id from messages where id = ${m.id} for update`);
  await tx.execute(sql`update messages set clicked_at = now(), updated_at = now() where id = ${m.id} and clicked_at is null`);
  const { rows } = await tx.execute(sql`
    select 1 from message_events where message_id = ${m.id} and event = 'CLICKED' and data ->> 'url' = ${url} limit 1`);
  if (rows.length) return { firstOfLink: false };
  await recordEvents(tx, [{ message_id: m.id, account_id: m.account_id, event: 'CLICKED', data: { url } }]);
  return { firstOfLink: true };
}

/**
 * Takes the content out of up to `limit` finished messages of one account created in [from, to):
 * body and subject emptied, the rendered parts of the payload removed and the time of redaction
 * noted. Recipient, states, times, parts and cost stay (reports and rollups keep their figures: the
 * rollup trigger's delta of such an update is zero). Returns how many rows it changed.
 */
export async function redactContent(db: DbOrTx, accountId: number, from: Date, to: Date, limit: number): Promise<number> {
  const res = await db.execute(sql`
    update messages m
       set body = '', subject = null,
           payload = (m.payload - 'html' - 'text' - 'message' - 'headers' - 'parameters' - 'components')
                     || jsonb_build_object('redacted_at', now())
      from (select id, created_at from messages
             where account_id = ${accountId} and created_at >= ${from.toISOString()}::timestamptz
               and created_at < ${to.toISOString()}::timestamptz
               and stage = 'done' and not (payload ? 'redacted_at')
             limit ${limit}) d
     where m.id = d.id and m.created_at = d.created_at and m.account_id = ${accountId}`);
  return res.rowCount ?? 0;
}
