/**
 * The account's subscription (one current row: TRIAL or ACTIVE) and its changes: trial → paid and
 * upgrades through checkout (prorated for the rest of the period), downgrades at the end of the
 * period, cancel at the end of the period, renewal. `accounts.plan` stays the plan every guard
 * reads; it changes in the same transaction as the subscription row.
 */
import type { BillingInterval, SubscriptionView } from '@risala/shared/schemas/billing';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuthContext, requireOwnerLike } from './access.ts';
import { createInvoice } from './invoices.service.ts';
import { periodEnd, prorate } from './money.ts';
import { getPlan, type PlanRow, planOf } from './plans.repo.ts';

export interface SubscriptionRow {
  id: number;
  account_id: number;
  plan_key: string;
  interval: BillingInterval;
  status: 'TRIAL' | 'ACTIVE' | 'CANCELED' | 'EXPIRED' | 'SUSPENDED';
  price: number;
  currency: string;
  discount_bp: number;
  start_date: Date;
  end_date: Date | null;
  cancel_at_period_end: boolean;
  next_plan_key: string | null;
}

function normalise(r: Record<string, unknown>): SubscriptionRow {
  return {
    ...(r as unknown as SubscriptionRow),
    price: Number(r.price),
    start_date: new Date(r.start_date as string),
    end_date: r.end_date ? new Date(r.end_date as string) : null,
  };
}

/** The current subscription; created from `accounts.plan` when the account has none yet. */
export async function currentSubscription(db: DbOrTx, accountId: number, lock = false): Promise<SubscriptionRow> {
  const read = () =>
    db.execute(
      lock
        ? sql`select * from subscriptions where account_id = ${accountId} and status in ('TRIAL', 'ACTIVE') for update`
        : sql`select * from subscriptions where account_id = ${accountId} and status in ('TRIAL', 'ACTIVE')`,
    );
  let { rows } = await read();
  if (!rows[0]) {
    const { rows: acc } = await db.execute<{ plan: string; created_at: string }>(
      sql`select plan, created_at from accounts where id = ${accountId}`,
    );
    if (!acc[0]) throw new AppError('NOT_FOUND');
    const plan = await planOf(db, acc[0].plan);
    const paid = plan.monthly_price > 0;
    await db.execute(sql`
      insert into subscriptions (account_id, plan_key, status, price, start_date, end_date)
      values (${accountId}, ${plan.key}, ${paid ? 'ACTIVE' : 'TRIAL'}, ${plan.monthly_price}, ${acc[0].created_at},
              ${paid ? periodEnd(new Date(), 'month').toISOString() : null})
      on conflict do nothing`);
    ({ rows } = await read());
  }
  return normalise(rows[0]);
}

export async function subscriptionView(db: DbOrTx, accountId: number): Promise<SubscriptionView> {
  const s = await currentSubscription(db, accountId);
  const { rows } = await db.execute<{ channel: string; consumed: string; balance: string }>(
    sql`select channel, consumed, balance from credits where account_id = ${accountId} order by channel`,
  );
  return {
    plan_key: s.plan_key,
    status: s.status,
    interval: s.interval,
    price: s.price,
    currency: s.currency,
    discount_bp: s.discount_bp,
    start_date: s.start_date.toISOString(),
    end_date: s.end_date?.toISOString() ?? null,
    cancel_at_period_end: s.cancel_at_period_end,
    next_plan_key: s.next_plan_key,
    credits: rows.map((r) => ({ channel: r.channel, consumed: Number(r.consumed), remaining: Number(r.balance) })),
  };
}

const priceFor = (plan: PlanRow, interval: BillingInterval) => (interval === 'year' ? plan.yearly_price : plan.monthly_price);

/** What a checkout for `planKey` charges now (before VAT), and what kind of change it is. */
export async function quoteChange(
  db: DbOrTx,
  accountId: number,
  planKey: string,
  interval: BillingInterval,
  now = new Date(),
): Promise<{ plan: PlanRow; change: 'start' | 'upgrade'; amount: number; current: SubscriptionRow }> {
  const plan = await getPlan(db, planKey);
  if (!plan.public || priceFor(plan, interval) <= 0) throw new AppError('PLAN_CHANGE_NOT_ALLOWED');
  const current = await currentSubscription(db, accountId);
  const currentPlan = await planOf(db, current.plan_key);
  const paidNow = current.status === 'ACTIVE' && currentPlan.monthly_price > 0 && current.end_date;
  if (!paidNow) return { plan, change: 'start', amount: priceFor(plan, interval), current };
  if (current.plan_key === plan.key) throw new AppError('PLAN_CHANGE_NOT_ALLOWED');
  // an upgrade keeps the period (and its interval); a cheaper plan is a downgrade, at period end
  const newPrice = priceFor(plan, current.interval);
  if (newPrice <= current.price) throw new AppError('PLAN_CHANGE_NOT_ALLOWED');
  const amount = prorate(current.price, newPrice, current.start_date, current.end_date as Date, now);
  return { plan, change: 'upgrade', amount: Math.max(amount, 1), current };
}

/** Adds a plan's included credits to the account's balances (ledger reason 'plan_grant'). */
async function grantIncluded(tx: DbOrTx, accountId: number, plan: PlanRow, previous: PlanRow | null) {
  const grants: [string, number][] = [
    ['sms', plan.included_sms - (previous?.included_sms ?? 0)],
    ['email', plan.included_email - (previous?.included_email ?? 0)],
    ['whatsapp', plan.included_whatsapp - (previous?.included_whatsapp ?? 0)],
  ];
  for (const [channel, amount] of grants) {
    if (amount <= 0) continue;
    await tx.execute(sql`
      insert into credits (account_id, channel, balance) values (${accountId}, ${channel}, ${amount})
      on conflict (account_id, channel) do update set balance = credits.balance + ${amount}, updated_at = now()`);
    await tx.execute(
      sql`insert into credit_ledger (account_id, channel, delta, reason) values (${accountId}, ${channel}, ${amount}, 'plan_grant')`,
    );
  }
}

/**
 * A paid checkout for a plan, applied in the caller's transaction: the invoice (PAID), the
 * subscription change and the included credits. Returns the invoice id.
 */
export async function applyPaidPlan(
  tx: DbOrTx,
  ctx: AppContext,
  input: { accountId: number; planKey: string; interval: BillingInterval; change: 'start' | 'upgrade'; amount: number; paid: number },
  now = new Date(),
): Promise<number> {
  const plan = await getPlan(tx, input.planKey);
  const current = await currentSubscription(tx, input.accountId, true);
  const previous = await planOf(tx, current.plan_key);
  const label = `${plan.name} (${input.interval === 'year' ? 'yearly' : 'monthly'})${input.change === 'upgrade' ? ' — upgrade, prorated' : ''}`;
  const invoice = await createInvoice(tx, ctx.config, {
    accountId: input.accountId,
    lines: [{ description: label, quantity: 1, unitPrice: input.amount }],
    vatBp: plan.vat_bp,
    paid: input.paid,
    issuedAt: now,
    dueAt: now,
  });
  if (input.change === 'start') {
    await tx.execute(sql`update subscriptions set status = 'EXPIRED', end_date = ${now.toISOString()}, updated_at = now()
                          where account_id = ${input.accountId} and id = ${current.id}`);
    await tx.execute(sql`
      insert into subscriptions (account_id, plan_key, interval, status, price, start_date, end_date)
      values (${input.accountId}, ${plan.key}, ${input.interval}, 'ACTIVE', ${priceFor(plan, input.interval)}, ${now.toISOString()},
              ${periodEnd(now, input.interval).toISOString()})`);
    await grantIncluded(tx, input.accountId, plan, null);
  } else {
    await tx.execute(sql`
      update subscriptions set plan_key = ${plan.key}, price = ${priceFor(plan, current.interval)}, next_plan_key = null,
             cancel_at_period_end = false, updated_at = now()
       where account_id = ${input.accountId} and id = ${current.id}`);
    await grantIncluded(tx, input.accountId, plan, previous);
  }
  await tx.execute(sql`update accounts set plan = ${plan.key}, updated_at = now() where id = ${input.accountId}`);
  return invoice.id;
}

/** A cheaper plan from the end of the period (no refund; nothing changes until then). */
export async function scheduleDowngrade(ctx: AppContext, auth: AuthContext, planKey: string): Promise<SubscriptionView> {
  requireOwnerLike(auth);
  await ctx.db.transaction(async (tx) => {
    const current = await currentSubscription(tx, auth.accountId, true);
    const plan = await getPlan(tx, planKey);
    if (current.status !== 'ACTIVE' || !plan.public || plan.key === current.plan_key || priceFor(plan, current.interval) >= current.price) {
      throw new AppError('PLAN_CHANGE_NOT_ALLOWED');
    }
    await tx.execute(sql`update subscriptions set next_plan_key = ${plan.key}, cancel_at_period_end = false, updated_at = now()
                          where account_id = ${auth.accountId} and id = ${current.id}`);
  });
  return subscriptionView(ctx.db, auth.accountId);
}

/** Cancel at the end of the period (or undo it: `cancel` false). */
export async function setCancel(ctx: AppContext, auth: AuthContext, cancel: boolean): Promise<SubscriptionView> {
  requireOwnerLike(auth);
  await ctx.db.transaction(async (tx) => {
    const current = await currentSubscription(tx, auth.accountId, true);
    if (current.status !== 'ACTIVE') throw new AppError('PLAN_CHANGE_NOT_ALLOWED');
    await tx.execute(sql`update subscriptions set cancel_at_period_end = ${cancel}, next_plan_key = null, updated_at = now()
                          where account_id = ${auth.accountId} and id = ${current.id}`);
  });
  return subscriptionView(ctx.db, auth.accountId);
}

/**
 * Period ends up to `now`: a cancelled subscription ends (the account falls back to the free
 * plan); otherwise the next period starts on the next plan (a scheduled downgrade) or the same
 * one, with an unpaid invoice due in BILLING_DUE_DAYS and the period's included credits.
 * Returns how many subscriptions it moved.
 */
export async function renewDue(ctx: AppContext, now = new Date()): Promise<number> {
  const { rows } = await ctx.db.execute<{ id: number; account_id: number }>(
    sql`select id, account_id from subscriptions where status = 'ACTIVE' and end_date <= ${now.toISOString()} order by end_date limit 500`,
  );
  let moved = 0;
  for (const r of rows) {
    await ctx.db.transaction(async (tx) => {
      const s = await currentSubscription(tx, r.account_id, true);
      if (s.id !== r.id || !s.end_date || s.end_date > now) return;
      if (s.cancel_at_period_end) {
        await tx.execute(
          sql`update subscriptions set status = 'CANCELED', updated_at = now() where account_id = ${s.account_id} and id = ${s.id}`,
        );
        await tx.execute(
          sql`insert into subscriptions (account_id, plan_key, status, price, start_date) values (${s.account_id}, 'free', 'TRIAL', 0, ${s.end_date.toISOString()})`,
        );
        await tx.execute(sql`update accounts set plan = 'free', updated_at = now() where id = ${s.account_id}`);
      } else {
        const plan = await getPlan(tx, s.next_plan_key ?? s.plan_key);
        const price = priceFor(plan, s.interval);
        const start = s.end_date;
        await tx.execute(sql`
          update subscriptions set plan_key = ${plan.key}, price = ${price}, start_date = ${start.toISOString()},
                 end_date = ${periodEnd(start, s.interval).toISOString()}, next_plan_key = null, updated_at = now()
           where account_id = ${s.account_id} and id = ${s.id}`);
        await tx.execute(sql`update accounts set plan = ${plan.key}, updated_at = now() where id = ${s.account_id}`);
        await createInvoice(tx, ctx.config, {
          accountId: s.account_id,
          lines: [
            { description: `${plan.name} (${s.interval === 'year' ? 'yearly' : 'monthly'}) — renewal`, quantity: 1, unitPrice: price },
          ],
          vatBp: plan.vat_bp,
          discountBp: s.discount_bp,
          paid: 0,
          issuedAt: start,
        });
        await grantIncluded(tx, s.account_id, plan, null);
      }
      moved += 1;
    });
  }
  return moved;
}
