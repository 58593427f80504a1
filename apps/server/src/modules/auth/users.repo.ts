import type { PermissionTree, User } from '@risala/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { accounts, roles, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export interface UserWithRole {
  user: UserRow;
  roleKey: string;
  permissions: PermissionTree;
  account: {
    id: number;
    name: string;
    plan: string;
    needs_approval: boolean;
    timezone: string;
    country: string | null;
    status: string;
    suspended_reason: string | null;
  };
}

async function withRole(db: DbOrTx, where: ReturnType<typeof eq>): Promise<UserWithRole | null> {
  const [row] = await db
    .select({ user: users, role: roles, account: accounts })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.role_id), eq(roles.account_id, users.account_id)))
    .innerJoin(accounts, eq(accounts.id, users.account_id))
    .where(where)
    .limit(1);
  if (!row) return null;
  return {
    user: row.user,
    roleKey: row.role.key ?? row.role.role_name,
    permissions: row.role.permissions as PermissionTree,
    account: {
      id: row.account.id,
      name: row.account.name,
      plan: row.account.plan,
      needs_approval: row.account.needs_approval,
      timezone: row.account.timezone,
      country: row.account.country,
      status: row.account.status,
      suspended_reason: row.account.suspended_reason,
    },
  };
}

export function findByEmail(db: DbOrTx, email: string) {
  return withRole(db, eq(sql`lower(${users.email})`, email.toLowerCase()));
}

/** A user of the given account only: ids of other accounts are simply not found. */
export function findInAccount(db: DbOrTx, accountId: number, id: number) {
  return withRole(db, and(eq(users.id, id), eq(users.account_id, accountId)) as ReturnType<typeof eq>);
}

/** 404 unless the user belongs to the account (a colleague's lists are readable, another account's are not). */
export async function assertUserInAccount(db: DbOrTx, accountId: number, id: number): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.account_id, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
}

export function toUserDto(row: UserRow, roleKey: string): User {
  return {
    id: row.id,
    account_id: row.account_id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    username: row.username,
    phone_number: row.phone_number,
    industry: row.industry,
    user_role: row.user_role,
    role: roleKey,
    language: row.language,
    status: row.status,
    two_factor_enabled: row.two_factor_enabled,
    email_verified: Boolean(row.email_verified_at),
    logo: row.logo,
    created_at: row.created_at.toISOString(),
  };
}

/** The account's time zone (IANA): what schedules are typed in and exports write times in. */
export async function accountTimeZone(db: DbOrTx, accountId: number): Promise<string> {
  const [row] = await db.select({ timezone: accounts.timezone }).from(accounts).where(eq(accounts.id, accountId));
  return row?.timezone ?? 'UTC';
}
