import { can, trialDaysRemaining, trialEndsAt, trialState, type UpdateProfileInput } from '@risala/shared';
import type { UpdateAccountInput } from '@risala/shared/schemas/account';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, files, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { MIME, sniffType, type Storage } from '../../storage/storage.ts';
import { audit, userActor } from '../audit/index.ts';
import { type AuthContext, findInAccount, toUserDto } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';

/**
 * The user named in the path, if the caller may see it: themselves, or a colleague of the same
 * account when their role manages users. Anything else is "not found" (no existence leak). Only
 * the owner changes the owner: an admin may see the owner's profile but not switch off their
 * two-step sign-in or replace their picture (FORBIDDEN, as for any action the role lacks).
 */
async function resolveUser(ctx: AppContext, auth: AuthContext, id: number, write: boolean) {
  if (id !== auth.userId && !can(auth.permissions, 'user_management', write ? 'update' : 'view')) {
    throw new AppError('NOT_FOUND');
  }
  const found = await findInAccount(ctx.db, auth.accountId, id);
  if (!found) throw new AppError('NOT_FOUND');
  if (write && id !== auth.userId && found.roleKey === 'owner') throw new AppError('FORBIDDEN');
  return found;
}

export async function getProfile(ctx: AppContext, auth: AuthContext, id: number) {
  const found = await resolveUser(ctx, auth, id, false);
  return {
    user: toUserDto(found.user, found.roleKey),
    permissions: found.permissions,
    account: found.account,
  };
}

export async function updateProfile(ctx: AppContext, auth: AuthContext, id: number, input: UpdateProfileInput) {
  const found = await resolveUser(ctx, auth, id, true);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updated_at: new Date() })
      .where(and(eq(users.id, id), eq(users.account_id, auth.accountId)))
      .returning();
    if (input.two_factor_enabled !== undefined && input.two_factor_enabled !== found.user.two_factor_enabled) {
      await notify(tx, { accountId: auth.accountId, userId: id }, 'system', input.two_factor_enabled ? 'twoFactorOn' : 'twoFactorOff');
    }
    return updated;
  });
  return { user: toUserDto(row, found.roleKey) };
}

/** The account's own settings (name, time zone); the route lets only those who manage users in. */
export async function updateAccount(ctx: AppContext, auth: AuthContext, input: UpdateAccountInput, ip: string | null = null) {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, auth.accountId)).for('update');
    const [after] = await tx
      .update(accounts)
      .set({ ...changes, updated_at: new Date() })
      .where(eq(accounts.id, auth.accountId))
      .returning();
    // what changed, from and to (the account's settings hold no secrets)
    const changed = Object.fromEntries(
      Object.keys(changes)
        .filter((k) => before?.[k as keyof typeof before] !== after[k as keyof typeof after])
        .map((k) => [k, { from: before?.[k as keyof typeof before] ?? null, to: after[k as keyof typeof after] ?? null }]),
    );
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'account.updated',
      target: { type: 'account', id: auth.accountId, label: after.name },
      ip,
      data: { changes: changed },
    });
    return after;
  });
  return {
    account: {
      id: row.id,
      name: row.name,
      plan: row.plan,
      needs_approval: row.needs_approval,
      timezone: row.timezone,
      country: row.country,
    },
  };
}

export async function getLogo(ctx: AppContext, auth: AuthContext, id: number) {
  const found = await resolveUser(ctx, auth, id, false);
  return { logo: found.user.logo };
}

/** Plan and trial position (spec §4): the trial ends two months after the user's creation. */
export async function featureAccess(ctx: AppContext, auth: AuthContext, id: number) {
  const found = await resolveUser(ctx, auth, id, false);
  const plan = found.account.plan;
  const days = trialDaysRemaining(found.user.created_at);
  return {
    currentPlan: plan,
    trial_ends_at: trialEndsAt(found.user.created_at).toISOString(),
    days_remaining: days,
    trial_state: trialState(plan, days),
  };
}

export const pictureKey = (userId: number) => `profile_pictures/user_${userId}.png`;

/** Store a JPG or PNG profile picture (type by content, ≤ 10 MB) and point the user's logo at it. */
export async function uploadPicture(
  ctx: AppContext,
  storage: Storage,
  auth: AuthContext,
  id: number,
  file: { buffer: Buffer; filename: string } | null,
) {
  await resolveUser(ctx, auth, id, true);
  if (!file || file.buffer.length === 0) throw new AppError('FILE_REQUIRED');
  const kind = sniffType(file.buffer);
  if (kind !== 'png' && kind !== 'jpg') throw new AppError('INVALID_FILE_TYPE');
  const key = pictureKey(id);
  await storage.put(key, file.buffer, MIME[kind]);
  const logo = `/uploads/${key}?v=${Date.now()}`;
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(files)
      .values({
        account_id: auth.accountId,
        user_id: id,
        key,
        original_name: file.filename.slice(0, 255),
        content_type: MIME[kind],
        size: file.buffer.length,
        purpose: 'profile_picture',
      })
      .onConflictDoUpdate({
        target: [files.key, files.account_id],
        set: { content_type: MIME[kind], size: file.buffer.length, original_name: file.filename.slice(0, 255), created_at: sql`now()` },
      });
    await tx.update(users).set({ logo, updated_at: new Date() }).where(eq(users.id, id));
  });
  return { logo };
}

/** A profile picture is visible to the people of the same account only. */
export async function readPicture(ctx: AppContext, storage: Storage, auth: AuthContext, userId: number) {
  const key = pictureKey(userId);
  const [meta] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.key, key), eq(files.account_id, auth.accountId)));
  if (!meta) return null;
  const body = await storage.get(key);
  return body ? { body, contentType: meta.content_type } : null;
}
