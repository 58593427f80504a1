/**
 * Dues and payments in SQL. A "payable" is what the reminder and suspension rules look at: each
 * unpaid instalment of an invoice split into dues, or an unpaid invoice that has no dues (its own
 * due date). Reversed and paid invoices owe nothing. Every amount is in minor units.
 */
import type { Due, DueState, Payment } from '@risala/shared/schemas/billing-dues';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface DueRow {
  id: number;
  account_id: number;
  invoice_id: number;
  invoice_number: number;
  seq: number;
  amount: number;
  amount_paid: number;
  currency: string;
  due_at: Date;
  paid_at: Date | null;
}

const date = (v: unknown) => new Date(v as string);

function normaliseDue(r: Record<string, unknown>): DueRow {
  return {
    ...(r as unknown as DueRow),
    amount: Number(r.amount),
    amount_paid: Number(r.amount_paid),
    due_at: date(r.due_at),
    paid_at: r.paid_at ? date(r.paid_at) : null,
  };
}

export function dueState(d: Pick<DueRow, 'amount' | 'amount_paid' | 'due_at'>, now: Date): DueState {
  if (d.amount_paid >= d.amount) return 'paid';
  return d.due_at.getTime() < now.getTime() ? 'overdue' : 'due';
}

export function toDue(d: DueRow, now = new Date()): Due {
  return {
    id: d.id,
    invoice_id: d.invoice_id,
    invoice_number: d.invoice_number,
    seq: d.seq,
    amount: d.amount,
    amount_paid: d.amount_paid,
    remaining_amount: d.amount - d.amount_paid,
    currency: d.currency,
    due_at: d.due_at.toISOString(),
    paid_at: d.paid_at?.toISOString() ?? null,
    state: dueState(d, now),
  };
}

/** The account's dues (of invoices not reversed), by invoice then instalment; one invoice's when given. */
export async function listDues(db: DbOrTx, accountId: number, invoiceId?: number, lock = false): Promise<DueRow[]> {
  const { rows } = await db.execute(sql`
    select d.*, i.number as invoice_number
      from invoice_dues d join invoices i on i.id = d.invoice_id and i.account_id = d.account_id
     where d.account_id = ${accountId} and i.status <> 'REVERSED'
       ${invoiceId ? sql`and d.invoice_id = ${invoiceId}` : sql``}
     order by d.invoice_id desc, d.seq
     limit 500 ${lock ? sql`for update of d` : sql``}`);
  return rows.map(normaliseDue);
}

export async function insertDues(
  tx: DbOrTx,
  accountId: number,
  invoiceId: number,
  currency: string,
  dues: { amount: number; due_at: Date }[],
) {
  const values = dues.map((d, i) => sql`(${accountId}, ${invoiceId}, ${i + 1}, ${d.amount}, ${currency}, ${d.due_at.toISOString()})`);
  await tx.execute(
    sql`insert into invoice_dues (account_id, invoice_id, seq, amount, currency, due_at) values ${sql.join(values, sql`, `)}`,
  );
}

export async function payDue(tx: DbOrTx, accountId: number, dueId: number, amount: number, paidAt: Date) {
  await tx.execute(sql`
    update invoice_dues set amount_paid = amount_paid + ${amount},
           paid_at = case when amount_paid + ${amount} >= amount then ${paidAt.toISOString()}::timestamptz else paid_at end
     where account_id = ${accountId} and id = ${dueId}`);
}

/** An invoice split into dues is OVERDUE from its earliest unpaid due: kept on the invoice for its list and state. */
export async function refreshNextDue(tx: DbOrTx, accountId: number, invoiceId: number) {
  await tx.execute(sql`
    update invoices set next_due_at = (select min(due_at) from invoice_dues
                                        where account_id = ${accountId} and invoice_id = ${invoiceId} and amount_paid < amount)
     where account_id = ${accountId} and id = ${invoiceId}`);
}

export async function insertPayment(
  tx: DbOrTx,
  p: {
    accountId: number;
    invoiceId: number;
    dueId: number | null;
    method: string;
    provider: string;
    reference: string;
    amount: number;
    currency: string;
    operatorId: number | null;
    note: string | null;
    paidAt: Date;
  },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into payments (account_id, invoice_id, due_id, method, provider, provider_ref, amount, currency, recorded_by_operator, note, paid_at)
    values (${p.accountId}, ${p.invoiceId}, ${p.dueId}, ${p.method}, ${p.provider}, ${p.reference}, ${p.amount}, ${p.currency},
            ${p.operatorId}, ${p.note}, ${p.paidAt.toISOString()})
    on conflict (account_id, provider, provider_ref) do nothing
    returning id`);
  return rows[0]?.id ?? 0;
}

/** Payments newest first, in keyset pages (id below the cursor). */
export async function listPayments(db: DbOrTx, accountId: number, limit: number, cursor?: number): Promise<Payment[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select p.id, p.method, p.amount, p.currency, p.invoice_id, i.number as invoice_number, p.due_id, p.provider_ref, p.paid_at,
           p.recorded_by_operator
      from payments p left join invoices i on i.id = p.invoice_id and i.account_id = p.account_id
     where p.account_id = ${accountId} ${cursor ? sql`and p.id < ${cursor}` : sql``}
     order by p.id desc
     limit ${limit}`);
  return rows.map((r) => ({
    id: Number(r.id),
    method: r.method as Payment['method'],
    amount: Number(r.amount),
    currency: String(r.currency),
    invoice_id: r.invoice_id === null ? null : Number(r.invoice_id),
    invoice_number: r.invoice_number === null ? null : Number(r.invoice_number),
    due_id: r.due_id === null ? null : Number(r.due_id),
    reference: String(r.provider_ref),
    paid_at: date(r.paid_at).toISOString(),
    manual: r.recorded_by_operator !== null,
  }));
}

export interface Payable {
  kind: 'due' | 'invoice';
  id: number;
  account_id: number;
  invoice_id: number;
  invoice_number: number;
  remaining: number;
  currency: string;
  due_at: Date;
  reminded_before_at: Date | null;
  reminded_on_at: Date | null;
  overdue_notified_at: Date | null;
}

function normalisePayable(r: Record<string, unknown>): Payable {
  const opt = (v: unknown) => (v ? date(v) : null);
  return {
    kind: r.kind as Payable['kind'],
    id: Number(r.id),
    account_id: Number(r.account_id),
    invoice_id: Number(r.invoice_id),
    invoice_number: Number(r.invoice_number),
    remaining: Number(r.remaining),
    currency: String(r.currency),
    due_at: date(r.due_at),
    reminded_before_at: opt(r.reminded_before_at),
    reminded_on_at: opt(r.reminded_on_at),
    overdue_notified_at: opt(r.overdue_notified_at),
  };
}

/** Unpaid dues and unpaid invoices without dues, due up to `before`; of one account when given. */
export async function payables(db: DbOrTx, before: Date, accountId?: number, limit = 1000): Promise<Payable[]> {
  const acct = (col: string) => (accountId ? sql`and ${sql.raw(col)} = ${accountId}` : sql``);
  const { rows } = await db.execute(sql`
    select * from (
      select 'due' as kind, d.id, d.account_id, d.invoice_id, i.number as invoice_number, d.amount - d.amount_paid as remaining,
             d.currency, d.due_at, d.reminded_before_at, d.reminded_on_at, d.overdue_notified_at
        from invoice_dues d join invoices i on i.id = d.invoice_id and i.account_id = d.account_id
       where d.amount_paid < d.amount and i.status in ('NOT_PAID', 'PARTIALLY_PAID') and d.due_at <= ${before.toISOString()} ${acct('d.account_id')}
      union all
      select 'invoice', i.id, i.account_id, i.id, i.number, i.total_with_vat - i.amount_paid, i.currency, i.due_at,
             i.reminded_before_at, i.reminded_on_at, i.overdue_notified_at
        from invoices i
       where i.kind = 'invoice' and i.status in ('NOT_PAID', 'PARTIALLY_PAID') and i.due_at <= ${before.toISOString()} ${acct('i.account_id')}
         and not exists (select 1 from invoice_dues d where d.account_id = i.account_id and d.invoice_id = i.id)
    ) p order by due_at, account_id limit ${limit}`);
  return rows.map(normalisePayable);
}

/** Marks a reminder sent (`column` is one of the three reminder columns, never user input). */
export async function markReminded(
  tx: DbOrTx,
  p: Pick<Payable, 'kind' | 'id' | 'account_id'>,
  column: 'reminded_before_at' | 'reminded_on_at' | 'overdue_notified_at',
  now: Date,
) {
  const table = p.kind === 'due' ? sql.raw('invoice_dues') : sql.raw('invoices');
  await tx.execute(sql`update ${table} set ${sql.raw(column)} = ${now.toISOString()} where account_id = ${p.account_id} and id = ${p.id}`);
}

/** The account's owners (active): who is told about what the account owes. */
export async function ownersOf(db: DbOrTx, accountId: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select u.id from users u join roles r on r.id = u.role_id and r.account_id = u.account_id
     where u.account_id = ${accountId} and u.status = 'ACTIVE' and r.key = 'owner' order by u.id`);
  return rows.map((r) => r.id);
}

export async function suspendedAt(db: DbOrTx, accountId: number, lock = false): Promise<Date | null> {
  const { rows } = await db.execute<{ billing_suspended_at: string | null }>(
    lock
      ? sql`select billing_suspended_at from accounts where id = ${accountId} for update`
      : sql`select billing_suspended_at from accounts where id = ${accountId}`,
  );
  return rows[0]?.billing_suspended_at ? date(rows[0].billing_suspended_at) : null;
}

export async function setSuspended(tx: DbOrTx, accountId: number, at: Date | null) {
  await tx.execute(
    sql`update accounts set billing_suspended_at = ${at ? at.toISOString() : null}, updated_at = now() where id = ${accountId}`,
  );
}
