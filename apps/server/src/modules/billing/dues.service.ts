/**
 * Payments and dues: money received against an invoice (allocated to its instalments oldest
 * first; PARTIALLY_PAID then PAID follow), instalment plans, the credit note that reverses an
 * invoice, and the account's standing — reminders before and on a due date, OVERDUE the moment a
 * due date passes, sending suspended once a debt stays overdue past the grace, resumed in the
 * transaction that pays it. Every ledger change is in the transaction of its cause.
 */
import type { BillingStanding, InstalmentPlanInput, ManualPaymentInput } from '@risala/shared/schemas/billing-dues';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditActor, audit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import * as repo from './dues.repo.ts';
import { applyPayment, findInvoice, type InvoiceRow, reverseInvoice } from './invoices.service.ts';
import { sarString } from './zatca.ts';

const DAY = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

async function tellOwners(tx: DbOrTx, accountId: number, key: string, params: Record<string, string | number>) {
  for (const userId of await repo.ownersOf(tx, accountId)) await notify(tx, { accountId, userId }, 'billing_due', key, params);
}

export interface PaymentInput {
  accountId: number;
  invoiceId: number;
  dueId?: number;
  method: 'visa' | 'cash' | 'bank_transfer';
  provider: string;
  reference: string;
  amount: number;
  paidAt?: Date;
  operatorId?: number;
  note?: string;
}

/**
 * Money received against an invoice, in the caller's transaction: the payment row, the invoice's
 * paid amount and state, its dues (the named due first, then the oldest), and the suspension lifted
 * when nothing is overdue past the grace any more. Returns the payment id.
 */
export async function recordPayment(tx: DbOrTx, ctx: AppContext, input: PaymentInput): Promise<number> {
  const inv = await findInvoice(tx, input.accountId, input.invoiceId, true);
  if (inv.kind !== 'invoice' || inv.status === 'REVERSED' || inv.status === 'PAID') throw new AppError('INVOICE_STATE_INVALID');
  const remaining = inv.total_with_vat - inv.amount_paid;
  if (input.amount > remaining) {
    throw new AppError('PAYMENT_EXCEEDS_REMAINING', { params: { remaining: sarString(remaining) }, data: { remaining } });
  }
  const dues = (await repo.listDues(tx, input.accountId, inv.id, true)).filter((d) => d.amount_paid < d.amount);
  if (input.dueId && !dues.some((d) => d.id === input.dueId)) throw new AppError('INVOICE_STATE_INVALID');
  const paidAt = input.paidAt ?? new Date();
  const id = await repo.insertPayment(tx, {
    accountId: input.accountId,
    invoiceId: inv.id,
    dueId: input.dueId ?? dues[0]?.id ?? null,
    method: input.method,
    provider: input.provider,
    reference: input.reference,
    amount: input.amount,
    currency: inv.currency,
    operatorId: input.operatorId ?? null,
    note: input.note ?? null,
    paidAt,
  });
  if (!id) throw new AppError('DATA_EXISTS');
  await applyPayment(tx, input.accountId, inv.id, input.amount);
  // the named due first, then the rest oldest first (seq order)
  const order = input.dueId ? [...dues.filter((d) => d.id === input.dueId), ...dues.filter((d) => d.id !== input.dueId)] : dues;
  let left = input.amount;
  for (const d of order) {
    if (left <= 0) break;
    const part = Math.min(left, d.amount - d.amount_paid);
    await repo.payDue(tx, input.accountId, d.id, part, paidAt);
    left -= part;
  }
  if (dues.length) await repo.refreshNextDue(tx, input.accountId, inv.id);
  await liftIfClear(tx, ctx, input.accountId);
  return id;
}

/** An operator's cash or bank-transfer payment, audited in the account's log. */
export async function recordManualPayment(ctx: AppContext, actor: AuditActor, accountId: number, input: ManualPaymentInput, ip: string) {
  return ctx.db.transaction(async (tx) => {
    const id = await recordPayment(tx, ctx, {
      accountId,
      invoiceId: input.invoice_id,
      dueId: input.due_id,
      method: input.method,
      provider: 'manual',
      reference: input.reference,
      amount: input.amount,
      paidAt: input.paid_at ? new Date(input.paid_at) : undefined,
      operatorId: actor.id ?? undefined,
      note: input.note,
    });
    const inv = await findInvoice(tx, accountId, input.invoice_id);
    await audit(tx, {
      accountId,
      actor,
      action: 'payment.recorded',
      target: { type: 'invoice', id: inv.id, label: String(inv.number) },
      ip,
      data: { payment_id: id, method: input.method, amount: input.amount, reference: input.reference, status: inv.status },
    });
    return id;
  });
}

/** Splits what an invoice still owes into instalments (once; the amounts must add up exactly). */
export async function setInstalments(
  ctx: AppContext,
  actor: AuditActor,
  accountId: number,
  invoiceId: number,
  input: InstalmentPlanInput,
  ip: string,
) {
  return ctx.db.transaction(async (tx) => {
    const inv = await findInvoice(tx, accountId, invoiceId, true);
    if (inv.kind !== 'invoice' || (inv.status !== 'NOT_PAID' && inv.status !== 'PARTIALLY_PAID'))
      throw new AppError('INVOICE_STATE_INVALID');
    if ((await repo.listDues(tx, accountId, inv.id)).length) throw new AppError('INVOICE_STATE_INVALID');
    const dues = input.dues.map((d) => ({ amount: d.amount, due_at: new Date(d.due_at) }));
    const sum = dues.reduce((s, d) => s + d.amount, 0);
    const ordered = dues.every((d, i) => i === 0 || d.due_at.getTime() > dues[i - 1].due_at.getTime());
    if (sum !== inv.total_with_vat - inv.amount_paid || !ordered) throw new AppError('INSTALMENTS_INVALID');
    await repo.insertDues(tx, accountId, inv.id, inv.currency, dues);
    await repo.refreshNextDue(tx, accountId, inv.id);
    await audit(tx, {
      accountId,
      actor,
      action: 'invoice.instalments_set',
      target: { type: 'invoice', id: inv.id, label: String(inv.number) },
      ip,
      data: { dues: dues.map((d) => ({ amount: d.amount, due_at: d.due_at.toISOString() })) },
    });
    // a plan that moves the due dates out can end a suspension at once
    await liftIfClear(tx, ctx, accountId);
  });
}

/** Reverses an invoice with a credit note (the original kept, marked REVERSED); audited. */
export async function reverseWithCreditNote(
  ctx: AppContext,
  actor: AuditActor,
  accountId: number,
  invoiceId: number,
  reason: string,
  ip: string,
): Promise<InvoiceRow> {
  return ctx.db.transaction(async (tx) => {
    const note = await reverseInvoice(tx, accountId, invoiceId);
    await tx.execute(sql`update invoices set reversal_reason = ${reason} where account_id = ${accountId} and id = ${invoiceId}`);
    const original = await findInvoice(tx, accountId, invoiceId);
    await audit(tx, {
      accountId,
      actor,
      action: 'invoice.reversed',
      target: { type: 'invoice', id: invoiceId, label: String(original.number) },
      ip,
      data: { credit_note_id: note.id, credit_note_number: note.number, amount: original.total_with_vat, reason },
    });
    await liftIfClear(tx, ctx, accountId);
    return note;
  });
}

/** What the account owes now, what of it is overdue, and whether sending is suspended. */
export async function standing(db: DbOrTx, ctx: AppContext, accountId: number, now = new Date()): Promise<BillingStanding> {
  const all = await repo.payables(db, new Date('9999-12-31T00:00:00Z'), accountId);
  const overdue = all.filter((p) => p.due_at.getTime() < now.getTime());
  const graceMs = ctx.config.billing.suspendGraceDays * DAY;
  const suspended = await repo.suspendedAt(db, accountId);
  return {
    suspended_at: suspended?.toISOString() ?? null,
    outstanding_amount: all.reduce((s, p) => s + p.remaining, 0),
    overdue_amount: overdue.reduce((s, p) => s + p.remaining, 0),
    currency: all[0]?.currency ?? 'SAR',
    next_due_at: all[0]?.due_at.toISOString() ?? null,
    grace_days: ctx.config.billing.suspendGraceDays,
    suspends_at: overdue[0] ? new Date(overdue[0].due_at.getTime() + graceMs).toISOString() : null,
  };
}

/** Sending is refused (BILLING_SUSPENDED) while the account is suspended for billing. */
export async function assertSendingAllowed(db: DbOrTx, accountId: number): Promise<void> {
  const at = await repo.suspendedAt(db, accountId);
  if (at) throw new AppError('BILLING_SUSPENDED', { data: { suspended_at: at.toISOString() } });
}

/** Lifts a billing suspension when nothing is overdue past the grace any more (caller's transaction). */
export async function liftIfClear(tx: DbOrTx, ctx: AppContext, accountId: number, now = new Date()): Promise<boolean> {
  if (!(await repo.suspendedAt(tx, accountId, true))) return false;
  const cutoff = new Date(now.getTime() - ctx.config.billing.suspendGraceDays * DAY);
  if ((await repo.payables(tx, cutoff, accountId, 1)).length) return false;
  await repo.setSuspended(tx, accountId, null);
  await audit(tx, {
    accountId,
    actor: { type: 'system', id: null },
    action: 'billing.resumed',
    target: { type: 'account', id: accountId },
  });
  await tellOwners(tx, accountId, 'billingResumed', {});
  return true;
}

/**
 * The dues job (hourly): reminders BILLING_REMINDER_DAYS before a due date and on its day, an
 * overdue notice once it has passed, and suspension of accounts whose debt is overdue for more
 * than BILLING_SUSPEND_GRACE_DAYS. Each step is its own transaction (a reminder marked sent with
 * the notification it raised). Returns what it did.
 */
export async function duesTick(ctx: AppContext, now = new Date()) {
  const { reminderDays, suspendGraceDays } = ctx.config.billing;
  const done = { reminded: 0, overdue: 0, suspended: 0 };
  const items = await repo.payables(ctx.db, new Date(now.getTime() + reminderDays * DAY));
  for (const p of items) {
    const params = { number: p.invoice_number, amount: sarString(p.remaining), date: day(p.due_at) };
    const past = p.due_at.getTime() < now.getTime();
    const dueDay = now.getTime() >= startOfUtcDay(p.due_at).getTime();
    await ctx.db.transaction(async (tx) => {
      if (past) {
        if (p.overdue_notified_at) return;
        const suspends = day(new Date(p.due_at.getTime() + suspendGraceDays * DAY));
        await tellOwners(tx, p.account_id, 'billingOverdue', { ...params, suspends });
        await repo.markReminded(tx, p, 'overdue_notified_at', now);
        done.overdue += 1;
      } else if (dueDay) {
        if (p.reminded_on_at) return;
        await tellOwners(tx, p.account_id, 'billingDueToday', params);
        await repo.markReminded(tx, p, 'reminded_on_at', now);
        done.reminded += 1;
      } else if (!p.reminded_before_at) {
        await tellOwners(tx, p.account_id, 'billingDueSoon', params);
        await repo.markReminded(tx, p, 'reminded_before_at', now);
        done.reminded += 1;
      }
    });
  }
  const cutoff = new Date(now.getTime() - suspendGraceDays * DAY);
  const late = new Set((await repo.payables(ctx.db, cutoff)).map((p) => p.account_id));
  for (const accountId of late) {
    await ctx.db.transaction(async (tx) => {
      if (await repo.suspendedAt(tx, accountId, true)) return;
      // paid meanwhile (the row lock above orders this against a payment's liftIfClear)
      const still = await repo.payables(tx, cutoff, accountId);
      if (!still.length) return;
      await repo.setSuspended(tx, accountId, now);
      const overdue = still.reduce((s, p) => s + p.remaining, 0);
      await audit(tx, {
        accountId,
        actor: { type: 'system', id: null },
        action: 'billing.suspended',
        target: { type: 'account', id: accountId },
        data: { overdue, grace_days: suspendGraceDays, invoices: [...new Set(still.map((p) => p.invoice_number))] },
      });
      await tellOwners(tx, accountId, 'billingSuspended', { amount: sarString(overdue) });
      done.suspended += 1;
    });
  }
  return done;
}
