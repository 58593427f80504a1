import type { ConnectionListQuery } from '@risala/shared/schemas/gateway';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { connections } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/search.ts';

/**
 * A connections row with its encrypted secrets (never sent to a client as is): the table's own type,
 * with its text states narrowed to what the code writes.
 */
export type ConnectionRow = Omit<typeof connections.$inferSelect, 'type' | 'status' | 'desired_state' | 'bind_mode'> & {
  type: 'smpp' | 'http';
  status: 'CREATED' | 'CONNECTING' | 'CONNECTED' | 'DISCONNECTED' | 'STOPPED';
  desired_state: 'started' | 'stopped';
  bind_mode: 'transceiver' | 'transmitter' | 'receiver';
};

/** Columns a create/update may write (secrets already encrypted). */
export const WRITABLE = [
  'connection_name',
  'type',
  'host',
  'port',
  'system_id',
  'password_enc',
  'system_type',
  'bind_mode',
  'source_ton',
  'source_npi',
  'dest_ton',
  'dest_npi',
  'address_range',
  'bind_timeout_s',
  'response_timeout_s',
  'reconnect_delay_s',
  'retry_count',
  'enquire_link_interval_s',
  'window_size',
  'message_per_second',
  'arabic_sms_length',
  'english_sms_length',
  'sender_id',
  'post_url',
  'listen_url',
  'http_username',
  'http_password_enc',
  'proxy_host',
  'proxy_port',
  'proxy_username',
  'proxy_password_enc',
] as const;
export type Writable = Partial<Record<(typeof WRITABLE)[number], string | number | null>>;

const SORTS: Record<ConnectionListQuery['sort'], SQL> = {
  connection_name: sql`lower(c.connection_name)`,
  created_at: sql`c.created_at`,
  status: sql`c.status`,
  type: sql`c.type`,
};

export async function listConnections(db: DbOrTx, accountId: number, q: ConnectionListQuery) {
  const filters: SQL[] = [sql`c.account_id = ${accountId}`];
  if (q.search) {
    const like = likePattern(q.search);
    filters.push(sql`(c.connection_name ilike ${like} or c.host ilike ${like} or c.post_url ilike ${like} or c.system_id ilike ${like})`);
  }
  if (q.type) filters.push(sql`c.type = ${q.type}`);
  if (q.status) filters.push(sql`c.status = ${q.status}`);
  const order = q.order === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await db.execute<ConnectionRow & { total: number }>(sql`
    select c.*, count(*) over()::int as total from connections c
     where ${sql.join(filters, sql` and `)}
     order by ${SORTS[q.sort]} ${order}, c.id ${order}
     limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  return { rows: rows.map(({ total: _t, ...r }) => r as ConnectionRow), total: rows[0]?.total ?? 0 };
}

export async function findConnection(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const { rows } = await db.execute<ConnectionRow>(sql`
    select * from connections where account_id = ${accountId} and id = ${id} ${forUpdate ? sql`for update` : sql``}`);
  return rows[0] ?? null;
}

export async function insertConnection(db: DbOrTx, accountId: number, values: Writable & { is_sandbox?: boolean; desired_state?: string }) {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into connections (account_id, ${sql.join(
      entries.map(([k]) => sql.identifier(k)),
      sql`, `,
    )})
    values (${accountId}, ${sql.join(
      entries.map(([, v]) => sql`${v}`),
      sql`, `,
    )}) returning id`);
  return (rows[0] as { id: number }).id;
}

export async function updateConnection(db: DbOrTx, accountId: number, id: number, values: Writable) {
  const sets = Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
  const { rowCount } = await db.execute(sql`
    update connections set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)}
     where account_id = ${accountId} and id = ${id}`);
  return (rowCount ?? 0) > 0;
}

/** Runtime fields written by the connection manager. */
export async function setRuntime(
  db: DbOrTx,
  id: number,
  patch: { status?: string; desired_state?: string; last_error?: string | null; connected_at?: 'now' | null },
) {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
  if (patch.desired_state !== undefined) sets.push(sql`desired_state = ${patch.desired_state}`);
  if (patch.last_error !== undefined) sets.push(sql`last_error = ${patch.last_error}`);
  if (patch.connected_at !== undefined) sets.push(patch.connected_at === 'now' ? sql`connected_at = now()` : sql`connected_at = null`);
  await db.execute(sql`update connections set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

export async function usedByRouter(db: DbOrTx, accountId: number, id: number) {
  const { rows } = await db.execute<{ router_name: string }>(sql`
    select router_name from routers where account_id = ${accountId} and ${id} = any(connection_ids) limit 1`);
  return rows[0]?.router_name ?? null;
}

export async function deleteConnection(db: DbOrTx, accountId: number, id: number) {
  await db.execute(sql`delete from connections where account_id = ${accountId} and id = ${id}`);
}
