/** SQL of the API keys module: the account's keys, and the one lookup by client_id each API call makes. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface KeyRow {
  id: number;
  account_id: number;
  name: string;
  integration_type: 'rest' | 'smpp' | 'webhook';
  client_id: string;
  scopes: string[];
  ip_allow_list: string[];
  rate_per_second: number;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
  last_used_ip: string | null;
  previous_expires_at: Date | string | null;
  revoked_at: Date | string | null;
  created_at: Date | string;
  created_by_name: string | null;
}

const selectKeys = (accountId: number) => sql`
  select k.id, k.account_id, k.name, k.integration_type, k.client_id, k.scopes, k.ip_allow_list, k.rate_per_second,
         k.expires_at, k.last_used_at, k.last_used_ip, k.previous_expires_at, k.revoked_at, k.created_at,
         nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as created_by_name
    from api_keys k
    left join users u on u.id = k.created_by and u.account_id = k.account_id
   where k.account_id = ${accountId}`;

export async function listKeys(db: DbOrTx, accountId: number): Promise<KeyRow[]> {
  const { rows } = await db.execute<KeyRow & Record<string, unknown>>(
    sql`${selectKeys(accountId)} order by (k.revoked_at is null) desc, k.created_at desc, k.id desc limit 500`,
  );
  return rows;
}

export async function findKey(db: DbOrTx, accountId: number, id: number, forUpdate = false): Promise<KeyRow | undefined> {
  const lock = forUpdate ? sql` for update of k` : sql``;
  const { rows } = await db.execute<KeyRow & Record<string, unknown>>(sql`${selectKeys(accountId)} and k.id = ${id}${lock}`);
  return rows[0];
}

export async function countActive(db: DbOrTx, accountId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from api_keys
     where account_id = ${accountId} and revoked_at is null and (expires_at is null or expires_at > now())`);
  return rows[0]?.n ?? 0;
}

/** An active (not revoked) key of the account already has this name, compared without case. */
export async function activeNameTaken(db: DbOrTx, accountId: number, name: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from api_keys where account_id = ${accountId} and lower(name) = lower(${name}) and revoked_at is null limit 1`);
  return rows.length > 0;
}

export interface NewKey {
  name: string;
  integration_type: string;
  client_id: string;
  secret_hash: Buffer;
  scopes: string[];
  ip_allow_list: string[];
  rate_per_second: number;
  expires_at: string | null;
  created_by: number;
}

export async function insertKey(db: DbOrTx, accountId: number, k: NewKey): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into api_keys (account_id, name, integration_type, client_id, secret_hash, scopes, ip_allow_list,
                          rate_per_second, expires_at, created_by)
    values (${accountId}, ${k.name}, ${k.integration_type}, ${k.client_id}, ${k.secret_hash},
            ${`{${k.scopes.join(',')}}`}::text[], ${`{${k.ip_allow_list.map((a) => `"${a}"`).join(',')}}`}::text[],
            ${k.rate_per_second}, ${k.expires_at}, ${k.created_by})
    returning id`);
  return (rows[0] as { id: number }).id;
}

export async function revokeKey(db: DbOrTx, accountId: number, id: number) {
  await db.execute(sql`
    update api_keys set revoked_at = now(), previous_secret_hash = null, previous_expires_at = null
     where account_id = ${accountId} and id = ${id} and revoked_at is null`);
}

/** The new hash becomes the key's; the old one stays valid for `graceHours` (none: at once). */
export async function rotateKey(db: DbOrTx, accountId: number, id: number, secretHash: Buffer, graceHours: number) {
  await db.execute(sql`
    update api_keys
       set previous_secret_hash = case when ${graceHours} > 0 then secret_hash else null end,
           previous_expires_at = case when ${graceHours} > 0 then now() + make_interval(hours => ${graceHours}) else null end,
           secret_hash = ${secretHash}, rotated_at = now()
     where account_id = ${accountId} and id = ${id}`);
}

/** What an API call needs to know of its key and account: one indexed lookup by client_id. */
export interface AuthRow {
  id: number;
  account_id: number;
  name: string;
  integration_type: 'rest' | 'smpp' | 'webhook';
  secret_hash: Buffer;
  previous_secret_hash: Buffer | null;
  /** timestamps as the driver gives them through execute() (strings) */
  previous_expires_at: Date | string | null;
  scopes: string[];
  ip_allow_list: string[];
  rate_per_second: number;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  plan: string;
  account_created_at: Date | string;
  account_status: string;
  suspended_reason: string | null;
}

export async function keyForAuth(db: DbOrTx, clientId: string): Promise<AuthRow | undefined> {
  const { rows } = await db.execute<AuthRow & Record<string, unknown>>(sql`
    select k.id, k.account_id, k.name, k.integration_type, k.secret_hash, k.previous_secret_hash, k.previous_expires_at,
           k.scopes, k.ip_allow_list, k.rate_per_second, k.expires_at, k.revoked_at,
           a.plan, a.created_at as account_created_at, a.status as account_status, a.suspended_reason
      from api_keys k join accounts a on a.id = k.account_id
     where k.client_id = ${clientId}`);
  return rows[0];
}

export async function touchKey(db: DbOrTx, accountId: number, id: number, ip: string) {
  await db.execute(sql`update api_keys set last_used_at = now(), last_used_ip = ${ip} where account_id = ${accountId} and id = ${id}`);
}
