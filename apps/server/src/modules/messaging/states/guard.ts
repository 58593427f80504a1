/**
 * The SQL side of MESSAGE_TRANSITIONS (packages/shared): the states an update may move a message
 * from, so a late, repeated or out-of-order write never moves a message back or out of a final
 * state. Every update in this folder is guarded with it.
 */
import { type MessageState, statesBefore } from '@risala/shared/schemas/messages';
import { type SQL, sql } from 'drizzle-orm';

/** `<column> = any(states a message may reach `to` from)`; `column` defaults to `status`. */
export function mayBecome(to: MessageState, column: SQL = sql`status`): SQL {
  return sql`${column} = any(${sql.param(statesBefore(to))}::text[])`;
}

/** The same for a target chosen per row (`target`, an SQL text expression): any allowed pair. */
export function mayBecomeAny(targets: readonly MessageState[], status: SQL, target: SQL): SQL {
  const pairs = targets.flatMap((to) => statesBefore(to).map((from) => `${from}>${to}`));
  return sql`(${status} || '>' || ${target}) = any(${sql.param(pairs)}::text[])`;
}
