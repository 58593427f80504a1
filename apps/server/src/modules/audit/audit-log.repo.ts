/**
 * Reading the audit log: newest first in keyset pages of (created_at, id) — each filter has its
 * index (migration 0037), so a page reads only its own rows however long the log grows. Days of
 * the date range are the account's days (its time zone), both inclusive.
 */
import type { AuditEntryDto, AuditFilter } from '@risala/shared/schemas/audit';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export interface Cursor {
  /** microseconds since the epoch (exact, unlike a JS Date) */
  micros: string;
  id: number;
}

export const encodeCursor = (c: Cursor) => `${c.micros}.${c.id}`;

export function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  const m = /^(\d{1,20})\.(\d{1,18})$/.exec(text);
  if (!m?.[1] || !m[2]) throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'cursor', message: 'validation.invalid' }] });
  return { micros: m[1], id: Number(m[2]) };
}

export async function accountZone(db: DbOrTx, accountId: number): Promise<string> {
  const { rows } = await db.execute<{ timezone: string }>(sql`select timezone from accounts where id = ${accountId}`);
  return rows[0]?.timezone ?? 'UTC';
}

/** The where clause of a filtered read (always one account's rows). */
export function auditWhere(accountId: number, f: AuditFilter, zone: string): SQL {
  const parts: SQL[] = [sql`a.account_id = ${accountId}`];
  if (f.actor_id) parts.push(sql`a.actor_type = 'user' and a.actor_id = ${f.actor_id}`);
  if (f.action) parts.push(sql`a.action = ${f.action}`);
  if (f.target_type) parts.push(sql`a.target_type = ${f.target_type}`);
  if (f.from) parts.push(sql`a.created_at >= (${f.from}::date)::timestamp at time zone ${zone}`);
  if (f.to) parts.push(sql`a.created_at < (${f.to}::date + 1)::timestamp at time zone ${zone}`);
  return sql.join(parts, sql` and `);
}

export type AuditRow = AuditEntryDto & { cursor_micros: string };

export async function page(db: DbOrTx, where: SQL, after: Cursor | null, limit: number): Promise<AuditRow[]> {
  const keyset = after
    ? sql` and (a.created_at, a.id) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id})`
    : sql``;
  const { rows } = await db.execute<AuditRow & Record<string, unknown>>(sql`
    select a.id::int as id, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, a.actor_type, a.actor_id,
           coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, a.actor_label) as actor_name,
           u.email as actor_email, a.action, a.target_type, a.target_id, a.target_label, a.ip, a.data,
           (extract(epoch from a.created_at) * 1000000)::bigint::text as cursor_micros
      from audit_log a
      left join users u on a.actor_type = 'user' and u.id = a.actor_id and u.account_id = a.account_id
     where ${where}${keyset}
     order by a.created_at desc, a.id desc
     limit ${limit}`);
  return rows;
}

/** The account's users, for the actor filter. */
export async function actors(db: DbOrTx, accountId: number) {
  const { rows } = await db.execute<{ id: number; name: string; email: string }>(sql`
    select id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) as name, email
      from users where account_id = ${accountId} order by lower(first_name), lower(last_name), id`);
  return rows;
}
