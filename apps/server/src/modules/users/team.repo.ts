/**
 * The team's queries: the account's users and pending invitations as one list, seats, owners.
 * Every query is scoped by account id: another account's users and invitations are never found.
 */
import type { TeamMember, TeamQuery, TeamStatus } from '@risala/shared/schemas/team';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { planLimit } from '../billing/index.ts';

interface MemberRow {
  kind: 'user' | 'invitation';
  id: number;
  email: string;
  full_name: string;
  role: string;
  role_name: string;
  status: TeamStatus;
  approved_user: boolean;
  expires_at: Date | null;
  created_at: Date;
  total: number;
}

const MEMBERS = (accountId: number) => sql`
  with members as (
    select 'user'::text as kind, u.id, u.email, trim(u.first_name || ' ' || u.last_name) as full_name,
           coalesce(r.key, r.role_name) as role, r.role_name,
           case when u.status = 'ACTIVE' then 'ACTIVE' else 'INACTIVE' end as status,
           u.approved_user, null::timestamptz as expires_at, u.created_at
      from users u join roles r on r.id = u.role_id and r.account_id = u.account_id
     where u.account_id = ${accountId}
    union all
    select 'invitation'::text, i.id, i.email, trim(i.first_name || ' ' || i.last_name),
           coalesce(r.key, r.role_name), r.role_name,
           case when i.expires_at > now() then 'INVITED' else 'EXPIRED' end,
           not i.needs_approval, i.expires_at, i.created_at
      from invitations i join roles r on r.id = i.role_id and r.account_id = i.account_id
     where i.account_id = ${accountId} and i.accepted_at is null and i.revoked_at is null
  )`;

export function toMember(row: Omit<MemberRow, 'total'>, selfId: number): TeamMember {
  return {
    key: `${row.kind}:${row.id}`,
    kind: row.kind,
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    role_name: row.role_name,
    status: row.status,
    approved_user: row.approved_user,
    is_self: row.kind === 'user' && row.id === selfId,
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listMembers(db: DbOrTx, accountId: number, selfId: number, q: TeamQuery) {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c: string) => `\\${c}`)}%` : null;
  const { rows } = await db.execute<MemberRow & Record<string, unknown>>(sql`
    ${MEMBERS(accountId)}
    select *, count(*) over ()::int as total from members
     where (${like}::text is null or email ilike ${like} or full_name ilike ${like})
       and (${q.role ?? null}::text is null or role = ${q.role ?? null})
       and (${q.status ?? null}::text is null or status = ${q.status ?? null})
     order by created_at desc, kind, id desc
     limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  return { items: rows.map((r) => toMember(r, selfId)), total: rows[0]?.total ?? 0 };
}

export async function findMember(db: DbOrTx, accountId: number, kind: 'user' | 'invitation', id: number, selfId: number) {
  const { rows } = await db.execute<MemberRow & Record<string, unknown>>(sql`
    ${MEMBERS(accountId)} select * from members where kind = ${kind} and id = ${id}`);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND');
  return toMember(row, selfId);
}

/**
 * Locks the account for a change to its team (seats, owners): concurrent invitations and role
 * changes of one account run one after another, so two owners cannot demote each other at once.
 */
export async function lockAccount(db: DbOrTx, accountId: number) {
  const { rows } = await db.execute<{ name: string; plan: string }>(
    sql`select name, plan from accounts where id = ${accountId} for update`,
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

/** Active users plus pending (unexpired) invitations: what the plan's seat limit counts. */
export async function seatsUsed(db: DbOrTx, accountId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select (select count(*) from users where account_id = ${accountId} and status = 'ACTIVE')::int
         + (select count(*) from invitations where account_id = ${accountId} and accepted_at is null
             and revoked_at is null and expires_at > now())::int as n`);
  return rows[0]?.n ?? 0;
}

/** PLAN_LIMIT_EXCEEDED when one more seat would pass the plan's "team members" limit. */
export async function assertSeatFree(db: DbOrTx, accountId: number, plan: string) {
  const limit = await planLimit(db, plan, 'users');
  if (limit === null) return;
  const used = await seatsUsed(db, accountId);
  if (used >= limit) throw new AppError('PLAN_LIMIT_EXCEEDED', { params: { limit }, data: { seats: { used, limit } } });
}

export async function rolesOf(db: DbOrTx, accountId: number) {
  const { rows } = await db.execute<{ id: number; key: string | null; role_name: string }>(
    sql`select id, key, role_name from roles where account_id = ${accountId} order by is_builtin desc, id`,
  );
  return rows;
}

export async function roleInAccount(db: DbOrTx, accountId: number, roleId: number) {
  const { rows } = await db.execute<{ id: number; key: string | null; role_name: string }>(
    sql`select id, key, role_name from roles where account_id = ${accountId} and id = ${roleId}`,
  );
  if (!rows[0]) throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'role_id', message: 'validation.required' }] });
  return rows[0];
}

export interface TeamUser {
  id: number;
  email: string;
  first_name: string;
  status: string;
  role_id: number;
  role_key: string | null;
  approved_user: boolean;
}

/** A user of the account (locked for the change), or 404. */
export async function userForUpdate(db: DbOrTx, accountId: number, id: number): Promise<TeamUser> {
  const { rows } = await db.execute<TeamUser & Record<string, unknown>>(sql`
    select u.id, u.email, u.first_name, u.status, u.role_id, r.key as role_key, u.approved_user
      from users u join roles r on r.id = u.role_id and r.account_id = u.account_id
     where u.account_id = ${accountId} and u.id = ${id} for update of u`);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

/** Active owners of the account other than `exceptId`. */
export async function otherActiveOwners(db: DbOrTx, accountId: number, exceptId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from users u join roles r on r.id = u.role_id and r.account_id = u.account_id
     where u.account_id = ${accountId} and r.key = 'owner' and u.status = 'ACTIVE' and u.id <> ${exceptId}`);
  return rows[0]?.n ?? 0;
}
