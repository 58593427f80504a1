/** SQL of the roles module: the account's roles with how many users and invitations hold each. */
import type { PermissionTree } from '@risala/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface RoleRow {
  id: number;
  key: string | null;
  role_name: string;
  role_description: string;
  is_builtin: boolean;
  permissions: PermissionTree;
  user_count: number;
  invitation_count: number;
  /** a timestamp as the driver gives it through execute() (a string) */
  updated_at: Date | string;
}

const selectRoles = (accountId: number) => sql`
  select r.id, r.key, r.role_name, r.role_description, r.is_builtin, r.permissions, r.updated_at,
         (select count(*) from users u where u.account_id = r.account_id and u.role_id = r.id)::int as user_count,
         (select count(*) from invitations i where i.account_id = r.account_id and i.role_id = r.id
             and i.accepted_at is null and i.revoked_at is null and i.expires_at > now())::int as invitation_count
    from roles r
   where r.account_id = ${accountId}`;

export async function listRoles(db: DbOrTx, accountId: number): Promise<RoleRow[]> {
  const { rows } = await db.execute<RoleRow & Record<string, unknown>>(sql`${selectRoles(accountId)} order by r.is_builtin desc, r.id`);
  return rows;
}

export async function findRole(db: DbOrTx, accountId: number, id: number, forUpdate = false): Promise<RoleRow | undefined> {
  const lock = forUpdate ? sql` for update of r` : sql``;
  const { rows } = await db.execute<RoleRow & Record<string, unknown>>(sql`${selectRoles(accountId)} and r.id = ${id}${lock}`);
  return rows[0];
}

/** Another role of the account with this name, compared without case ("Owner" is the owner's). */
export async function nameTaken(db: DbOrTx, accountId: number, name: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from roles where account_id = ${accountId} and lower(role_name) = lower(${name})
       and id <> ${exceptId ?? 0} limit 1`);
  return rows.length > 0;
}

export async function insertRole(
  db: DbOrTx,
  accountId: number,
  v: { role_name: string; role_description: string; permissions: PermissionTree },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into roles (account_id, role_name, role_description, permissions, is_builtin)
    values (${accountId}, ${v.role_name}, ${v.role_description}, ${JSON.stringify(v.permissions)}::jsonb, false)
    returning id`);
  return (rows[0] as { id: number }).id;
}

export async function updateRole(
  db: DbOrTx,
  accountId: number,
  id: number,
  v: { role_name: string; role_description: string; permissions: PermissionTree },
) {
  await db.execute(sql`
    update roles set role_name = ${v.role_name}, role_description = ${v.role_description},
                     permissions = ${JSON.stringify(v.permissions)}::jsonb, updated_at = now()
     where account_id = ${accountId} and id = ${id} and not is_builtin`);
}

export async function deleteRole(db: DbOrTx, accountId: number, id: number) {
  await db.execute(sql`delete from roles where account_id = ${accountId} and id = ${id} and not is_builtin`);
}
