/**
 * Checkout: a session at the payment provider for a plan (trial → paid, or an upgrade prorated for
 * the rest of the period), and the provider's signed events applied once each, in one transaction:
 * the event row (its id is the key: a replay inserts nothing and changes nothing), the payment, the
 * invoice, the subscription change and the included credits.
 */
import type { BillingInterval } from '@risala/shared/schemas/billing';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuthContext, requireOwnerLike } from './access.ts';
import { percentOf } from './money.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';
import { applyPaidPlan, quoteChange } from './subscription.service.ts';

export async function startCheckout(
  ctx: AppContext,
  provider: PaymentProvider,
  auth: AuthContext,
  input: { plan_key: string; interval: BillingInterval },
) {
  requireOwnerLike(auth);
  if (provider.name === 'offline') throw new AppError('CHECKOUT_UNAVAILABLE');
  const quote = await quoteChange(ctx.db, auth.accountId, input.plan_key, input.interval);
  const vat = percentOf(quote.amount, quote.plan.vat_bp);
  const interval = quote.change === 'upgrade' ? quote.current.interval : input.interval;
  const { rows } = await ctx.db.execute<{ email: string }>(
    sql`select email from users where id = ${auth.userId} and account_id = ${auth.accountId}`,
  );
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  let session: Awaited<ReturnType<PaymentProvider['createCheckoutSession']>>;
  try {
    session = await provider.createCheckoutSession({
      accountId: auth.accountId,
      userId: auth.userId,
      email: rows[0]?.email ?? null,
      currency: quote.plan.currency,
      lines: [
        { name: `${quote.plan.name}${quote.change === 'upgrade' ? ' (upgrade, prorated)' : ''}`, amount: quote.amount, quantity: 1 },
        { name: `VAT ${quote.plan.vat_bp / 100}%`, amount: vat, quantity: 1 },
      ].filter((l) => l.amount > 0),
      metadata: {
        account_id: String(auth.accountId),
        kind: 'plan',
        plan_key: quote.plan.key,
        interval,
        change: quote.change,
      },
      successUrl: `${base}/billing/invoices?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/subscriptionplan?checkout=cancelled`,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log.warn({ err }, 'checkout session could not be created');
    throw new AppError('CHECKOUT_UNAVAILABLE');
  }
  await ctx.db.execute(sql`
    insert into checkout_sessions (id, account_id, user_id, provider, kind, plan_key, interval, amount, vat_amount, currency, url)
    values (${session.id}, ${auth.accountId}, ${auth.userId}, ${provider.name}, 'plan', ${quote.plan.key}, ${interval},
            ${quote.amount}, ${vat}, ${quote.plan.currency}, ${session.url})`);
  return { id: session.id, url: session.url, amount: quote.amount + vat, vat_amount: vat, currency: quote.plan.currency };
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Applies a verified provider event exactly once. */
export async function applyPaymentEvent(ctx: AppContext, provider: PaymentProvider, event: PaymentEvent): Promise<EventOutcome> {
  return ctx.db.transaction(async (tx) => {
    const { rows: fresh } = await tx.execute(sql`
      insert into payment_events (provider, event_id, type, payload) values (${provider.name}, ${event.id}, ${event.type}, ${JSON.stringify(event.raw)}::jsonb)
      on conflict do nothing returning event_id`);
    if (!fresh[0]) return 'duplicate';
    const s = event.session;
    const accountId = Number(s?.metadata.account_id);
    if (!s || !Number.isInteger(accountId)) return 'ignored';
    const { rows } = await tx.execute<{
      status: string;
      plan_key: string;
      interval: BillingInterval;
      amount: string;
      vat_amount: string;
      currency: string;
    }>(
      sql`select status, plan_key, interval, amount, vat_amount, currency from checkout_sessions where id = ${s.id} and account_id = ${accountId} for update`,
    );
    const cs = rows[0];
    if (!cs) return 'ignored';
    if (event.type === 'checkout.session.expired') {
      if (cs.status === 'open')
        await tx.execute(sql`update checkout_sessions set status = 'expired' where id = ${s.id} and account_id = ${accountId}`);
      return 'applied';
    }
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return 'ignored';
    if (!s.paid || cs.status === 'complete') return 'ignored';
    const expected = Number(cs.amount) + Number(cs.vat_amount);
    if (s.amountTotal !== expected || s.currency !== cs.currency) {
      ctx.log.error({ session: s.id, expected, got: s.amountTotal }, 'checkout paid an amount other than the quote: not applied');
      return 'ignored';
    }
    const invoiceId = await applyPaidPlan(tx, ctx, {
      accountId,
      planKey: cs.plan_key,
      interval: cs.interval,
      change: (s.metadata.change as 'start' | 'upgrade') ?? 'start',
      amount: Number(cs.amount),
      paid: expected,
    });
    await tx.execute(sql`
      insert into payments (account_id, invoice_id, method, provider, provider_ref, amount, currency)
      values (${accountId}, ${invoiceId}, 'visa', ${provider.name}, ${s.id}, ${expected}, ${cs.currency})`);
    await tx.execute(
      sql`update checkout_sessions set status = 'complete', completed_at = now() where id = ${s.id} and account_id = ${accountId}`,
    );
    return 'applied';
  });
}
