/**
 * A new account, set up in the caller's transaction: the tenant, its built-in roles and its owner,
 * then what lets it send at once — the sandbox senders and SMS gateway where the sandbox peers run,
 * and the trial credits. Sign-up and the demo seed both come through here; auth only checks who
 * the user is.
 */
import { BUILTIN_ROLES, permissionTreeFor, ROLE_DESCRIPTIONS, type RegisterInput } from '@risala/shared';
import { CHANNELS } from '@risala/shared/constants';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, roles, users } from '../../db/schema/index.ts';
import { seedSandboxGateway } from '../connections/index.ts';
import { grantTrialCredits } from '../messaging/index.ts';
import { seedSandboxSenders } from '../senders/index.ts';

/** The profile a sign-up gives its user (a new owner, or a pending sign-up replaced). */
export function signUpProfile(input: {
  first_name: string;
  last_name: string;
  phone_number: string;
  industry?: string | null;
  user_role?: string | null;
  language?: 'en' | 'ar';
}) {
  return {
    first_name: input.first_name,
    last_name: input.last_name,
    phone_number: input.phone_number,
    industry: input.industry ?? null,
    user_role: input.user_role ?? null,
    language: input.language ?? ('en' as const),
  };
}

/**
 * A sub-account of `parentId` (modules/sub-accounts), in the caller's transaction: the tenant and
 * its built-in roles, the sandbox peers like any account, and empty credit balances — its credits
 * come from its parent's. Its first owner is invited by the caller.
 */
export async function createChildAccount(
  tx: DbOrTx,
  input: { name: string; parentId: number; plan: string; timezone: string },
  config?: Config,
): Promise<{ id: number; name: string }> {
  const [account] = await tx
    .insert(accounts)
    .values({ name: input.name, plan: input.plan, timezone: input.timezone, parent_account_id: input.parentId })
    .returning();
  await tx.insert(roles).values(
    BUILTIN_ROLES.map((key) => ({
      account_id: account.id,
      key,
      role_name: key,
      role_description: ROLE_DESCRIPTIONS[key],
      permissions: permissionTreeFor(key),
      is_builtin: true,
    })),
  );
  if (config) await seedSandboxSenders(tx, account, config);
  if (!config?.production || config.smsc.sandbox) await seedSandboxGateway(tx, account.id);
  await tx.execute(sql`
    insert into credits (account_id, channel, balance)
    select ${account.id}, ch, 0 from unnest(${sql.param([...CHANNELS])}::text[]) as t(ch) on conflict do nothing`);
  return { id: account.id, name: account.name };
}

/** Create the account (tenant), its built-in roles and the owner in one transaction. */
export async function createAccountWithOwner(
  tx: DbOrTx,
  input: Omit<RegisterInput, 'confirm_password'> & { passwordHash: string },
  opts: { verified?: boolean; createdAt?: Date; plan?: string; config?: Config } = {},
): Promise<typeof users.$inferSelect> {
  const [account] = await tx
    .insert(accounts)
    .values({
      name: input.company_name || `${input.first_name} ${input.last_name}`,
      plan: opts.plan ?? 'free_trial',
      ...(opts.createdAt ? { created_at: opts.createdAt } : {}),
    })
    .returning();
  const roleRows = await tx
    .insert(roles)
    .values(
      BUILTIN_ROLES.map((key) => ({
        account_id: account.id,
        key,
        role_name: key,
        role_description: ROLE_DESCRIPTIONS[key],
        permissions: permissionTreeFor(key),
        is_builtin: true,
      })),
    )
    .returning();
  const owner = roleRows.find((r) => r.key === 'owner');
  if (!owner) throw new Error('owner role missing');
  const [user] = await tx
    .insert(users)
    .values({
      account_id: account.id,
      role_id: owner.id,
      email: input.email,
      password_hash: input.passwordHash,
      ...signUpProfile(input),
      email_verified_at: opts.verified ? new Date() : null,
      ...(opts.createdAt ? { created_at: opts.createdAt } : {}),
    })
    .returning();
  if (opts.config) await seedSandboxSenders(tx, account, opts.config);
  // the sandbox SMSC connection: wherever the simulator runs (never by default in production)
  if (!opts.config?.production || opts.config.smsc.sandbox) await seedSandboxGateway(tx, account.id);
  await grantTrialCredits(tx, account.id);
  return user;
}
