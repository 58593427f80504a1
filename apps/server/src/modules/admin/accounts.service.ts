/**
 * Every account, as a platform operator sees it: plan, status, users, messages of the last 30 days
 * and credits per channel; suspension (its users are refused with ACCOUNT_SUSPENDED, its sending
 * stops) and credit adjustments with a reason — each written to the account's own audit log with
 * actor type 'operator', in the transaction of the change.
 */
import type { AdjustCreditsInput, AdminAccount, AdminAccountsQuery } from '@risala/shared/schemas/admin';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern } from '../../lib/search.ts';
import { audit } from '../audit/index.ts';
import { pauseAccountCampaigns } from '../campaigns/index.ts';
import { type OperatorAuth, operatorActor } from './operators.service.ts';

interface AccountRow {
  id: number;
  name: string;
  plan: string;
  status: 'ACTIVE' | 'SUSPENDED';
  suspended_reason: string | null;
  suspended_at: Date | null;
  created_at: Date;
  owner_email: string | null;
  users: number;
  messages_30d: number;
  credits: { sms?: number; email?: number; whatsapp?: number } | null;
}

const SELECT = sql`
  select a.id, a.name, a.plan, a.status, a.suspended_reason, a.suspended_at, a.created_at,
         (select u.email from users u where u.account_id = a.id order by u.id limit 1) as owner_email,
         (select count(*)::int from users u where u.account_id = a.id) as users,
         (select count(*)::int from messages m where m.account_id = a.id and m.created_at > now() - interval '30 days') as messages_30d,
         (select jsonb_object_agg(c.channel, c.balance) from credits c where c.account_id = a.id) as credits
    from accounts a`;

function toDto(r: AccountRow): AdminAccount {
  const c = r.credits ?? {};
  return {
    id: r.id,
    name: r.name,
    plan: r.plan,
    status: r.status,
    suspended_reason: r.suspended_reason,
    suspended_at: r.suspended_at ? new Date(r.suspended_at).toISOString() : null,
    owner_email: r.owner_email,
    users: r.users,
    messages_30d: r.messages_30d,
    credits: { sms: Number(c.sms ?? 0), email: Number(c.email ?? 0), whatsapp: Number(c.whatsapp ?? 0) },
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** GET /api/admin/accounts: search by account name or any of its users' addresses; newest first. */
export async function listAccounts(ctx: AppContext, q: AdminAccountsQuery) {
  const where: SQL[] = [];
  if (q.search) {
    const like = likePattern(q.search.toLowerCase());
    where.push(
      sql`(lower(a.name) like ${like} or exists (select 1 from users u where u.account_id = a.id and lower(u.email) like ${like}))`,
    );
  }
  if (q.status) where.push(sql`a.status = ${q.status}`);
  const filter = where.length ? sql` where ${sql.join(where, sql` and `)}` : sql``;
  const { rows: count } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from accounts a${filter}`);
  const { rows } = await ctx.db.execute<AccountRow & Record<string, unknown>>(
    sql`${SELECT}${filter} order by a.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { items: rows.map(toDto), page: q.page, limit: q.limit, total: count[0]?.n ?? 0 };
}

export async function getAccount(db: DbOrTx, id: number): Promise<AdminAccount> {
  const { rows } = await db.execute<AccountRow & Record<string, unknown>>(sql`${SELECT} where a.id = ${id}`);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return toDto(rows[0]);
}

/**
 * Suspend: the account's users are refused at sign-in and on every request (ACCOUNT_SUSPENDED with
 * the reason), campaign deploys are refused and its due batches do not start until reactivated.
 */
export async function setAccountStatus(
  ctx: AppContext,
  op: OperatorAuth,
  id: number,
  change: { status: 'SUSPENDED'; reason: string } | { status: 'ACTIVE' },
  ip: string,
) {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: string; name: string }>(sql`select status, name from accounts where id = ${id} for update`);
    const before = rows[0];
    if (!before) throw new AppError('NOT_FOUND');
    let paused: number[] = [];
    if (change.status === 'SUSPENDED') {
      await tx.execute(sql`
        update accounts set status = 'SUSPENDED', suspended_reason = ${change.reason}, suspended_at = now(), updated_at = now() where id = ${id}`);
      // sending already under way stops too: its running campaigns are paused, unsent messages held
      paused = await pauseAccountCampaigns(tx, id);
    } else {
      await tx.execute(
        sql`update accounts set status = 'ACTIVE', suspended_reason = null, suspended_at = null, updated_at = now() where id = ${id}`,
      );
    }
    await audit(tx, {
      accountId: id,
      actor: operatorActor(op),
      action: change.status === 'SUSPENDED' ? 'account.suspended' : 'account.reactivated',
      target: { type: 'account', id, label: before.name },
      ip,
      data: {
        from: before.status,
        to: change.status,
        ...(change.status === 'SUSPENDED' ? { reason: change.reason, paused_campaigns: paused } : {}),
      },
    });
    return { account: await getAccount(tx, id) };
  });
}

/** Grant (or take back, never below zero) credits of one channel, with the reason, ledger and audit entry in one transaction. */
export async function adjustCredits(ctx: AppContext, op: OperatorAuth, id: number, input: AdjustCreditsInput, ip: string) {
  return ctx.db.transaction(async (tx) => {
    const { rows: acct } = await tx.execute<{ name: string }>(sql`select name from accounts where id = ${id}`);
    if (!acct[0]) throw new AppError('NOT_FOUND');
    await tx.execute(sql`insert into credits (account_id, channel, balance) values (${id}, ${input.channel}, 0) on conflict do nothing`);
    const { rows } = await tx.execute<{ balance: string }>(
      sql`select balance from credits where account_id = ${id} and channel = ${input.channel} for update`,
    );
    const before = Number(rows[0]?.balance ?? 0);
    const after = before + input.delta;
    if (after < 0)
      throw new AppError('INSUFFICIENT_CREDITS', { params: { balance: before, needed: -input.delta }, data: { channel: input.channel } });
    await tx.execute(sql`
      update credits set balance = ${after}, updated_at = now() where account_id = ${id} and channel = ${input.channel}`);
    await tx.execute(sql`
      insert into credit_ledger (account_id, channel, delta, reason) values (${id}, ${input.channel}, ${input.delta}, 'operator_adjustment')`);
    await audit(tx, {
      accountId: id,
      actor: operatorActor(op),
      action: 'credits.adjusted',
      target: { type: 'account', id, label: acct[0].name },
      ip,
      data: { channel: input.channel, delta: input.delta, before, after, reason: input.reason },
    });
    return { account: await getAccount(tx, id) };
  });
}
