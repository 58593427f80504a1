/**
 * Roles: the built-in roles are read-only; custom roles are the account's own. A
 * name is unique in the account without regard to case (ROLE_NAME_EXISTS); a role that users hold
 * or pending invitations would give cannot be deleted (DELETE_ROLE_ASSIGNED); nobody hands out an
 * action they do not hold themselves. Every change writes its audit entry in the same transaction.
 * The guard reads the role's tree on every request, so a change applies at the holders' next one.
 */
import type { PermissionTree } from '@risala/shared';
import { grantsBeyond, type Role } from '@risala/shared/schemas/roles';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, userActor } from '../audit/index.ts';
import type { AuthContext } from '../auth/index.ts';
import * as repo from './roles.repo.ts';

export interface RoleChange {
  role_name: string;
  role_description: string;
  permissions: PermissionTree;
}

const present = (r: repo.RoleRow): Role => ({ ...r, updated_at: new Date(r.updated_at).toISOString() });

export async function listRoles(ctx: AppContext, auth: AuthContext) {
  return { roles: (await repo.listRoles(ctx.db, auth.accountId)).map(present) };
}

async function roleOr404(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const role = await repo.findRole(db, accountId, id, forUpdate);
  if (!role) throw new AppError('NOT_FOUND');
  return role;
}

export async function getRole(ctx: AppContext, auth: AuthContext, id: number) {
  return present(await roleOr404(ctx.db, auth.accountId, id));
}

async function assertAllowed(db: DbOrTx, auth: AuthContext, input: RoleChange, exceptId: number | null) {
  const beyond = grantsBeyond(input.permissions, auth.permissions);
  if (beyond.length) throw new AppError('ROLE_GRANTS_EXCEED_OWN', { data: { actions: beyond } });
  if (await repo.nameTaken(db, auth.accountId, input.role_name, exceptId)) {
    throw new AppError('ROLE_NAME_EXISTS', { errors: [{ field: 'role_name', message: 'errors.ROLE_NAME_EXISTS' }] });
  }
}

export async function createRole(ctx: AppContext, auth: AuthContext, input: RoleChange, ip: string) {
  const id = await ctx.db.transaction(async (tx) => {
    await assertAllowed(tx, auth, input, null);
    const roleId = await repo.insertRole(tx, auth.accountId, input);
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'role.created',
      target: { type: 'role', id: roleId, label: input.role_name },
      ip,
      data: { role_description: input.role_description, permissions: input.permissions.sms_portal },
    });
    return roleId;
  });
  return getRole(ctx, auth, id);
}

export async function updateRole(ctx: AppContext, auth: AuthContext, id: number, input: RoleChange, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const before = await roleOr404(tx, auth.accountId, id, true);
    if (before.is_builtin) throw new AppError('BUILTIN_ROLE_READ_ONLY');
    await assertAllowed(tx, auth, input, id);
    await repo.updateRole(tx, auth.accountId, id, input);
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'role.updated',
      target: { type: 'role', id, label: input.role_name },
      ip,
      data: {
        before: { role_name: before.role_name, role_description: before.role_description, permissions: before.permissions.sms_portal },
        after: { role_name: input.role_name, role_description: input.role_description, permissions: input.permissions.sms_portal },
      },
    });
  });
  return getRole(ctx, auth, id);
}

export async function deleteRole(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const role = await roleOr404(tx, auth.accountId, id, true);
    if (role.is_builtin) throw new AppError('BUILTIN_ROLE_READ_ONLY');
    if (role.user_count > 0 || role.invitation_count > 0) {
      throw new AppError('DELETE_ROLE_ASSIGNED', { data: { users: role.user_count, invitations: role.invitation_count } });
    }
    await repo.deleteRole(tx, auth.accountId, id);
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'role.deleted',
      target: { type: 'role', id, label: role.role_name },
      ip,
      data: { permissions: role.permissions.sms_portal },
    });
  });
  return { id };
}
