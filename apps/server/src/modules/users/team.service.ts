/**
 * The team's rules: only an owner changes an owner (or makes one); the account keeps
 * at least one active owner; deactivating revokes the user's sessions at once; the plan's seat
 * limit applies to reactivations as to invitations. Each change writes its audit entry in the
 * same transaction.
 */
import type { TeamQuery } from '@risala/shared/schemas/team';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, userActor } from '../audit/index.ts';
import { type AuthContext, revokeUserSessions } from '../auth/index.ts';
import { planLimit } from '../billing/index.ts';
import * as repo from './team.repo.ts';

export async function listTeam(ctx: AppContext, auth: AuthContext, q: TeamQuery) {
  const { items, total } = await repo.listMembers(ctx.db, auth.accountId, auth.userId, q);
  const [{ plan } = { plan: auth.plan }] = (
    await ctx.db.execute<{ plan: string }>(sql`select plan from accounts where id = ${auth.accountId}`)
  ).rows;
  return {
    items,
    total,
    page: q.page,
    limit: q.limit,
    seats: { used: await repo.seatsUsed(ctx.db, auth.accountId), limit: await planLimit(ctx.db, plan, 'users') },
    roles: await repo.rolesOf(ctx.db, auth.accountId),
  };
}

const isOwner = (auth: AuthContext) => auth.role === 'owner';

/** A change that takes an owner out of the active owners: refused for the last one. */
async function assertNotLastOwner(tx: DbOrTx, accountId: number, user: repo.TeamUser) {
  if (user.role_key === 'owner' && user.status === 'ACTIVE' && (await repo.otherActiveOwners(tx, accountId, user.id)) === 0) {
    throw new AppError('LAST_OWNER');
  }
}

export async function changeRole(ctx: AppContext, auth: AuthContext, userId: number, roleId: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    await repo.lockAccount(tx, auth.accountId);
    const user = await repo.userForUpdate(tx, auth.accountId, userId);
    const role = await repo.roleInAccount(tx, auth.accountId, roleId);
    if (role.id === user.role_id) return;
    if ((user.role_key === 'owner' || role.key === 'owner') && !isOwner(auth)) throw new AppError('OWNER_ONLY');
    if (role.key !== 'owner') await assertNotLastOwner(tx, auth.accountId, user);
    await tx.execute(
      sql`update users set role_id = ${role.id}, updated_at = now() where id = ${user.id} and account_id = ${auth.accountId}`,
    );
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'user.role_changed',
      target: { type: 'user', id: user.id, label: user.email },
      ip,
      data: { from: user.role_key, to: role.key ?? role.role_name },
    });
  });
  return repo.findMember(ctx.db, auth.accountId, 'user', userId, auth.userId);
}

export async function setActive(ctx: AppContext, auth: AuthContext, userId: number, active: boolean, ip: string) {
  if (userId === auth.userId) throw new AppError('CANNOT_CHANGE_SELF');
  await ctx.db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, auth.accountId);
    const user = await repo.userForUpdate(tx, auth.accountId, userId);
    if (user.role_key === 'owner' && !isOwner(auth)) throw new AppError('OWNER_ONLY');
    if ((user.status === 'ACTIVE') === active) return;
    if (active) await repo.assertSeatFree(tx, auth.accountId, account.plan);
    else await assertNotLastOwner(tx, auth.accountId, user);
    await tx.execute(
      sql`update users set status = ${active ? 'ACTIVE' : 'INACTIVE'}, updated_at = now() where id = ${user.id} and account_id = ${auth.accountId}`,
    );
    // an open session of a deactivated user stops at its next request (the guard reads the status too)
    if (!active) await revokeUserSessions(tx, user.id);
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: active ? 'user.reactivated' : 'user.deactivated',
      target: { type: 'user', id: user.id, label: user.email },
      ip,
    });
  });
  return repo.findMember(ctx.db, auth.accountId, 'user', userId, auth.userId);
}

/** An owner or admin approves a user whose campaigns waited for approval: later ones go out directly. */
export async function approveUser(ctx: AppContext, auth: AuthContext, userId: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const user = await repo.userForUpdate(tx, auth.accountId, userId);
    if (user.approved_user) return;
    await tx.execute(
      sql`update users set approved_user = true, updated_at = now() where id = ${user.id} and account_id = ${auth.accountId}`,
    );
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'user.approved',
      target: { type: 'user', id: user.id, label: user.email },
      ip,
    });
  });
  return repo.findMember(ctx.db, auth.accountId, 'user', userId, auth.userId);
}
