/**
 * Sub-accounts: an account creates accounts of its own clients or brands, each a
 * tenant of its own (its own account_id, so every tenant rule keeps it apart from its parent and
 * its siblings). The parent reads only usage figures of its children — users, messages in the
 * last 30 days, balances — never their customers, messages or users, and gives them message
 * credits from its own balance. One level: a sub-account cannot create sub-accounts
 * (SUB_ACCOUNT_DEPTH; docs/decisions.md).
 */
import type { AllocateCreditsInput, CreateSubAccountInput, SubAccount, SubAccountList } from '@risala/shared/schemas/sub-accounts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createChildAccount } from '../accounts/index.ts';
import { audit, userActor } from '../audit/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { inviteFirstOwner } from '../users/index.ts';

type Figures = SubAccount['credits'];
const figures = (rows: { channel: string; n: number }[]): Figures => {
  const out: Figures = { sms: 0, email: 0, whatsapp: 0 };
  for (const r of rows) if (r.channel in out) out[r.channel as keyof Figures] = Number(r.n);
  return out;
};

interface ParentRow {
  id: number;
  name: string;
  plan: string;
  timezone: string;
  parent_account_id: number | null;
}

async function parentOf(db: DbOrTx, accountId: number, lock = false): Promise<ParentRow> {
  const { rows } = await db.execute<ParentRow & Record<string, unknown>>(
    sql`select id, name, plan, timezone, parent_account_id from accounts where id = ${accountId} ${lock ? sql`for update` : sql``}`,
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

/** The caller's own sub-account (NOT_FOUND for any other account, a sibling's or another parent's). */
async function childOf(db: DbOrTx, parentId: number, id: number): Promise<{ id: number; name: string }> {
  const { rows } = await db.execute<{ id: number; name: string }>(
    sql`select id, name from accounts where id = ${id} and parent_account_id = ${parentId}`,
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

/** Usage of the children: only counts and balances, read per child account. */
async function usage(db: DbOrTx, parentId: number, onlyId?: number): Promise<SubAccount[]> {
  const { rows } = await db.execute<{
    id: number;
    name: string;
    plan: string;
    created_at: string;
    owner_email: string | null;
    owner_active: boolean;
    users: number;
    messages: { channel: string; n: number }[] | null;
    credits: { channel: string; n: number }[] | null;
  }>(sql`
    select a.id, a.name, a.plan, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           coalesce(o.email, i.email) as owner_email, o.email is not null as owner_active,
           (select count(*)::int from users u where u.account_id = a.id) as users,
           (select json_agg(json_build_object('channel', m.channel, 'n', m.n)) from (
              select channel, count(*)::int as n from messages
               where account_id = a.id and created_at >= now() - interval '30 days' group by channel) m) as messages,
           (select json_agg(json_build_object('channel', c.channel, 'n', c.balance)) from credits c where c.account_id = a.id) as credits
      from accounts a
      left join lateral (select u.email from users u join roles r on r.id = u.role_id and r.account_id = u.account_id
                          where u.account_id = a.id and r.key = 'owner' order by u.id limit 1) o on true
      left join lateral (select i.email from invitations i where i.account_id = a.id and i.accepted_at is null and i.revoked_at is null
                          order by i.id limit 1) i on true
     where a.parent_account_id = ${parentId} ${onlyId ? sql`and a.id = ${onlyId}` : sql``}
     order by a.created_at desc, a.id desc`);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    plan: r.plan,
    created_at: r.created_at,
    owner_email: r.owner_email,
    owner_status: r.owner_active ? 'ACTIVE' : 'INVITED',
    users: r.users,
    messages_30d: figures(r.messages ?? []),
    credits: figures(r.credits ?? []),
  }));
}

async function balances(db: DbOrTx, accountId: number): Promise<Figures> {
  const { rows } = await db.execute<{ channel: string; n: number }>(
    sql`select channel, balance::float8 as n from credits where account_id = ${accountId}`,
  );
  return figures(rows);
}

export async function list(ctx: AppContext, auth: AuthContext): Promise<SubAccountList> {
  const me = await parentOf(ctx.db, auth.accountId);
  return {
    items: me.parent_account_id ? [] : await usage(ctx.db, auth.accountId),
    own_credits: await balances(ctx.db, auth.accountId),
    can_create: me.parent_account_id === null,
  };
}

export async function create(ctx: AppContext, auth: AuthContext, input: CreateSubAccountInput, ip: string): Promise<SubAccount> {
  const id = await ctx.db.transaction(async (tx) => {
    const parent = await parentOf(tx, auth.accountId, true);
    if (parent.parent_account_id !== null) throw new AppError('SUB_ACCOUNT_DEPTH');
    const child = await createChildAccount(
      tx,
      { name: input.name, parentId: parent.id, plan: parent.plan, timezone: parent.timezone },
      ctx.config,
    );
    const { rows } = await tx.execute<{ name: string; email: string }>(sql`
      select coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) as name, email
        from users where id = ${auth.userId} and account_id = ${auth.accountId}`);
    const inviter = rows[0] ?? { name: parent.name, email: '' };
    const invitationId = await inviteFirstOwner(ctx, tx, {
      accountId: child.id,
      accountName: child.name,
      inviterName: `${inviter.name} (${parent.name})`,
      email: input.owner_email,
      first_name: input.owner_first_name,
      last_name: input.owner_last_name,
      language: input.language ?? auth.language,
    });
    const target = { type: 'sub_account', id: child.id, label: child.name };
    await audit(tx, {
      accountId: parent.id,
      actor: userActor(auth.userId),
      action: 'sub_account.created',
      target,
      ip,
      data: { owner_email: input.owner_email },
    });
    await audit(tx, {
      accountId: child.id,
      actor: { type: 'parent_account', id: parent.id, label: `${inviter.email} · ${parent.name}` },
      action: 'user.invited',
      target: { type: 'invitation', id: invitationId, label: input.owner_email },
      data: { role: 'owner' },
    });
    return child.id;
  });
  const [created] = await usage(ctx.db, auth.accountId, id);
  if (!created) throw new AppError('NOT_FOUND');
  return created;
}

/**
 * Moves credits from the parent's balance to its child's, in one transaction: both balance rows
 * locked in account order (two allocations never deadlock), INSUFFICIENT_CREDITS when the parent
 * has fewer (nothing moves), a ledger row and an audit entry on each side.
 */
export async function allocate(ctx: AppContext, auth: AuthContext, childId: number, input: AllocateCreditsInput, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const parent = await parentOf(tx, auth.accountId);
    const child = await childOf(tx, auth.accountId, childId);
    await tx.execute(sql`
      insert into credits (account_id, channel, balance) values (${child.id}, ${input.channel}, 0) on conflict do nothing`);
    const { rows } = await tx.execute<{ account_id: number; balance: string }>(sql`
      select account_id, balance from credits where account_id in (${parent.id}, ${child.id}) and channel = ${input.channel}
       order by account_id for update`);
    const balance = Number(rows.find((r) => r.account_id === parent.id)?.balance ?? 0);
    if (balance < input.amount) {
      throw new AppError('INSUFFICIENT_CREDITS', { params: { balance, needed: input.amount }, data: { channel: input.channel } });
    }
    await tx.execute(sql`update credits set balance = balance - ${input.amount}, updated_at = now()
                          where account_id = ${parent.id} and channel = ${input.channel}`);
    await tx.execute(sql`update credits set balance = balance + ${input.amount}, updated_at = now()
                          where account_id = ${child.id} and channel = ${input.channel}`);
    await tx.execute(sql`
      insert into credit_ledger (account_id, channel, delta, reason, user_id)
      values (${parent.id}, ${input.channel}, ${-input.amount}, 'allocation_out', ${auth.userId}),
             (${child.id}, ${input.channel}, ${input.amount}, 'allocation_in', null)`);
    const data = { channel: input.channel, amount: input.amount };
    await audit(tx, {
      accountId: parent.id,
      actor: userActor(auth.userId),
      action: 'credits.allocated',
      target: { type: 'sub_account', id: child.id, label: child.name },
      ip,
      data: { ...data, balance_after: balance - input.amount },
    });
    await audit(tx, {
      accountId: child.id,
      actor: { type: 'parent_account', id: parent.id, label: parent.name },
      action: 'credits.received',
      target: { type: 'account', id: child.id, label: child.name },
      data,
    });
  });
  const [updated] = await usage(ctx.db, auth.accountId, childId);
  if (!updated) throw new AppError('NOT_FOUND');
  return updated;
}
