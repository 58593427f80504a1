/**
 * Invitations: a signed, expiring, single-use link mailed in the invitee's language. Only the
 * token's HMAC is stored. Opening the mailed link proves the mailbox (as a sign-up code does), so
 * accepting creates a verified user with the invited role and signs them in.
 */
import { type AcceptInvitationInput, INVITATION, type InviteInput } from '@risala/shared/schemas/team';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { hmac, urlToken } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { inviteMail } from '../../mail/templates.ts';
import { mailsSent } from '../../metrics.ts';
import { audit, userActor } from '../audit/index.ts';
import { type AuthContext, findByEmail, hashPassword, type RequestMeta, startSession } from '../auth/index.ts';
import * as repo from './team.repo.ts';

interface InvitationRow {
  id: number;
  account_id: number;
  email: string;
  role_id: number;
  first_name: string;
  last_name: string;
  language: string;
  needs_approval: boolean;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

const expiry = () => new Date(Date.now() + INVITATION.ttlHours * 3_600_000);

/**
 * An invitation is mailed again (Resend, or inviting its pending address again) at most
 * INVITATION.resendsPerDay times in any 24 hours: INVITATION_RESEND_LIMIT, with `retry_after`
 * (seconds until the oldest of those leaves the window). The audit entries written with each
 * resend are the count; the invitation row is locked, so two resends at once are counted in turn.
 */
async function assertResendAllowed(tx: DbOrTx, accountId: number, invitationId: number) {
  const { rows } = await tx.execute<{ n: number; retry_after: number | null }>(sql`
    select count(*)::int as n,
           ceil(extract(epoch from min(created_at) + interval '24 hours' - now()))::int as retry_after
      from audit_log
     where account_id = ${accountId} and created_at > now() - interval '24 hours'
       and target_type = 'invitation' and target_id = ${String(invitationId)}
       and (action = 'user.invitation_resent' or (action = 'user.invited' and data->>'replaced' = 'true'))`);
  const { n = 0, retry_after } = rows[0] ?? {};
  if (n >= INVITATION.resendsPerDay) {
    throw new AppError('INVITATION_RESEND_LIMIT', {
      params: { max: INVITATION.resendsPerDay },
      data: { retry_after: Math.max(1, retry_after ?? 1) },
    });
  }
}

async function mailInvitation(ctx: AppContext, tx: DbOrTx, auth: AuthContext, inv: InvitationRow, token: string) {
  const { rows } = await tx.execute<{ inviter: string; account: string; role: string }>(sql`
    select trim(u.first_name || ' ' || u.last_name) as inviter, a.name as account, r.role_name as role
      from users u join accounts a on a.id = u.account_id
      join roles r on r.account_id = a.id and r.id = ${inv.role_id}
     where u.id = ${auth.userId} and u.account_id = ${auth.accountId}`);
  const d = rows[0];
  if (!d) throw new AppError('NOT_FOUND');
  const link = `${ctx.config.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
  const name = inv.first_name || inv.email;
  await ctx.mailer.send(inviteMail(inv.language, inv.email, name, { ...d, link, hours: INVITATION.ttlHours })).catch((err: Error) => {
    ctx.log.error({ err }, 'could not send the invitation mail');
    throw new AppError('SERVICE_UNAVAILABLE');
  });
  mailsSent.inc({ kind: 'invite' });
}

async function pendingInvitation(tx: DbOrTx, accountId: number, id: number): Promise<InvitationRow> {
  const { rows } = await tx.execute<InvitationRow & Record<string, unknown>>(sql`
    select * from invitations where account_id = ${accountId} and id = ${id}
       and accepted_at is null and revoked_at is null for update`);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

export async function invite(ctx: AppContext, auth: AuthContext, input: InviteInput, ip: string) {
  const id = await ctx.db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, auth.accountId);
    const role = await repo.roleInAccount(tx, auth.accountId, input.role_id);
    if (role.key === 'owner' && auth.role !== 'owner') throw new AppError('OWNER_ONLY');
    if (await findByEmail(tx, input.email)) {
      throw new AppError('EMAIL_EXISTS', { errors: [{ field: 'email', message: 'errors.EMAIL_EXISTS' }] });
    }
    const token = urlToken();
    const values = {
      role_id: role.id,
      first_name: input.first_name ?? '',
      last_name: input.last_name ?? '',
      language: input.language ?? auth.language,
      needs_approval: input.needs_approval ?? false,
      token_hash: hmac(ctx.config.jwtSecret, token),
      expires_at: expiry(),
    };
    // inviting an address again replaces its pending invitation (the old link stops working)
    const { rows: existing } = await tx.execute<{ id: number; expires_at: Date }>(sql`
      select id, expires_at from invitations where account_id = ${auth.accountId} and lower(email) = lower(${input.email})
         and accepted_at is null and revoked_at is null for update`);
    const replaced = existing[0];
    if (replaced) await assertResendAllowed(tx, auth.accountId, replaced.id);
    if (!replaced || new Date(replaced.expires_at) <= new Date()) await repo.assertSeatFree(tx, auth.accountId, account.plan);
    const { rows } = replaced
      ? await tx.execute<InvitationRow & Record<string, unknown>>(sql`
          update invitations set role_id = ${values.role_id}, first_name = ${values.first_name}, last_name = ${values.last_name},
                 language = ${values.language}, needs_approval = ${values.needs_approval}, token_hash = ${values.token_hash},
                 expires_at = ${values.expires_at}, invited_by = ${auth.userId}, updated_at = now()
           where id = ${replaced.id} and account_id = ${auth.accountId} returning *`)
      : await tx.execute<InvitationRow & Record<string, unknown>>(sql`
          insert into invitations (account_id, email, role_id, first_name, last_name, language, needs_approval, token_hash,
                                   invited_by, expires_at)
          values (${auth.accountId}, ${input.email}, ${values.role_id}, ${values.first_name}, ${values.last_name},
                  ${values.language}, ${values.needs_approval}, ${values.token_hash}, ${auth.userId}, ${values.expires_at})
          returning *`);
    const inv = rows[0] as InvitationRow;
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'user.invited',
      target: { type: 'invitation', id: inv.id, label: inv.email },
      ip,
      data: { role: role.key ?? role.role_name, needs_approval: values.needs_approval, ...(replaced ? { replaced: true } : {}) },
    });
    await mailInvitation(ctx, tx, auth, inv, token);
    return inv.id;
  });
  return repo.findMember(ctx.db, auth.accountId, 'invitation', id, auth.userId);
}

/** A new link (the old one stops working) with a new expiry, mailed again. */
export async function resend(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, auth.accountId);
    const inv = await pendingInvitation(tx, auth.accountId, id);
    await assertResendAllowed(tx, auth.accountId, inv.id);
    if (new Date(inv.expires_at) <= new Date()) await repo.assertSeatFree(tx, auth.accountId, account.plan);
    const token = urlToken();
    await tx.execute(sql`update invitations set token_hash = ${hmac(ctx.config.jwtSecret, token)}, expires_at = ${expiry()},
                           updated_at = now() where id = ${inv.id} and account_id = ${auth.accountId}`);
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'user.invitation_resent',
      target: { type: 'invitation', id: inv.id, label: inv.email },
      ip,
    });
    await mailInvitation(ctx, tx, auth, inv, token);
  });
  return repo.findMember(ctx.db, auth.accountId, 'invitation', id, auth.userId);
}

export async function revoke(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const inv = await pendingInvitation(tx, auth.accountId, id);
    await tx.execute(
      sql`update invitations set revoked_at = now(), updated_at = now() where id = ${inv.id} and account_id = ${auth.accountId}`,
    );
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'user.invitation_revoked',
      target: { type: 'invitation', id: inv.id, label: inv.email },
      ip,
    });
  });
  return { id };
}

/** The pending invitation a link names: INVITATION_EXPIRED past its time, INVITATION_INVALID when used, revoked or replaced. */
async function byToken(ctx: AppContext, tx: DbOrTx, token: string, lock: boolean) {
  const { rows } = await tx.execute<InvitationRow & { account_name: string; role_name: string } & Record<string, unknown>>(sql`
    select i.*, a.name as account_name, r.role_name from invitations i
      join accounts a on a.id = i.account_id
      join roles r on r.id = i.role_id and r.account_id = i.account_id
     where i.token_hash = ${hmac(ctx.config.jwtSecret, token)} ${lock ? sql`for update of i` : sql``}`);
  const inv = rows[0];
  if (!inv || inv.accepted_at || inv.revoked_at) throw new AppError('INVITATION_INVALID');
  if (new Date(inv.expires_at) <= new Date()) throw new AppError('INVITATION_EXPIRED');
  return inv;
}

export async function preview(ctx: AppContext, token: string) {
  const inv = await byToken(ctx, ctx.db, token, false);
  return {
    email: inv.email,
    account_name: inv.account_name,
    role_name: inv.role_name,
    first_name: inv.first_name,
    last_name: inv.last_name,
    language: inv.language,
  };
}

export async function accept(ctx: AppContext, input: AcceptInvitationInput, meta: RequestMeta) {
  // public: limited per IP like a code check, and the link is checked before the (costly) password hash
  await enforce(ctx.db, [ctx.config.rateLimits.otpVerifyPerIp, meta.ip]);
  await byToken(ctx, ctx.db, input.token, false);
  const passwordHash = await hashPassword(input.password);
  const email = await ctx.db.transaction(async (tx) => {
    const inv = await byToken(ctx, tx, input.token, true);
    if (await findByEmail(tx, inv.email)) throw new AppError('EMAIL_EXISTS');
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into users (account_id, role_id, email, password_hash, first_name, last_name, language, email_verified_at, approved_user)
      values (${inv.account_id}, ${inv.role_id}, ${inv.email}, ${passwordHash}, ${input.first_name}, ${input.last_name},
              ${inv.language}, now(), ${!inv.needs_approval})
      returning id`);
    const userId = rows[0]?.id as number;
    await tx.execute(
      sql`update invitations set accepted_at = now(), updated_at = now() where id = ${inv.id} and account_id = ${inv.account_id}`,
    );
    await audit(tx, {
      accountId: inv.account_id,
      actor: userActor(userId),
      action: 'user.invitation_accepted',
      target: { type: 'user', id: userId, label: inv.email },
      ip: meta.ip,
    });
    return inv.email;
  });
  const found = await findByEmail(ctx.db, email);
  if (!found?.permissions?.sms_portal?.length) return { accepted: true as const };
  return { accepted: true as const, ...(await startSession(ctx, found, meta)) };
}

/**
 * The first owner of a new sub-account, invited by a user of its parent account (modules/sub-accounts),
 * in the caller's transaction: the same signed, expiring link as any invitation, to the owner role
 * of the new account. No seat check (the account is new and empty).
 */
export async function inviteFirstOwner(
  ctx: AppContext,
  tx: DbOrTx,
  input: {
    accountId: number;
    accountName: string;
    inviterName: string;
    email: string;
    first_name?: string;
    last_name?: string;
    language: string;
  },
): Promise<number> {
  if (await findByEmail(tx, input.email)) {
    throw new AppError('EMAIL_EXISTS', { errors: [{ field: 'owner_email', message: 'errors.EMAIL_EXISTS' }] });
  }
  const { rows: roles } = await tx.execute<{ id: number; role_name: string }>(
    sql`select id, role_name from roles where account_id = ${input.accountId} and key = 'owner'`,
  );
  const role = roles[0];
  if (!role) throw new Error('owner role missing');
  const token = urlToken();
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into invitations (account_id, email, role_id, first_name, last_name, language, token_hash, expires_at)
    values (${input.accountId}, ${input.email}, ${role.id}, ${input.first_name ?? ''}, ${input.last_name ?? ''}, ${input.language},
            ${hmac(ctx.config.jwtSecret, token)}, ${expiry()})
    returning id`);
  const link = `${ctx.config.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
  const mail = inviteMail(input.language, input.email, input.first_name || input.email, {
    inviter: input.inviterName,
    account: input.accountName,
    role: role.role_name,
    link,
    hours: INVITATION.ttlHours,
  });
  await ctx.mailer.send(mail).catch((err: Error) => {
    ctx.log.error({ err }, 'could not send the invitation mail');
    throw new AppError('SERVICE_UNAVAILABLE');
  });
  mailsSent.inc({ kind: 'invite' });
  return rows[0]?.id as number;
}
